// Spec §2 back-office request details: every part, the history with names, the PDF recap on the
// back-office path, a draft's storage limit (date input), and accept/reject of a sent request with
// a required reason: success alert and refreshed details; a 409 asks to reload. Stored texts are
// shown as text.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, type MockInstance } from 'vitest';
import { mockStore, XSS } from '../../../mocks/fixtures/back-office.ts';
import { backOfficeUrls } from '../../../mocks/handlers/back-office.ts';
import type { Status } from '../../../src/shared/envelope.ts';
import { rememberChosenRequest } from '../../../src/web/screens/back-office/selection.ts';
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

  it('rejects a sent request with a reason: success alert, details refreshed', async () => {
    const { user } = await openDetails(102, 'luca');
    const decision = part('Esito della richiesta');
    await user.click(within(decision).getByRole('button', { name: "Registra l'esito" }));
    expect(await within(decision).findByText('Scegli se accettare o rifiutare la richiesta.')).toBeTruthy();
    expect(within(decision).getByText('Scrivi la motivazione.')).toBeTruthy();
    await user.click(within(decision).getByRole('radio', { name: 'Rifiuta' }));
    await user.type(within(decision).getByRole('textbox', { name: /Motivazione/ }), 'Manca <b>');
    await user.click(within(decision).getByRole('button', { name: "Registra l'esito" }));
    expect(await within(decision).findByText(/Usa lettere, numeri, spazi e la punteggiatura/)).toBeTruthy();
    await user.clear(within(decision).getByRole('textbox', { name: /Motivazione/ }));
    await user.type(within(decision).getByRole('textbox', { name: /Motivazione/ }), 'Manca la visura camerale.');
    await user.click(within(decision).getByRole('button', { name: "Registra l'esito" }));
    const alert = await closeAlert(user, 'La richiesta n. 102 è stata rifiutata.');
    expect(alert.getAttribute('data-modal-type')).toBe('success');
    expect(valueOf(part('Dati della richiesta'), 'Stato')).toBe('Rifiutata');
    expect(valueOf(part('Dati della richiesta'), 'Motivazione della decisione')).toBe('Manca la visura camerale.');
    expect(within(part('Storico della richiesta')).getByText('Luca Neri (Collaboratore)')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Esito della richiesta' })).toBeNull();
    expect(mockStore.requests.find((request) => request.requestId === 102)?.decisionReason).toBe('Manca la visura camerale.');
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
    const alert = await closeAlert(user, 'La richiesta è cambiata nel frattempo');
    expect(alert.getAttribute('data-modal-type')).toBe('warning');
    expect(within(part('Esito della richiesta')).getByRole('button', { name: 'Ricarica la richiesta' })).toBeTruthy();
  });

  it("edits a draft's storage limit with a date after today", async () => {
    const { user } = await openDetails(101);
    const field = screen.getByLabelText(/Conserva la bozza fino al/);
    expect(field.getAttribute('type')).toBe('date');
    await user.clear(field);
    await user.type(field, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Aggiorna la scadenza' }));
    expect(await screen.findByText('La data deve essere successiva a oggi.')).toBeTruthy();
    const next = `${new Date().getFullYear() + 2}-06-30`;
    await user.clear(field);
    await user.type(field, next);
    await user.click(screen.getByRole('button', { name: 'Aggiorna la scadenza' }));
    await closeAlert(user, `La bozza sarà conservata fino al 30/06/${new Date().getFullYear() + 2}.`);
    await waitFor(() => expect(valueOf(part('Dati della richiesta'), 'La bozza scade il')).toBe(`30/06/${new Date().getFullYear() + 2}`));
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
