// The citizen's details page of a pratica (docs/architecture.md "The pratica's lifecycle"): its
// state's badge, the regime in plain words, the receipt day, the stopped term and the day to answer
// an integration by; the office's request on top, with what is needed; the history by role, the
// clock as the system; and "Ritira la pratica" where the lifecycle machine allows it, through a
// confirmation dialog that keeps focus (inside while open, back on the button when cancelled, on the
// outcome once withdrawn) and says why when the server refuses. The mocked pratiche are moved by
// the lifecycle machine itself (mocks/fixtures/pratica.ts), like the server's.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { decide } from '#machines/pratica/decide.ts';
import { demoStaff, mockStore } from '#mocks/fixtures/back-office.ts';
import { anna, chiara, mario } from '#mocks/fixtures/identities.ts';
import { daysBeforeNow, movePratica, persistedOf, sentPratica, stateOfRequest } from '#mocks/fixtures/pratica.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { formatCalendarDay, officeToday } from '#shared/dates.ts';
import { PraticaState, ssuStateOf } from '#shared/pratica.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { SLOW, useListsMockApi } from './support.ts';

beforeEach(() => {
  useListsMockApi();
});

const stored = (requestId: number) => mockStore.requests.find((request) => request.requestId === requestId)!;
const staff = () => demoStaff().map((record) => record.user);
const ASKED = 'La planimetria dei locali firmata da un tecnico abilitato.';

function move(requestId: number, command: Parameters<typeof movePratica>[1], by = anna, assignee?: typeof chiara) {
  const decision = movePratica(stored(requestId), command, { by, staff: staff(), ...(assignee ? { assignee } : {}) });
  if (!decision.ok) throw new Error(decision.reason);
}

async function openDetails(requestId: number, lang = '') {
  storeSession('mario');
  const view = renderApp(`/private-area/request-details?requestId=${requestId}${lang}`);
  await screen.findByRole('heading', { level: 1, name: lang ? `Request no. ${requestId}` : `Richiesta n. ${requestId}` }, SLOW);
  return view;
}

const part = (name: string) => screen.getByRole('region', { name });
const valueOf = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const withdrawButton = () => screen.findByRole('button', { name: 'Ritira la pratica' }, SLOW);

