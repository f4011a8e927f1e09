// The applicant's e-mails about their pratica (praticaMessageForApplicant): one for each conclusion
// and each request of the office, in the applicant's language (both when it is unknown), built from
// a pratica the lifecycle machine itself moved, with the office's note and the days that matter; no
// message where the change tells the applicant nothing, or there is no address.
import { describe, expect, it } from 'vitest';
import { decide, startPratica, type PersistedPratica, type PraticaCommand } from '#machines/pratica/decide.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { PraticaRole, PraticaState, REGIME_DEFAULTS, type PraticaActor, type Regime } from '#shared/pratica.ts';
import { praticaMessageForApplicant } from '#server/services/notifications/messages.ts';

const PORTAL = 'https://suap.example.org';
const giulia: PraticaActor = { role: PraticaRole.APPLICANT, userId: 2 };
const anna: PraticaActor = { role: PraticaRole.BO_ADMIN, userId: 3 };
const clerk: PraticaActor = { role: PraticaRole.CLERK, userId: 6, officeIds: [11] };
const clock: PraticaActor = { role: 'clock', userId: null };
const SENT = '2026-03-02T09:00:00.000Z'; // a Monday

/** Giulia's pratica of `regime`, sent on 2 March 2026 and moved by `steps`; the last change is returned with it. */
function walked(regime: Regime, ...steps: Array<[Omit<PraticaCommand, 'at'> & { at?: string }, PraticaActor]>) {
  let stored: PersistedPratica = startPratica({ regime, times: REGIME_DEFAULTS[regime], applicantId: 2, officeId: 11 });
  let change = { event: 'SEND', to: 1, note: null as string | null };
  for (const [command, actor] of [[{ type: 'SEND', at: SENT }, giulia] as const, ...steps]) {
    const decision = decide(stored, { at: '2026-03-04T10:00:00.000Z', ...command } as PraticaCommand, actor);
    if (!decision.ok) throw new Error(decision.reason);
    stored = decision.next;
    change = { event: decision.history.event, to: decision.history.to, note: decision.history.note };
  }
  const request = {
    requestId: 812,
    version: 3,
    typeOfService: { typeOfServiceId: 1, nameIt: '', nameEn: '', descriptionIt: '', descriptionEn: '' },
    stateOfRequest: { stateOfRequestId: stored.state, descriptionIt: '', descriptionEn: '' },
    ssuState: null,
    pratica: stored.context,
    user: { userId: 2, firstName: 'Giulia', lastName: 'Bianchi', fiscalCode: 'BNCGLI85M41F205B', profile: { profileId: 1 } },
    suap: { suapId: 11, name: 'SUAP Comune di Milano', pec: 'suap@pec.comune.milano.it', type: 'INT', url: null },
    procedureNotification: { type: 1, value: 'giulia.bianchi@example.org' },
    iniziative: {
      iniziativeId: 5,
      code: 'AVV-SOM-001',
      descriptionIt: '',
      descriptionEn: '',
      activityIt: 'Bar e ristorante',
      activityEn: 'Bar and restaurant',
      areaIt: '',
      areaEn: '',
      typeIniziativeId: 1,
    },
    updatedOn: SENT,
  } satisfies SuapRequest;
  return { request, change };
}

const message = (walk: ReturnType<typeof walked>, language: 'it' | 'en' | null) => praticaMessageForApplicant(walk.request, walk.change, PORTAL, language)!;

