// Spec §2 "Header": the personal-area corner for anonymous visitors, citizens and staff, and the
// back-office menu entries per profile.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserWindow } from '#web/auth/browser.ts';
import { readStoredSession } from '#web/auth/storage.ts';
import { USER_MENU_BUTTON_ID } from '#web/components/UserMenu.tsx';
import { renderApp } from './render.tsx';
import { storeSession } from './session.ts';

const banner = () => screen.getByRole('banner');
const leftFor = () => vi.mocked(browserWindow.leave).mock.calls.map(([url]) => new URL(url));

async function openUserMenu(user: ReturnType<typeof renderApp>['user'], name: RegExp) {
  // The menu's code loads with the first logged-in render, and the page below may still be
  // loading: its focus management on arrival closes a menu opened before it. Wait for the state
  // that matters (the menu open and staying open), not for time.
  const button = await within(banner()).findByRole('button', { name });
  let menu: HTMLElement | null = null;
  await waitFor(async () => {
    if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
    menu = screen.getByRole('menu');
  });
  return menu!;
}

describe('anonymous visitor', () => {
  it('starts the front-office login from the header, coming back to the same page', async () => {
    const { user } = renderApp('/startup-service?x=1');
    await screen.findByRole('heading', { level: 1, name: 'Servizio startup' });
    await user.click(within(banner()).getByRole('link', { name: "Accedi all'area personale" }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
    const [authorize] = leftFor();
    expect(`${authorize!.origin}${authorize!.pathname}`).toBe('http://localhost:3000/idp/auth');
    const params = authorize!.searchParams;
    expect(params.get('client_id')).toBe('suap-fo');
    expect(params.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('prompt')).toBe('login');
    // The PKCE verifier and the origin wait in this tab's storage for the callback.
    const stored = JSON.parse(window.sessionStorage.getItem(`suap.oidc.${params.get('state')}`) ?? 'null');
    expect(stored).toMatchObject({
      code_verifier: expect.any(String),
      data: { origin: '/startup-service?x=1', area: 'FO', fromBackOfficeRoot: false, silent: false },
    });
  });
});

describe('citizen', () => {
  it('sees their full name, the private-area link and logout, but no fiscal code', async () => {
    storeSession('mario');
    const { user, router } = renderApp('/');
    expect(within(banner()).queryByRole('link', { name: "Accedi all'area personale" })).toBeNull();
    const menu = await openUserMenu(user, /Mario Rossi/);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Area personale', 'Esci']);
    expect(within(menu).queryByText(/RSSMRA80A01H501U/)).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Area personale' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private-area'));
  });

  it('logs out: revokes the token, clears the session and leaves for the provider logout', async () => {
    storeSession('mario');
    const { user } = renderApp('/startup-service');
    const menu = await openUserMenu(user, /Mario Rossi/);
    await user.click(within(menu).getByRole('menuitem', { name: 'Esci' }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
    const [endSession] = leftFor();
    expect(endSession!.pathname).toBe('/idp/session/end');
    expect(endSession!.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/auth/logout/callback');
    expect(endSession!.searchParams.get('id_token_hint')).toBeTruthy();
    expect(readStoredSession()).toBeNull();
    expect(await within(banner()).findByRole('link', { name: "Accedi all'area personale" })).toBeTruthy();
  });
});

describe('staff', () => {
  it('sees name, fiscal code and profile description, logout only, and the administrator menu', async () => {
    storeSession('anna');
    const { user } = renderApp('/back-office/requests');
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Richieste', 'Utenti', 'Registro attività']);
    const menu = await openUserMenu(user, /Anna Verdi/);
    const section = within(menu).getByRole('group');
    expect(section.textContent).toContain('Anna Verdi');
    expect(section.textContent).toContain('Codice fiscale: VRDNNA75D52F839Y');
    expect(section.textContent).toContain('Amministratore');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Esci']);
  });

  it('gives a collaborator the request list but no user management', async () => {
    storeSession('luca');
    renderApp('/back-office/requests');
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Richieste']);
  });

  it('asks for confirmation before logging out, and logs out only when confirmed', async () => {
    storeSession('anna');
    const { user } = renderApp('/back-office/requests');
    // The desk (a lazy page) settles first: its arrival moves focus to the page, which would close
    // a menu opened before it, as it would for a person clicking that early.
    await screen.findByText(/richieste trovate/);
    let menu = await openUserMenu(user, /Anna Verdi/);
    await user.click(within(menu).getByRole('menuitem', { name: 'Esci' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Vuoi uscire dal back office?' });
    await user.click(await within(dialog).findByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Focus goes back to the menu button once the dialog has gone (the modals machine's focus
    // poll): a menu opened before that would be closed by it, as it would for a person.
    await waitFor(() => expect(document.activeElement?.id).toBe(USER_MENU_BUTTON_ID));
    expect(readStoredSession()?.user.fiscalCode).toBe('VRDNNA75D52F839Y');
    expect(browserWindow.leave).not.toHaveBeenCalled();

    menu = await openUserMenu(user, /Anna Verdi/);
    await user.click(within(menu).getByRole('menuitem', { name: 'Esci' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Vuoi uscire dal back office?' });
    await user.click(await within(dialog).findByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
    expect(readStoredSession()).toBeNull();
  });
});