describe('a pratica on the citizen’s details page', () => {
  it('shows an integration the office asked for: what is needed, the day to answer by, the stopped term, and who acted by role', async () => {
    move(102, { type: 'TAKE_IN_CHARGE', at: daysBeforeNow(4) }, chiara);
    move(102, { type: 'REQUEST_INTEGRATION', at: daysBeforeNow(3), note: ASKED }, chiara);
    const pratica = stored(102).pratica!;
    await openDetails(102);

    const request = part('Dati della richiesta');
    const badge = within(request).getByText('Integrazione richiesta', { selector: '.badge' });
    expect(badge.getAttribute('data-state-family')).toBe('awaiting-applicant');
    expect(valueOf(request, 'Regime')).toMatch(
      /^SCIA \(segnalazione certificata di inizio attività\): l’attività può iniziare dal giorno del ricevimento; lo sportello ha 60 giorni/,
    );
    expect(valueOf(request, 'Ricevuta il')).toBe(formatCalendarDay(pratica.receivedOn));
    expect(valueOf(request, 'Termine sospeso dal')).toBe(`${formatCalendarDay(pratica.suspendedSince)} (restavano ${pratica.daysLeftWhenSuspended} giorni)`);
    expect(valueOf(request, 'Rispondi entro il')).toBe(formatCalendarDay(pratica.integrationDueOn));
    // While the term stands still there is no due day to show.
    expect(within(request).queryByText('Da concludere entro il')).toBeNull();

    const notice = part('Lo sportello ti chiede qualcosa');
    expect(
      within(notice).getByText(`Lo sportello ti ha chiesto un’integrazione: rispondi entro il ${formatCalendarDay(pratica.integrationDueOn)}.`, {
        exact: false,
      }),
    ).toBeTruthy();
    expect(within(notice).getByText(`Cosa serve: ${ASKED}`)).toBeTruthy();
    expect(within(notice).getByText(/suap@pec\.comune\.milano\.it/)).toBeTruthy();

    const history = part('Storico della richiesta');
    expect(within(history).getByText('Presa in carico', { selector: 'strong' })).toBeTruthy();
    expect(within(history).getByText('Integrazione richiesta', { selector: 'strong' })).toBeTruthy();
    expect(within(history).getAllByText('Dallo sportello (istruttore)')).toHaveLength(2);
    expect(within(history).getByText(`Cosa serve: ${ASKED}`)).toBeTruthy();
    expect(within(history).queryByText(/Chiara Russo/)).toBeNull();
    // An integration asked does not end the pratica: it may still be withdrawn.
    expect(await withdrawButton()).toBeTruthy();
  });

  it('tells a pratica concluded by elapsed time as the system’s doing, with the day it ended and no withdrawal', async () => {
    const request = stored(107);
    const silent = sentPratica('SILENZIO-ASSENSO', mario, request.suap!.suapId, daysBeforeNow(40));
    const elapsed = decide(silent, { type: 'CLOCK_TERM_ELAPSED', at: daysBeforeNow(5) }, { role: 'clock', userId: null });
    if (!elapsed.ok) throw new Error(elapsed.reason);
    const entry = {
      fromState: elapsed.history.from,
      toState: elapsed.history.to,
      at: elapsed.history.at,
      actorProfileId: null,
      actorName: null,
      reason: null,
      event: 'CLOCK_TERM_ELAPSED',
    };
    Object.assign(request, {
      stateOfRequest: stateOfRequest(elapsed.next.state),
      ssuState: ssuStateOf(elapsed.next.state),
      pratica: elapsed.next.context,
      version: request.version + 1,
      history: [...(request.history ?? []), entry],
    } satisfies Partial<SuapRequest>);
    await openDetails(107);

    const details = part('Dati della richiesta');
    const badge = within(details).getByText('Conclusa per decorso dei termini', { selector: '.badge' });
    expect(badge.getAttribute('data-state-family')).toBe('ended-by-time-or-withdrawal');
    expect(valueOf(details, 'Regime')).toBe('Silenzio-assenso: se lo sportello non decide entro 30 giorni dal ricevimento, la domanda è accolta.');
    expect(valueOf(details, 'Conclusa il')).toBe(formatCalendarDay(elapsed.next.context.concludedOn));
    const history = part('Storico della richiesta');
    expect(within(history).getByText('Concluso per decorso dei termini (orologio del sistema)')).toBeTruthy();
    expect(within(history).getByText('Dal sistema')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ritira la pratica' })).toBeNull();
  });

  it('offers no withdrawal on a draft or a pratica already concluded', async () => {
    const view = await openDetails(101);
    expect(screen.getByRole('link', { name: 'Riprendi' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ritira la pratica' })).toBeNull();
    view.unmount();
    await openDetails(103);
    expect(within(part('Dati della richiesta')).getByText('Accettata', { selector: '.badge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ritira la pratica' })).toBeNull();
  });
});

describe('the same history on the desk', () => {
  it('names who acted and the colleague assigned, where the citizen reads roles only', async () => {
    move(102, { type: 'ASSIGN', at: daysBeforeNow(4) } as Parameters<typeof movePratica>[1], anna, chiara);
    expect(stored(102).history!.at(-1)).toMatchObject({ event: 'ASSIGN', assigneeName: 'Chiara Russo' });
    storeSession('anna');
    renderApp('/back-office/requests/102');
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 102' }, SLOW);
    const desk = part('Storico della richiesta');
    expect(within(desk).getByText('Assegnata a Chiara Russo', { selector: 'strong' })).toBeTruthy();
    expect(within(desk).getByText('Anna Verdi (Amministratore)')).toBeTruthy();
  });

  it('tells the citizen the assignment without the colleague’s name', async () => {
    // Even where an answer carried the colleague's name, the citizen's page does not say it.
    move(102, { type: 'ASSIGN', at: daysBeforeNow(4) } as Parameters<typeof movePratica>[1], anna, chiara);
    await openDetails(102);
    const history = part('Storico della richiesta');
    expect(within(history).getByText('Assegnata a un istruttore', { selector: 'strong' })).toBeTruthy();
    expect(within(history).getByText('Dallo sportello (amministratore)')).toBeTruthy();
    expect(within(history).queryByText(/Chiara Russo|Anna Verdi/)).toBeNull();
  });
});

describe('withdrawing a pratica', () => {
  it('asks first, keeps the note to its rule, then withdraws with the version on screen and puts focus on the outcome', async () => {
    const version = stored(102).version;
    const { user } = await openDetails(102);
    await user.click(await withdrawButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Vuoi ritirare la pratica n. 102?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(within(dialog).getByText(/Lo sportello smetterà di esaminarla/)).toBeTruthy();
    const note = within(dialog).getByRole('textbox', { name: 'Motivo, per lo sportello (facoltativo)' });
    await user.type(note, 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Sì, ritira la pratica' }));
    expect(await within(dialog).findByText('Scrivi almeno 3 caratteri, oppure lascia il campo vuoto.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(stored(102).stateOfRequest.stateOfRequestId).toBe(PraticaState.PRESENTED);
    await user.clear(note);
    await user.type(note, 'Ho trovato un altro locale.');
    await user.click(within(dialog).getByRole('button', { name: 'Sì, ritira la pratica' }));

    const said = await screen.findByText('La pratica è stata ritirata: lo sportello non la esaminerà più.', {}, SLOW);
    const outcome = said.closest('[role="status"]') as HTMLElement;
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    const details = part('Dati della richiesta');
    expect(within(details).getByText('Ritirata', { selector: '.badge' }).getAttribute('data-state-family')).toBe('ended-by-time-or-withdrawal');
    expect(valueOf(details, 'Ritirata il')).toBe(formatCalendarDay(officeToday()));
    expect(screen.queryByRole('button', { name: 'Ritira la pratica' })).toBeNull();
    const history = part('Storico della richiesta');
    expect(within(history).getByText('Pratica ritirata dal richiedente', { selector: 'strong' })).toBeTruthy();
    expect(within(history).getByText('Nota: Ho trovato un altro locale.')).toBeTruthy();
    // The server took it from the version on screen, as the machine decided.
    expect(stored(102)).toMatchObject({ version: version + 1, ssuState: 'ended_by_submitter_cancel_requested' });
    expect(stored(102).history!.at(-1)).toMatchObject({ event: 'WITHDRAW', reason: 'Ho trovato un altro locale.' });
  });

  it('gives focus back to the button when the dialog is closed without withdrawing, by Escape or by "Annulla"', async () => {
    const { user } = await openDetails(102, '&lang=en');
    const button = await screen.findByRole('button', { name: 'Withdraw the pratica' }, SLOW);
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to withdraw pratica no. 102?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason, for the office (optional)' }), 'Not yet');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    await user.click(button);
    const again = await screen.findByRole('alertdialog');
    // The note typed before is gone: closing forgot it.
    expect((within(again).getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(stored(102).stateOfRequest.stateOfRequestId).toBe(PraticaState.PRESENTED);
  });

  it('says why when the pratica changed meanwhile, and shows it as it now is once the dialog closes', async () => {
    const { user } = await openDetails(102);
    await user.click(await withdrawButton());
    const dialog = await screen.findByRole('alertdialog');
    // The office concluded it while the applicant was reading.
    move(102, { type: 'CONCLUDE_POSITIVE', at: new Date().toISOString(), note: 'Requisiti verificati.' });
    await user.click(within(dialog).getByRole('button', { name: 'Sì, ritira la pratica' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('La pratica non è stata ritirata. I dati sono stati modificati altrove: ricarica l’ultima versione.');
    expect(within(dialog).queryByRole('button', { name: 'Sì, ritira la pratica' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await within(part('Dati della richiesta')).findByText('Accettata', { selector: '.badge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ritira la pratica' })).toBeNull();
    // The pratica changed and was read again, its button gone: focus is on the page's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
    expect(persistedOf(stored(102))!.state).toBe(PraticaState.ACCEPTED);
  });
});