describe('the applicant’s e-mails about their pratica', () => {
  it('asks for an integration: what is needed, the day to answer by, where to send it, in Italian', () => {
    const walk = walked(
      'AUTORIZZAZIONE',
      [{ type: 'TAKE_IN_CHARGE' }, clerk],
      [{ type: 'REQUEST_INTEGRATION', note: 'La planimetria firmata dal tecnico.' }, clerk],
    );
    expect(walk.request.stateOfRequest.stateOfRequestId).toBe(PraticaState.INTEGRATION_REQUESTED);
    const mail = message(walk, 'it');
    expect(mail.kind).toBe('pratica-request');
    expect(mail.to).toBe('giulia.bianchi@example.org');
    // Asked on Wednesday 4 March: 15 days, Thursday 19 March.
    expect(mail.subject).toBe('Pratica n. 812: integrazione richiesta, rispondere entro il 19/03/2026');
    expect(mail.text).toContain('Gentile Giulia Bianchi,');
    expect(mail.text).toContain('SUAP Comune di Milano le chiede un’integrazione della sua pratica n. 812 (Bar e ristorante).');
    expect(mail.text).toContain('Cosa serve: La planimetria firmata dal tecnico.');
    expect(mail.text).toContain('Risponda entro il 19/03/2026');
    expect(mail.text).toContain('suap@pec.comune.milano.it');
    expect(mail.text).toContain(`${PORTAL}/private-area/request-details?requestId=812`);
    expect(mail.text).not.toMatch(/Dear|integration/);
  });

  it('asks for a correction, saying the term stands still, in English', () => {
    const mail = message(walked('SCIA', [{ type: 'REQUEST_CORRECTION', note: 'The form is not signed.' }, anna]), 'en');
    expect(mail.kind).toBe('pratica-request');
    expect(mail.subject).toBe('Pratica no. 812: correction requested');
    expect(mail.text).toContain('Dear Giulia Bianchi,');
    expect(mail.text).toContain('What is needed: The form is not signed.');
    expect(mail.text).toContain('The proceeding’s term stands still until you answer.');
    expect(mail.text).toContain('requestId=812&lang=en');
    expect(mail.text).not.toContain('Gentile');
  });

  it('tells each conclusion in its own words, with the office’s reason', () => {
    const cases: Array<[ReturnType<typeof walked>, string, string]> = [
      [
        walked('SCIA', [{ type: 'CONCLUDE_POSITIVE', note: 'Requisiti verificati.' }, anna]),
        'Pratica n. 812: conclusa con esito positivo',
        'Motivazione: Requisiti verificati.',
      ],
      [
        walked('SCIA', [{ type: 'CONCLUDE_NEGATIVE', note: 'Locali non idonei.' }, anna]),
        'Pratica n. 812: conclusa con esito negativo',
        'Motivazione: Locali non idonei.',
      ],
      [
        walked('SCIA', [{ type: 'REFUSE', note: 'Sportello non competente.' }, anna]),
        'Pratica n. 812: dichiarata irricevibile',
        'Motivazione: Sportello non competente.',
      ],
      [
        walked('SCIA', [{ type: 'ORDER_SUSPENSION', note: 'Manca il requisito professionale.' }, anna]),
        'Pratica n. 812: ordinata la sospensione dell’attività',
        'l’attività non può proseguire',
      ],
      [
        walked('SCIA', [{ type: 'ORDER_CONFORMATION', note: 'Adeguare l’impianto entro 30 giorni.' }, anna]),
        'Pratica n. 812: l’attività va conformata',
        'Cosa fare: Adeguare l’impianto entro 30 giorni.',
      ],
      [walked('SCIA', [{ type: 'WITHDRAW', note: 'Ho cambiato sede.' }, giulia]), 'Pratica n. 812: ritirata', 'ritirata il 04/03/2026, come da lei richiesto'],
      [
        walked(
          'AUTORIZZAZIONE',
          [{ type: 'REQUEST_INTEGRATION', note: 'La planimetria.' }, anna],
          [{ type: 'CLOCK_INTEGRATION_OVERDUE', at: '2026-03-21T01:00:00.000Z' }, clock],
        ),
        'Pratica n. 812: chiusa, l’integrazione non è arrivata in tempo',
        'andava inviata entro il 19/03/2026 e non è pervenuta',
      ],
      // SCIA: 60 days from 2 March end on Friday 1 May, a holiday: due Saturday 2 May; it stands from the 3rd.
      [walked('SCIA', [{ type: 'CLOCK_TERM_ELAPSED', at: '2026-05-03T01:00:00.000Z' }, clock]), 'Pratica n. 812: la SCIA resta efficace', 'i 60 giorni in cui'],
      [
        walked('SILENZIO-ASSENSO', [{ type: 'CLOCK_TERM_ELAPSED', at: '2026-04-03T01:00:00.000Z' }, clock]),
        'Pratica n. 812: domanda accolta per silenzio-assenso',
        'accolta per silenzio-assenso dal 02/04/2026',
      ],
    ];
    for (const [walk, subject, words] of cases) {
      const mail = message(walk, 'it');
      expect(mail.kind, subject).toBe('pratica-conclusion');
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(words);
    }
    const states = cases.map(([walk]) => walk.request.stateOfRequest.stateOfRequestId).sort((a, b) => a - b);
    expect(states).toEqual([4, 5, 8, 11, 12, 13, 14, 14, 15]);
  });

  it('tells a COMUNICAZIONE accepted on receipt that the activity may start', () => {
    const mail = message(walked('COMUNICAZIONE'), 'en');
    expect(mail.subject).toBe('Pratica no. 812: notification received');
    expect(mail.text).toContain('received by SUAP Comune di Milano on 02/03/2026');
    expect(mail.text).toContain('the activity may start on the day of receipt');
  });

  it('writes both languages when the applicant’s is unknown', () => {
    const mail = message(walked('SCIA', [{ type: 'WITHDRAW' }, giulia]), null);
    expect(mail.subject).toBe('Pratica n. 812: ritirata / Pratica no. 812: withdrawn');
    expect(mail.text.indexOf('Gentile')).toBeLessThan(mail.text.indexOf('Dear'));
  });

  it('writes nothing for what tells the applicant nothing, or without an address', () => {
    const none = (walk: ReturnType<typeof walked>) => praticaMessageForApplicant(walk.request, walk.change, PORTAL, 'it');
    expect(none(walked('SCIA', [{ type: 'TAKE_IN_CHARGE' }, clerk]))).toBeNull();
    expect(none(walked('SCIA', [{ type: 'PROPOSE_OUTCOME', outcome: 'positive' } as never, anna]))).toBeNull();
    // An AUTORIZZAZIONE past its due day is only flagged late: it stays open.
    expect(none(walked('AUTORIZZAZIONE', [{ type: 'CLOCK_TERM_ELAPSED', at: '2026-04-03T01:00:00.000Z' }, clock]))).toBeNull();
    const answered = walked('SCIA', [{ type: 'REQUEST_CORRECTION', note: 'Firma.' }, anna], [{ type: 'RECORD_ANSWER', note: 'Via PEC.' }, anna]);
    expect(none(answered)).toBeNull();
    const accepted = walked('SCIA', [{ type: 'CONCLUDE_POSITIVE', note: 'Ok.' }, anna]);
    expect(praticaMessageForApplicant({ ...accepted.request, procedureNotification: null }, accepted.change, PORTAL, 'it')).toBeNull();
  });
});
