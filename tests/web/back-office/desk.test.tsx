// Spec §2 back-office request list, §3 columns, §5 search bar, §9 page size 5 and default sort
// requestId descending: the table in the current language, sorting that toggles on the same column,
// the search bar's rules, paging, and opening a request (its id kept in session storage).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockStore, XSS } from '#mocks/fixtures/back-office.ts';
import { anna } from '#mocks/fixtures/identities.ts';
import { movePratica } from '#mocks/fixtures/pratica.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { CHOSEN_REQUEST_KEY } from '#web/screens/back-office/selection.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';

const table = () => screen.getByRole('grid', { name: 'Elenco delle richieste' });
const ids = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => Number(cell.textContent));
const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });

async function openDesk(path = '/back-office/requests') {
  storeSession('anna');
  const view = renderApp(path);
  await screen.findByText('9 richieste trovate.', {}, SLOW);
  return view;
}

beforeEach(() => {
  useListsMockApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A phone's screen: the desk's breakpoint matches (jsdom has no matchMedia of its own). */
function onAPhone() {
  const phone = (query: string) => query === '(max-width: 575.98px)';
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('request desk', () => {
  it('lists five requests by number, newest first, with the spec columns in order', async () => {
    await openDesk();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[▲▼⇅]/g, '')),
    ).toEqual(['Numero', 'Data di invio', 'Richiedente', 'Codice fiscale', 'Sportello', 'Sede dell’attività', 'Stato', 'Tipo di richiesta', 'Azioni']);
    expect(ids()).toEqual([202, 201, 107, 106, 105]);
    expect(header('Numero').getAttribute('aria-sort')).toBe('descending');
    const row = within(table()).getAllByRole('row')[2]!;
    expect(within(row).getByText('Giulia Bianchi')).toBeTruthy();
    expect(within(row).getByText('BNCGLI85M41F205B')).toBeTruthy();
    expect(within(row).getByText('SUAP Roma Capitale')).toBeTruthy();
    // Where the business will be: its address in the municipality of the activity.
    expect(within(row).getByText('Corso Buenos Aires 20, 20124 Milano (MI)')).toBeTruthy();
    expect(within(row).getByText('Inviata')).toBeTruthy();
    expect(within(row).getByText('Avvio di impresa (startup)')).toBeTruthy();
  });

  it("is a staff member's home: the header's brand link leads to the desk, which has no breadcrumb of its own", async () => {
    const { user, router } = await openDesk();
    const brand = within(screen.getByRole('banner')).getByRole('link', { name: /Sportello Unico Attività Produttive/ });
    expect(brand.getAttribute('href')).toBe('/back-office/requests');
    expect(screen.queryByRole('navigation', { name: 'Percorso di navigazione' })).toBeNull();
    await user.click(within(table()).getByRole('link', { name: 'Apri la richiesta n. 202' }));
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 202' });
    const trail = screen.getByRole('navigation', { name: 'Percorso di navigazione' });
    expect(within(trail).getByRole('link', { name: 'Richieste' }).getAttribute('href')).toBe('/back-office/requests');
    await user.click(brand);
    await waitFor(() => expect(router.state.location.pathname).toBe('/back-office/requests'));
  });

  it('toggles the direction on the same column and starts ascending on another', async () => {
    const { user } = await openDesk();
    await user.click(header('Numero'));
    await waitFor(() => expect(ids()).toEqual([101, 102, 103, 104, 105]));
    expect(header('Numero').getAttribute('aria-sort')).toBe('ascending');
    await user.click(header('Stato'));
    await waitFor(() => expect(header('Stato').getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(within(table()).getAllByRole('row')[1]!.textContent).toContain('In bozza'));
    await user.click(header('Stato'));
    await waitFor(() => expect(header('Stato').getAttribute('aria-sort')).toBe('descending'));
    expect(header('Sportello').hasAttribute('aria-sort')).toBe(false);
  });

  it('pages through the results', async () => {
    const { user } = await openDesk();
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(ids()).toEqual([104, 103, 102, 101]));
    expect(screen.getByRole('button', { name: 'Pagina successiva' }).hasAttribute('disabled')).toBe(true);
  });

  it('applies the search bar rules: minimum, pattern, submit only when valid, clearing searches for nothing', async () => {
    const { user } = await openDesk();
    const field = screen.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' });
    const submit = screen.getByRole('button', { name: 'Cerca' });
    await user.type(field, 'Bia');
    expect(await screen.findByText('Scrivi almeno 4 caratteri.')).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.keyboard('{Enter}');
    expect(screen.getByText('9 richieste trovate.')).toBeTruthy();
    await user.type(field, 'nchi');
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.click(submit);
    await screen.findByText('2 richieste trovate.');
    expect(ids()).toEqual([202, 201]);
    await user.clear(field);
    await user.type(field, 'Rossi<');
    expect(await screen.findByText('Usa solo lettere, numeri, spazi, apostrofi e &.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Cancella la ricerca' }));
    await screen.findByText('9 richieste trovate.');
    await user.type(field, 'Roma{Enter}');
    await screen.findByText('2 richieste trovate.');
    await user.clear(field);
    await screen.findByText('9 richieste trovate.');
  });

  it('says when the search reaches its maximum length', async () => {
    const { user } = await openDesk();
    const field = screen.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' });
    expect(field.getAttribute('maxlength')).toBe('255');
    await user.click(field);
    await user.paste('a'.repeat(255));
    expect(await screen.findByText('Hai raggiunto il numero massimo di 255 caratteri.')).toBeTruthy();
  });

  it('opens a request keeping its id in session storage, so a reload reopens it', async () => {
    const { user, unmount } = await openDesk();
    const link = within(table()).getByRole('link', { name: 'Apri la richiesta n. 201' });
    // A real link: it opens in a new tab as well.
    expect(link.getAttribute('href')).toBe('/back-office/requests/201');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 201' })).toBeTruthy();
    expect(window.sessionStorage.getItem(CHOSEN_REQUEST_KEY)).toBe('201');
    unmount();
    renderApp('/back-office/requests/details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 201' }, SLOW)).toBeTruthy();
  });

  it('keeps the view in the address: a link shows the same page, and rows carry the view to the details', async () => {
    storeSession('anna');
    const { user } = renderApp('/back-office/requests?page=2');
    await screen.findByText('9 richieste trovate.', {}, SLOW);
    await waitFor(() => expect(ids()).toEqual([104, 103, 102, 101]));
    expect(within(table()).getByRole('link', { name: 'Apri la richiesta n. 104' }).getAttribute('href')).toBe('/back-office/requests/104?page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Richieste per pagina' }), '10');
    await waitFor(() => expect(ids()).toHaveLength(9));
    expect(within(table()).getByRole('link', { name: 'Apri la richiesta n. 104' }).getAttribute('href')).toBe('/back-office/requests/104?size=10');
  });

  it('finds by fiscal code and by a short request number, filters by state, and clears an empty result', async () => {
    const { user } = await openDesk();
    const field = screen.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' });
    await user.type(field, 'bncgli85m41f205b{Enter}');
    await waitFor(() => expect(ids()).toEqual([202, 201]));
    await user.clear(field);
    await user.type(field, '107{Enter}');
    await waitFor(() => expect(ids()).toEqual([107]));
    await user.clear(field);
    await screen.findByText('9 richieste trovate.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stato' }), '1');
    await waitFor(() =>
      expect(
        within(table())
          .getAllByRole('row')
          .slice(1)
          .every((row) => row.textContent?.includes('In bozza')),
      ).toBe(true),
    );
    await user.type(field, 'Nessuno qui{Enter}');
    expect(await screen.findByText('Nessuna richiesta corrisponde alla ricerca.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancella ricerca e filtri' }));
    await screen.findByText('9 richieste trovate.');
  });

  it('offers every state of a pratica in its state filter, in the order a pratica goes through them, and filters by the new ones', async () => {
    const request = mockStore.requests.find((candidate) => candidate.requestId === 102)!;
    const asked = movePratica(request, { type: 'REQUEST_INTEGRATION', at: new Date().toISOString(), note: 'La planimetria.' }, { by: anna, staff: [anna] });
    expect(asked.ok).toBe(true);
    const { user } = await openDesk();
    const filter = screen.getByRole('combobox', { name: 'Stato' }) as HTMLSelectElement;
    expect(Array.from(filter.options).map((option) => option.textContent)).toEqual([
      'Tutti gli stati',
      'In bozza',
      'Inviata',
      'Regolarizzazione richiesta',
      'Regolarizzata',
      'Integrazione richiesta',
      'Integrata',
      'Accettata',
      'Rifiutata',
      'Irricevibile',
      'Chiusa per integrazione non pervenuta',
      'Attività sospesa',
      'Conformazione ordinata',
      'Conclusa per decorso dei termini',
      'Ritirata',
      'Eliminata',
    ]);
    await user.selectOptions(filter, '9');
    await waitFor(() => expect(ids()).toEqual([102]));
  });

  it('shows the columns and states in English', async () => {
    storeSession('anna');
    renderApp('/back-office/requests?lang=en');
    await screen.findByText('9 requests found.', {}, SLOW);
    const table = () => screen.getByRole('grid', { name: 'List of requests' });
    expect(within(table()).getByRole('columnheader', { name: /^Request type/ })).toBeTruthy();
    expect(within(table()).getAllByText('Business startup').length).toBe(5);
    expect(within(table()).getAllByText('Sent').length).toBeGreaterThan(0);
  });

  it('shows stored markup as text in the table', async () => {
    await openDesk();
    expect(within(table()).getByText(`SUAP ${XSS}`)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('loads under StrictMode, where React mounts the screen twice', async () => {
    storeSession('anna');
    renderApp('/back-office/requests', { strict: true });
    await screen.findByText('9 richieste trovate.', {}, SLOW);
    expect(ids()).toEqual([202, 201, 107, 106, 105]);
  });

  it('on a phone shows the requests as cards, each with its link, and renders no table (the table code stays off the phone)', async () => {
    onAPhone();
    const { user } = await openDesk();
    expect(screen.queryByRole('grid')).toBeNull();
    const cards = screen.getByRole('list', { name: 'Elenco delle richieste' });
    expect(
      within(cards)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual([202, 201, 107, 106, 105].map((id) => `Apri la richiesta n. ${id}`));
    await user.click(within(cards).getByRole('link', { name: 'Apri la richiesta n. 202' }));
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 202' });
  });

  it('shows the retrieve-error callout when the list cannot be loaded', async () => {
    server.use(http.get(backOfficeUrls.requests, () => HttpResponse.json(GENERIC_ERROR, { status: 500 })));
    storeSession('luca');
    renderApp('/back-office/requests');
    expect(await screen.findByText('Dati non disponibili', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Nessuna richiesta da mostrare.')).toBeTruthy();
  });

  it('says the reason the server named for a failed load in the catalogue’s words, and still offers to try again', async () => {
    let calls = 0;
    server.use(
      http.get(backOfficeUrls.requests, () => {
        calls += 1;
        return HttpResponse.json(
          { code: 429, message: 'Too Many Requests', description: 'Rate limit exceeded, retry in 1 minute', errorKey: 'too-many-requests' },
          { status: 429 },
        );
      }),
    );
    storeSession('luca');
    const { user } = renderApp('/back-office/requests');
    const callout = await screen.findByRole('alert', {}, SLOW);
    await within(callout).findByText('Troppe richieste in poco tempo: riprova tra un minuto.');
    expect(within(callout).queryByText('Rate limit exceeded, retry in 1 minute')).toBeNull();
    const before = calls;
    await user.click(within(callout).getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(calls).toBeGreaterThan(before));
  });
});
