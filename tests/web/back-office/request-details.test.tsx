// Spec §2 back-office request details: every part, the history with names, the PDF recap on the
// back-office path, a draft's storage limit (date input), and accept/reject of a sent request with
// a required reason: success alert and refreshed details; a 409 asks to reload. Stored texts are
// shown as text.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, type MockInstance } from 'vitest';
import { mockStore, XSS } from '#mocks/fixtures/back-office.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import { addDays, addYears, formatCalendarDay, officeToday } from '#shared/dates.ts';
import type { Status } from '#shared/envelope.ts';
import { rememberChosenRequest } from '#web/screens/back-office/selection.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';

let save: MockInstance;

beforeEach(() => {
  save = useListsMockApi();
});

async function openDetails(requestId: number, who: 'anna' | 'luca' = 'anna') {
  storeSession(who);
  rememberChosenRequest(requestId);
  const view = renderApp('/back-office/requests/details');
  await screen.findByRole('heading', { level: 1, name: `Richiesta n. ${requestId}` }, SLOW);
  return view;
}

const part = (name: string) => screen.getByRole('region', { name });
const valueOf = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const closeAlert = async (user: ReturnType<typeof renderApp>['user'], name: string) => {
  const alert = await screen.findByRole('alertdialog', { name });
  await user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  return alert;
};

