// Spec §2 private-area request details: every part of the request, its history with staff shown by
// role (never by name), the decision's reason, the PDF recap saved under the server's file name
// (failure: the pdf-request alert), the id kept in the URL, and stored texts shown as text.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, type MockInstance } from 'vitest';
import { XSS } from '#mocks/fixtures/back-office.ts';
import { PDF_BYTES, privateAreaUrls } from '#mocks/handlers/private-area.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { SLOW, useListsMockApi } from './support.ts';

let save: MockInstance;

beforeEach(() => {
  save = useListsMockApi();
});

async function openDetails(requestId: number) {
  storeSession('mario');
  const view = renderApp(`/private-area/request-details?requestId=${requestId}`);
  await screen.findByRole('heading', { level: 1, name: `Richiesta n. ${requestId}` }, SLOW);
  return view;
}

const part = (name: string) => screen.getByRole('region', { name });
const valueOf = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('private-area request details', () => {
  it('shows every part of a rejected request with its reason and the history by role', async () => {
    await openDetails(104);
    const request = part('Dati della richiesta');
    expect(valueOf(request, 'Stato')).toBe('Rifiutata');
    expect(valueOf(request, 'Motivazione della decisione')).toBe('Manca la planimetria dei locali.');
    expect(valueOf(request, 'Conclusa il')).toMatch(/^24\/01\/2025 \d\d:\d\d$/);
    expect(valueOf(part('Dati anagrafici del richiedente'), 'Codice fiscale')).toBe('RSSMRA80A01H501U');
    expect(valueOf(part('Contatto per le comunicazioni'), 'Indirizzo')).toBe('mario.rossi@example.org');
    expect(valueOf(part('Sportello (SUAP)'), 'Nome')).toBe('SUAP Comune di Milano');
    expect(valueOf(part('Iniziativa'), 'Descrizione')).toBe('Apertura di un panificio');
    const history = part('Storico della richiesta');
    expect(within(history).getByText('Dallo sportello (collaboratore)')).toBeTruthy();
    expect(within(history).getByText('Motivazione: Manca la planimetria dei locali.')).toBeTruthy();
    expect(within(history).queryByText(/Luca Neri/)).toBeNull();
    expect(within(history).getAllByText('Da te')).toHaveLength(2);
  });

  it('offers resume on a draft and shows when it expires', async () => {
    await openDetails(101);
    expect(screen.getByRole('link', { name: 'Riprendi' }).getAttribute('href')).toBe('/startup?requestId=101');
    expect(valueOf(part('Dati della richiesta'), 'La bozza scade il')).toMatch(/^\d\d\/\d\d\/2026$/);
  });

  it('saves the PDF recap under the name the server gives', async () => {
    const { user } = await openDetails(103);
    await user.click(screen.getByRole('button', { name: 'Scarica il riepilogo (PDF)' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, name] = save.mock.calls[0] as [Blob, string];
    expect(name).toBe('riepilogo-richiesta-103.pdf');
    expect(blob.size).toBeGreaterThan(0);
  });

  it('asks for the recap in the language on screen, named by the shared rule when the server gives no name', async () => {
    let asked: URL | null = null;
    server.use(
      http.get(privateAreaUrls.pdf, ({ request }) => {
        asked = new URL(request.url);
        return new HttpResponse(PDF_BYTES, { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    storeSession('mario');
    const { user } = renderApp('/private-area/request-details?requestId=103&lang=en');
    await screen.findByRole('heading', { level: 1, name: 'Request no. 103' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Download the recap (PDF)' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(asked!.searchParams.get('lang')).toBe('en');
    expect(save.mock.calls[0]![1]).toBe('request-recap-103.pdf');
  });

  it('opens the pdf-request error alert when the recap cannot be downloaded', async () => {
    server.use(http.get(privateAreaUrls.pdf, () => HttpResponse.json(GENERIC_ERROR, { status: 500 })));
    const { user } = await openDetails(103);
    await user.click(screen.getByRole('button', { name: 'Scarica il riepilogo (PDF)' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Non è stato possibile scaricare il riepilogo' });
    expect(alert.getAttribute('data-modal-type')).toBe('error');
    expect(await within(alert).findByText(/Il riepilogo in PDF della richiesta non è disponibile/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows the retrieve-error callout for a request that cannot be read', async () => {
    storeSession('mario');
    renderApp('/private-area/request-details?requestId=201');
    expect(await screen.findByText('Dati non disponibili', {}, SLOW)).toBeTruthy();
  });

  it('shows stored markup as text, never as an element', async () => {
    await openDetails(107);
    expect(valueOf(part('Dati anagrafici del richiedente'), 'Indirizzo di residenza')).toBe(XSS);
    expect(valueOf(part('Sportello (SUAP)'), 'Nome')).toBe(`SUAP ${XSS}`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
  });
});

describe('private-area cards and stored texts', () => {
  it('shows stored markup on a card as text', async () => {
    storeSession('mario');
    const { user } = renderApp('/private-area');
    await screen.findByText('Hai 6 richieste.', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    const card = await screen.findByRole('article', { name: 'Richiesta n. 107' });
    expect(within(card).getByText(`SUAP ${XSS}`)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
