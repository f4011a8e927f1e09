import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { HistoryEntry, RequestListResponse, SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { EMPTY_VALUE } from '#shared/empty-value.ts';
import { decide, startPratica, type PersistedPratica, type PraticaCommand } from '#machines/pratica/decide.ts';
import { PraticaRole, PraticaState, REGIME_DEFAULTS, SSU_STATE, type PraticaActor } from '#shared/pratica.ts';
import { REQUEST_STATES } from '#server/db/seed/reference.ts';
import { renderRecap } from '#server/services/pdf/recap.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';

/** pdftotext from Debian's poppler-utils: what a screen reader or a search engine would read. */
function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `recap-${process.pid}-${Math.random()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe.each(testDatabases())('PDF recap on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let sent: SuapRequest;
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const [who, code] of [
      ['giulia', 'BNCGLI85M41F205B'],
      ['mario', 'RSSMRA80A01H501U'],
    ] as const) {
      token[who] = (await signIn(t.app, BASE, 'FO', who)).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${code}`, headers: { authorization: `Bearer ${token[who]}` } });
    }
    token.luca = (await signIn(t.app, BASE, 'BO', 'luca')).access_token;
    const list = (
      await t.app.inject({ url: `/api${ApiPaths.requestList}`, headers: { authorization: `Bearer ${token.giulia}` } })
    ).json() as RequestListResponse;
    sent = list.requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.REJECTED)!;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const get = (url: string, who: string | null, lang = 'it') =>
    t.app.inject({ url: `/api${url}?lang=${lang}`, headers: who ? { authorization: `Bearer ${token[who]}` } : {} });

  it('gives the owner a real-text PDF with the request number, office and initiative', async () => {
    const response = await get(apiPath('requestPdf', { id: sent.requestId }), 'giulia');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="riepilogo-richiesta-${sent.requestId}.pdf"; filename*=UTF-8''riepilogo-richiesta-${sent.requestId}.pdf`,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Riepilogo della richiesta n. ${sent.requestId}`);
    expect(text).toContain(sent.suap!.name);
    expect(text).toContain(sent.iniziative!.activityIt);
    // Where the business will be: the municipality of the activity and the business's address in it.
    expect(text).toContain('Comune dell’attività: Milano (MI)');
    expect(text).toContain('Indirizzo dell’attività: Corso Buenos Aires 20, 20124 Milano');
    expect(text).toContain('Motivazione');
    // A value nobody gave is the portal's one empty value, as on the screens…
    expect(text).toMatch(new RegExp(`Telefono: ${EMPTY_VALUE}\\s*$`, 'm'));
    expect(text).toMatch(new RegExp(`CAP: ${EMPTY_VALUE}\\s*$`, 'm'));
    expect(text).not.toMatch(/non indicat/i);
    // …and assistive technology reads words for it (the paragraph's ActualText).
    expect(response.rawPayload.toString('latin1')).toContain('/ActualText (Telefono: dato non indicato)');
    // Staff appear to the citizen by role only; each entry says the states it moved between and its note
    // (the seeded history predates events: its entries are told by their states).
    expect(text.replace(/\s+/g, ' ')).toContain('passata da Inviata a Rifiutata. Chi: Amministratore. Motivazione: Manca la planimetria dei locali.');
    expect(text).toContain('Regime: ');
    expect(text).not.toContain('Anna Verdi');
  });

  it('is tagged: structure tree, marked content, document language and displayed title', async () => {
    const response = await get(apiPath('requestPdf', { id: sent.requestId }), 'giulia');
    const raw = response.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(raw).toMatch(/\/Marked true/);
    expect(raw).toMatch(/\/Lang \(it-IT\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw).toContain('pdfuaid:part');
    const info = execFileSync('pdfinfo', ['-'], { input: response.rawPayload, encoding: 'utf8' });
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(new RegExp(`Title:\\s+Riepilogo della richiesta ${sent.requestId}`));
  });

  it('speaks the reader’s language', async () => {
    const response = await get(apiPath('requestPdf', { id: sent.requestId }), 'giulia', 'en');
    expect(response.headers['content-disposition']).toContain(`request-recap-${sent.requestId}.pdf`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Request recap n. ${sent.requestId}`);
    expect(text).toContain(sent.iniziative!.activityEn);
    expect(text).toMatch(new RegExp(`Telephone: ${EMPTY_VALUE}\\s*$`, 'm'));
    expect(response.rawPayload.toString('latin1')).toContain('/ActualText (Telephone: not provided)');
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Lang \(en-GB\)/);
  });

  it('is refused to another citizen (404, as if missing) and, on the back-office path, to anyone without a staff token', async () => {
    expect((await get(apiPath('requestPdf', { id: sent.requestId }), 'mario')).statusCode).toBe(404);
    expect((await get(apiPath('requestPdf', { id: sent.requestId }), null)).statusCode).toBe(401);
    expect((await get(apiPath('boRequestPdf', { id: sent.requestId }), null)).statusCode).toBe(401);
    expect((await get(apiPath('boRequestPdf', { id: sent.requestId }), 'giulia')).statusCode).toBe(401);
    expect((await get(apiPath('requestPdf', { id: 99999999 }), 'giulia')).json()).toMatchObject({ code: 404 });
  });

  it('gives staff the recap with the names of who acted', async () => {
    const response = await get(apiPath('boRequestPdf', { id: sent.requestId }), 'luca');
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('Giulia Bianchi');
  });
});

// The history of a pratica the lifecycle machine moved, as the recap tells it: each event in the
// details pages' words, who acted by role (the clock as the system; names only on the office's
// copy, an assignment's colleague too), the states it moved between, and what its note is.
describe('PDF recap of a pratica', () => {
  const anna = { role: PraticaRole.BO_ADMIN, userId: 3, officeIds: [11] } as PraticaActor;
  const chiara = { role: PraticaRole.CLERK, userId: 6, officeIds: [11] } as PraticaActor;
  const giulia = { role: PraticaRole.APPLICANT, userId: 2 } as PraticaActor;
  const names: Record<number, string> = { 2: 'Giulia Bianchi', 3: 'Anna Verdi', 6: 'Chiara Russo' };
  const profileOf = (actor: PraticaActor) => (actor.role === 'clock' ? null : actor.role);

  function walked(steps: Array<[PraticaCommand, PraticaActor]>) {
    let stored: PersistedPratica = startPratica({ regime: 'AUTORIZZAZIONE', times: REGIME_DEFAULTS.AUTORIZZAZIONE, applicantId: 2, officeId: 11 });
    const history: HistoryEntry[] = [];
    for (const [command, actor] of steps) {
      const decision = decide(stored, command, actor);
      if (!decision.ok) throw new Error(decision.reason);
      stored = decision.next;
      history.push({
        fromState: decision.history.from,
        toState: decision.history.to,
        at: decision.history.at,
        actorProfileId: profileOf(actor),
        actorName: actor.userId === null ? null : names[actor.userId]!,
        reason: decision.history.note,
        event: decision.history.event,
        assigneeName: command.type === 'ASSIGN' ? 'Chiara Russo' : null,
      });
    }
    const state = REQUEST_STATES.find((row) => row.state_of_request_id === stored.state)!;
    const request: SuapRequest = {
      requestId: 812,
      version: history.length + 1,
      typeOfService: { typeOfServiceId: 1, nameIt: 'Avvio di impresa', nameEn: 'Business startup', descriptionIt: '', descriptionEn: '' },
      stateOfRequest: { stateOfRequestId: stored.state, descriptionIt: state.description_it, descriptionEn: state.description_en },
      ssuState: SSU_STATE[stored.state],
      pratica: stored.context,
      user: { userId: 2, firstName: 'Giulia', lastName: 'Bianchi', fiscalCode: 'BNCGLI85M41F205B', profile: { profileId: 1 } },
      updatedOn: history.at(-1)!.at,
      history,
    };
    return request;
  }

  const request = walked([
    [{ type: 'SEND', at: '2026-03-02T09:00:00.000Z' }, giulia],
    [{ type: 'ASSIGN', at: '2026-03-03T09:00:00.000Z', assignee: chiara }, anna],
    [{ type: 'REQUEST_INTEGRATION', at: '2026-03-04T09:00:00.000Z', note: 'La planimetria firmata dal tecnico.' }, chiara],
    [
      { type: 'CLOCK_INTEGRATION_OVERDUE', at: '2026-03-21T02:00:00.000Z' },
      { role: 'clock', userId: null },
    ],
  ]);

  const render = async (language: 'it' | 'en', forStaff: boolean) =>
    pdfText(await renderRecap(request, { language, administrationName: 'Comune di Esempio', forStaff }));

  it('tells the applicant each event by role, the states it moved between and what was asked', async () => {
    expect(request.stateOfRequest.stateOfRequestId).toBe(PraticaState.INTEGRATION_EXPIRED);
    const text = (await render('it', false)).replace(/\s+/g, ' ');
    expect(text).toContain('Pratica inviata: passata da In bozza a Inviata. Chi: Richiedente.');
    expect(text).toContain('Assegnata a un istruttore: lo stato resta Inviata. Chi: Amministratore.');
    expect(text).toContain(
      'Integrazione richiesta: passata da Inviata a Integrazione richiesta. Chi: Istruttore. Cosa serve: La planimetria firmata dal tecnico.',
    );
    expect(text).toContain(
      'Chiusa per integrazione non pervenuta nei termini (orologio del sistema): passata da Integrazione richiesta a Chiusa per integrazione non pervenuta. Chi: Sistema.',
    );
    expect(text).toContain('Regime: Autorizzazione: l’attività può iniziare solo dopo il provvedimento dello sportello, atteso entro 30 giorni');
    expect(text).toContain('Ricevuta il: 02/03/2026');
    // Concluded by the clock the day after the answer's due day (Thursday 19 March).
    expect(text).toContain('Pratica conclusa il: 20/03/2026');
    for (const name of ['Anna Verdi', 'Chiara Russo', 'Giulia Bianchi']) expect(text).not.toContain(name);
  });

  it('names who acted, and the colleague assigned, on the office’s copy; the clock stays the system', async () => {
    const text = (await render('it', true)).replace(/\s+/g, ' ');
    expect(text).toContain('Assegnata a Chiara Russo: lo stato resta Inviata. Chi: Anna Verdi (Amministratore).');
    expect(text).toContain('Chi: Chiara Russo (Istruttore). Cosa serve:');
    expect(text).toContain('Chi: Giulia Bianchi (Richiedente).');
    expect(text).toContain('(orologio del sistema): passata da Integrazione richiesta a Chiusa per integrazione non pervenuta. Chi: Sistema.');
  });

  it('speaks English', async () => {
    const text = (await render('en', false)).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Integration requested: moved from Sent to Integration requested. By: Clerk in charge. What is needed: La planimetria firmata dal tecnico.',
    );
    expect(text).toContain(
      'Closed: the integration did not arrive in time (system clock): moved from Integration requested to Closed, integration overdue. By: System.',
    );
  });
});
