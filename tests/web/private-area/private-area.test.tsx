// Spec §2 private area, §4 request states, §9 card page size: the citizen's requests as cards,
// newest first, three per page with the paginator; each state's colour and date; resume and
// delete on drafts only; the delete confirmation, success alert and reloaded list; a list that
// cannot be loaded shows the retrieve-error callout.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { bakery, mockStore } from '#mocks/fixtures/back-office.ts';
import { privateAreaUrls } from '#mocks/handlers/private-area.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { SLOW, useListsMockApi } from './support.ts';

const cards = () => screen.getAllByRole('article');
const cardTitles = () => cards().map((card) => within(card).getByRole('heading').textContent);
const card = (id: number) => screen.getByRole('article', { name: `Richiesta n. ${id}` });

async function openPrivateArea() {
  storeSession('mario');
  const view = renderApp('/private-area');
  await screen.findByRole('heading', { level: 1, name: 'Area personale' }, SLOW);
  await screen.findByText('Hai 6 richieste.', {}, SLOW);
  return view;
}

beforeEach(() => {
  useListsMockApi();
});

describe('private area', () => {
  it('shows the requests newest first, three per page, with a paginator', async () => {
    const { user } = await openPrivateArea();
    expect(cardTitles()).toEqual(['Richiesta n. 101', 'Richiesta n. 102', 'Richiesta n. 106']);
    const paginator = screen.getByRole('navigation', { name: 'Paginazione' });
    expect(within(paginator).getByRole('button', { name: 'Pagina 1 di 3' }).getAttribute('aria-current')).toBe('page');
    expect(within(paginator).getByRole('button', { name: 'Pagina precedente' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(paginator).getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Richiesta n. 107', 'Richiesta n. 103', 'Richiesta n. 104']));
    await user.click(within(paginator).getByRole('button', { name: 'Pagina 3 di 3' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Richiesta n. 105']));
    expect(within(paginator).getByRole('button', { name: 'Pagina successiva' }).hasAttribute('disabled')).toBe(true);
  });

  it('gives each state its colour and its date: updated on for drafts, done on for decisions, none otherwise', async () => {
    const { user } = await openPrivateArea();
    const seen = new Map<number, { state: string | null; badge: string; date: string | null }>();
    const collect = () => {
      for (const article of cards()) {
        const id = Number(/\d+/.exec(article.getAttribute('aria-labelledby') ?? '')?.[0]);
        const badge = article.querySelector('.badge')!;
        seen.set(id, { state: badge.getAttribute('data-state'), badge: badge.className, date: article.querySelector('.app-card-date')?.textContent ?? null });
      }
    };
    collect();
    for (const page of [2, 3]) {
      await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
      await waitFor(() => expect(screen.getByRole('button', { name: `Pagina ${page} di 3` }).getAttribute('aria-current')).toBe('page'));
      await screen.findByText('Hai 6 richieste.');
      collect();
    }
    expect(seen.get(101)).toMatchObject({ state: 'draft', date: 'Aggiornata il 13/03/2025' });
    expect(seen.get(101)!.badge).toContain('app-state-draft');
    expect(seen.get(102)).toMatchObject({ state: 'sent', date: null });
    expect(seen.get(103)).toMatchObject({ state: 'accepted', date: 'Conclusa il 13/02/2025' });
    expect(seen.get(104)).toMatchObject({ state: 'rejected', date: 'Conclusa il 24/01/2025' });
    expect(seen.get(105)).toMatchObject({ state: 'deleted', date: null });
    const classes = new Set(
      [...seen.values()].map((entry) => entry.badge.split(' ').find((name) => name.startsWith('app-state-') && name !== 'app-state-badge')),
    );
    // Each state its family's colour (lists/request/rules.ts): a sent pratica is open, a decision ended well or badly.
    expect(classes).toEqual(new Set(['app-state-draft', 'app-state-open', 'app-state-ended-well', 'app-state-ended-badly', 'app-state-deleted']));
  });

  it('offers resume and delete on drafts only, and says when a draft expires', async () => {
    await openPrivateArea();
    const draft = card(101);
    expect(within(draft).getByRole('link', { name: 'Riprendi' }).getAttribute('href')).toBe('/startup?requestId=101');
    expect(within(draft).getByRole('button', { name: 'Elimina' })).toBeTruthy();
    expect(within(draft).getByText('La bozza scade il')).toBeTruthy();
    expect(within(draft).getByRole('link', { name: 'Richiesta n. 101' }).getAttribute('href')).toBe('/private-area/request-details?requestId=101');
    const sent = card(102);
    expect(within(sent).queryByRole('link', { name: 'Riprendi' })).toBeNull();
    expect(within(sent).queryByRole('button', { name: 'Elimina' })).toBeNull();
    expect(within(sent).queryByText('La bozza scade il')).toBeNull();
  });

  it('deletes a draft after confirmation: success alert, then the list reloads', async () => {
    const { user } = await openPrivateArea();
    await user.click(within(card(101)).getByRole('button', { name: 'Elimina' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Vuoi eliminare la bozza n. 101?' });
    expect(confirm.getAttribute('data-modal-kind')).toBe('draftDelete');
    await user.click(await within(confirm).findByRole('button', { name: 'Elimina la bozza' }));
    const success = await screen.findByRole('alertdialog', { name: 'Bozza eliminata' });
    expect(success.getAttribute('data-modal-type')).toBe('success');
    await user.click(await within(success).findByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Deleted now: the newest change, without resume or delete.
    await waitFor(() => expect(within(card(101)).getByText('Eliminata')).toBeTruthy());
    expect(within(card(101)).queryByRole('button', { name: 'Elimina' })).toBeNull();
    expect(mockStore.requests.find((request) => request.requestId === 101)?.stateOfRequest.stateOfRequestId).toBe(2);
  });

  it('keeps the draft when the confirmation is cancelled', async () => {
    const { user } = await openPrivateArea();
    await user.click(within(card(106)).getByRole('button', { name: 'Elimina' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Vuoi eliminare la bozza n. 106?' });
    await user.click(await within(confirm).findByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(mockStore.requests.find((request) => request.requestId === 106)?.stateOfRequest.stateOfRequestId).toBe(1);
    await waitFor(() => expect(document.activeElement?.id).toBe('request-card-106-delete'));
  });

  it('shows no paginator with three requests or fewer', async () => {
    mockStore.requests = mockStore.requests.filter((request) => [101, 102, 103].includes(request.requestId));
    storeSession('mario');
    renderApp('/private-area');
    await screen.findByText('Hai 3 richieste.', {}, SLOW);
    expect(cards()).toHaveLength(3);
    expect(screen.queryByRole('navigation', { name: 'Paginazione' })).toBeNull();
  });

  it('shows the retrieve-error callout when the list cannot be loaded', async () => {
    server.use(http.get(privateAreaUrls.list, () => HttpResponse.json(GENERIC_ERROR, { status: 500 })));
    storeSession('mario');
    renderApp('/private-area');
    expect(await screen.findByText('Dati non disponibili', {}, SLOW)).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('keeps the page in the address: a link opens that page, Back from a request returns to it, the middle page is offered', async () => {
    storeSession('mario');
    const { user, router } = renderApp('/private-area?page=2');
    await screen.findByText('Hai 6 richieste.', {}, SLOW);
    await waitFor(() => expect(cardTitles()).toEqual(['Richiesta n. 107', 'Richiesta n. 103', 'Richiesta n. 104']));
    const paginator = screen.getByRole('navigation', { name: 'Paginazione' });
    // Three pages: each one has its own button, no spacer hides the middle one.
    expect(
      within(paginator)
        .getAllByRole('button', { name: /^Pagina \d di 3$/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3']);
    await user.click(within(paginator).getByRole('button', { name: 'Pagina 3 di 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(cardTitles()).toEqual(['Richiesta n. 105']));
    await user.click(within(card(105)).getByRole('link', { name: 'Richiesta n. 105' }));
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 105' }, SLOW);
    await router.navigate(-1);
    await waitFor(() => expect(cardTitles()).toEqual(['Richiesta n. 105']));
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByRole('button', { name: 'Pagina 3 di 3' }).getAttribute('aria-current')).toBe('page');
    // Back to the first page: the address drops the parameter.
    await user.click(screen.getByRole('button', { name: 'Pagina 1 di 3' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the last page for a page number past the end, and says so in the address', async () => {
    storeSession('mario');
    const { router } = renderApp('/private-area?page=9');
    await waitFor(() => expect(cardTitles()).toEqual(['Richiesta n. 105']), SLOW);
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
  });

  it('names the initiative on each card, not its description', async () => {
    await openPrivateArea();
    const initiatives = cards().map((article) => within(article).getByText('Iniziativa').nextElementSibling?.textContent);
    expect(initiatives).toContain(bakery.activityIt);
    expect(initiatives).not.toContain(bakery.descriptionIt);
  });

  it('shows the cards in English with the states in English', async () => {
    storeSession('mario');
    renderApp('/private-area?lang=en');
    await screen.findByText('You have 6 requests.', {}, SLOW);
    expect(within(screen.getByRole('article', { name: 'Request no. 102' })).getByText('Sent')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Request no. 101' })).getByText('Updated on 13/03/2025')).toBeTruthy();
  });
});

describe('private area under StrictMode', () => {
  it('loads the cards although React mounts the screen twice', async () => {
    storeSession('mario');
    renderApp('/private-area', { strict: true });
    expect(await screen.findByText('Hai 6 richieste.', {}, SLOW)).toBeTruthy();
    expect(cards()).toHaveLength(3);
  });

  it('deletes a draft and reloads the list', async () => {
    storeSession('mario');
    const { user } = renderApp('/private-area', { strict: true });
    await screen.findByText('Hai 6 richieste.', {}, SLOW);
    await user.click(within(card(106)).getByRole('button', { name: 'Elimina' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Vuoi eliminare la bozza n. 106?' });
    await user.click(await within(confirm).findByRole('button', { name: 'Elimina la bozza' }));
    const success = await screen.findByRole('alertdialog', { name: 'Bozza eliminata' });
    await user.click(await within(success).findByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(cardTitles()[0]).toBe('Richiesta n. 106'));
    expect(within(card(106)).getByText('Eliminata')).toBeTruthy();
  });
});

describe('deleted drafts', () => {
  it('do not count among the requests, and can be hidden (kept in the address) and shown again', async () => {
    // Mario's seven requests: one of them (105) a deleted draft.
    const { user, router } = await openPrivateArea();
    expect(screen.getByText('Hai 6 richieste.')).toBeTruthy();
    const hide = screen.getByRole('checkbox', { name: 'Nascondi la bozza eliminata (1)' }) as HTMLInputElement;
    expect(hide.checked).toBe(false);
    await user.click(hide);
    await waitFor(() => expect(router.state.location.search).toBe('?deleted=hide'));
    expect(hide.checked).toBe(true);
    // Six cards left, on two pages; the count does not change, focus stays on the checkbox.
    expect(screen.getByText('Hai 6 richieste.')).toBeTruthy();
    expect(document.activeElement).toBe(hide);
    await user.click(within(screen.getByRole('navigation', { name: 'Paginazione' })).getByRole('button', { name: 'Pagina 2 di 2' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Richiesta n. 107', 'Richiesta n. 103', 'Richiesta n. 104']));
    expect(router.state.location.search).toBe('?page=2&deleted=hide');
    await user.click(hide);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(cardTitles()).toEqual(['Richiesta n. 101', 'Richiesta n. 102', 'Richiesta n. 106']));
  });

  it('stay hidden when the address says so (a reload, Back)', async () => {
    storeSession('mario');
    renderApp('/private-area?deleted=hide');
    await screen.findByText('Hai 6 richieste.', {}, SLOW);
    expect((screen.getByRole('checkbox', { name: 'Nascondi la bozza eliminata (1)' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Paginazione' })).toBeTruthy());
    expect(within(screen.getByRole('navigation', { name: 'Paginazione' })).getByRole('button', { name: 'Pagina 1 di 2' })).toBeTruthy();
  });

  it('offer nothing to hide when there are none', async () => {
    mockStore.requests = mockStore.requests.filter((request) => [101, 102, 103].includes(request.requestId));
    storeSession('mario');
    renderApp('/private-area');
    await screen.findByText('Hai 3 richieste.', {}, SLOW);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