describe('back-office request details', () => {
  it('names who made each change in the history', async () => {
    await openDetails(104);
    const history = part('Storico della richiesta');
    expect(within(history).getByText('Luca Neri (Collaboratore)')).toBeTruthy();
    expect(within(history).getAllByText('Mario Rossi (Richiedente)')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Esito della richiesta' })).toBeNull();
  });

  it("says where the business will be: the municipality of the activity and the business's address", async () => {
    await openDetails(104);
    const place = part('Dove si svolgerà l’attività');
    expect(valueOf(place, 'Comune dell’attività')).toBe('Milano (MI)');
    expect(valueOf(place, 'Indirizzo dell’attività')).toBe('Corso Buenos Aires 20, 20124 Milano');
  });

  it('shows a collaborator the request without the decision and storage-limit forms (spec §6)', async () => {
    await openDetails(102, 'luca');
    expect(screen.queryByRole('region', { name: 'Esito della richiesta' })).toBeNull();
    expect(valueOf(part('Dati della richiesta'), 'Stato')).toBe('Inviata');
  });

  it('rejects a sent request with a multi-line reason after a confirmation naming the outcome, below the request', async () => {
    const { user } = await openDetails(102);
    const decision = part('Esito della richiesta');
    // The decision comes after the request it depends on.
    expect(part('Dati della richiesta').compareDocumentPosition(decision) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(decision).getByRole('button', { name: "Registra l'esito" }));
    expect(await within(decision).findByText('Scegli se accettare o rifiutare la richiesta.')).toBeTruthy();
    expect(within(decision).getByText('Scrivi la motivazione.')).toBeTruthy();
    await user.click(within(decision).getByRole('radio', { name: 'Rifiuta' }));
    const reason = 'Manca la "visura" camerale (costo 100 €, 50%).{Enter}Scrivere a suap@comune.it!';
    await user.type(within(decision).getByRole('textbox', { name: /Motivazione/ }), reason);
    await user.click(within(decision).getByRole('button', { name: "Registra l'esito" }));
    const confirm = await within(decision).findByRole('group', { name: 'Rifiutare la richiesta n. 102?' });
    expect(mockStore.requests.find((request) => request.requestId === 102)?.stateOfRequest.stateOfRequestId).toBe(3);
    await user.click(within(confirm).getByRole('button', { name: 'Sì, rifiuta' }));
    expect((await screen.findByText('La richiesta n. 102 è stata rifiutata.')).getAttribute('role')).toBe('status');
    const written = 'Manca la "visura" camerale (costo 100 €, 50%).\nScrivere a suap@comune.it!';
    expect(valueOf(part('Dati della richiesta'), 'Stato')).toBe('Rifiutata');
    expect(valueOf(part('Dati della richiesta'), 'Motivazione della decisione')).toBe(written);
    expect(screen.queryByRole('region', { name: 'Esito della richiesta' })).toBeNull();
    expect(mockStore.requests.find((request) => request.requestId === 102)?.decisionReason).toBe(written);
  });

  it('goes back to the form when the clerk does not confirm', async () => {
    const { user } = await openDetails(102);
    const decision = part('Esito della richiesta');
    await user.click(within(decision).getByRole('radio', { name: 'Accetta' }));
    await user.type(within(decision).getByRole('textbox', { name: /Motivazione/ }), 'Tutto in regola.');
    await user.click(within(decision).getByRole('button', { name: "Registra l'esito" }));
    const confirm = await within(decision).findByRole('group', { name: 'Accettare la richiesta n. 102?' });
    await user.click(within(confirm).getByRole('button', { name: 'Torna al modulo' }));
    expect(within(decision).getByRole('button', { name: "Registra l'esito" })).toBeTruthy();
    expect(mockStore.requests.find((request) => request.requestId === 102)?.stateOfRequest.stateOfRequestId).toBe(3);
  });

  it('asks to reload when the request changed meanwhile (409)', async () => {
    server.use(
      http.put(backOfficeUrls.decision, () =>
        HttpResponse.json<Status>({ code: 409, message: 'stale-version', description: 'The request changed meanwhile: reload it.' }, { status: 409 }),
      ),
    );
    const { user } = await openDetails(102);
    const decision = part('Esito della richiesta');
    await user.click(within(decision).getByRole('radio', { name: 'Accetta' }));
    await user.type(within(decision).getByRole('textbox', { name: /Motivazione/ }), 'Tutto in regola.');
    await user.click(within(decision).getByRole('button', { name: "Registra l'esito" }));
    await user.click(await within(decision).findByRole('button', { name: 'Sì, accetta' }));
    expect(await within(decision).findByText(/La richiesta è cambiata nel frattempo/)).toBeTruthy();
    expect(within(part('Esito della richiesta')).getByRole('button', { name: 'Ricarica la richiesta' })).toBeTruthy();
  });

  it("sets a draft's storage limit to the day picked, within the range offered, once however often it is saved", async () => {
    const { user } = await openDetails(101);
    const field = screen.getByLabelText(/Conserva la bozza fino al/);
    const today = officeToday();
    expect(field.getAttribute('type')).toBe('date');
    expect(field.getAttribute('min')).toBe(addDays(today, 1));
    expect(field.getAttribute('max')).toBe(addYears(today, 5));
    const submit = () => user.click(screen.getByRole('button', { name: 'Aggiorna la scadenza' }));
    await user.clear(field);
    await user.type(field, today);
    await submit();
    expect(await screen.findByText('La data deve essere successiva a oggi.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, addDays(addYears(today, 5), 1));
    await submit();
    expect(await screen.findByText(`La data può essere al massimo il ${formatCalendarDay(addYears(today, 5))}.`)).toBeTruthy();
    const day = addDays(today, 112);
    for (let save = 0; save < 2; save++) {
      await user.clear(screen.getByLabelText(/Conserva la bozza fino al/));
      await user.type(screen.getByLabelText(/Conserva la bozza fino al/), day);
      await submit();
      expect((await screen.findByText(`La bozza sarà conservata fino al ${formatCalendarDay(day)}.`)).getAttribute('role')).toBe('status');
      await waitFor(() => expect(valueOf(part('Dati della richiesta'), 'La bozza scade il')).toBe(formatCalendarDay(day)));
    }
    expect(mockStore.requests.find((request) => request.requestId === 101)?.storageLimit).toBe(day);
    const changes = await screen.findByRole('region', { name: 'Modifiche della scadenza' });
    expect(within(changes).getAllByRole('listitem')).toHaveLength(1);
    expect(within(changes).getByRole('listitem').textContent).toContain(`al ${formatCalendarDay(day)} (Anna Verdi)`);
  });

  it('opens a request by its own address and offers the next one in the view it came from', async () => {
    storeSession('anna');
    renderApp('/back-office/requests/106?sort=requestId%3Bdesc&size=5');
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 106' }, SLOW);
    const around = await screen.findByRole('navigation', { name: 'Altre richieste dell’elenco' });
    expect(within(around).getByRole('link', { name: 'Richiesta precedente (n. 107)' }).getAttribute('href')).toBe('/back-office/requests/107');
    expect(within(around).getByRole('link', { name: 'Richiesta successiva (n. 105)' }).getAttribute('href')).toBe('/back-office/requests/105');
    expect(screen.getByRole('link', { name: "Torna all'elenco delle richieste" }).getAttribute('href')).toBe('/back-office/requests');
  });

  it('downloads the recap from the back-office path', async () => {
    let asked = '';
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('getPdfRecap')) asked = `${new URL(request.url).pathname}?lang=${new URL(request.url).searchParams.get('lang')}`;
    });
    const { user } = await openDetails(104);
    await user.click(screen.getByRole('button', { name: 'Scarica il riepilogo (PDF)' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(asked).toBe('/api/suap/v1/backoffice/getPdfRecap/104?lang=it');
    expect(save.mock.calls[0]![1]).toBe('riepilogo-richiesta-104.pdf');
    server.events.removeAllListeners();
  });

  it('says so when no request was chosen', async () => {
    storeSession('anna');
    renderApp('/back-office/requests/details');
    expect(await screen.findByText('Nessuna richiesta scelta.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: "Torna all'elenco delle richieste" }).getAttribute('href')).toBe('/back-office/requests');
  });

  it('shows stored markup as text', async () => {
    await openDetails(107);
    expect(valueOf(part('Dati anagrafici del richiedente'), 'Comune di residenza')).toBe(XSS);
    expect(valueOf(part('Sportello (SUAP)'), 'Nome')).toBe(`SUAP ${XSS}`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
