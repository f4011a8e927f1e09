// Spec §2 "Route areas and access", §4 "Session", §6: each area's guard, rendered.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserWindow } from '#web/auth/browser.ts';
import { readStoredSession } from '#web/auth/storage.ts';
import { renderApp } from './render.tsx';
import { storeSession } from './session.ts';

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

/** The login the app left for: client and the origin stored with the authorization request. */
async function leftForLogin() {
  await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
  const url = new URL(vi.mocked(browserWindow.leave).mock.calls[0]![0]);
  const stored = JSON.parse(window.sessionStorage.getItem(`suap.oidc.${url.searchParams.get('state')}`) ?? '{}');
  return { clientId: url.searchParams.get('client_id'), prompt: url.searchParams.get('prompt'), data: stored.data };
}

describe('route guards', () => {
  it('shows a collaborator a clear "not allowed" page on user management', async () => {
    storeSession('luca');
    renderApp('/back-office/users/create');
    expect(await h1('Accesso non consentito')).toBeTruthy();
    expect(screen.getByText('Il tuo profilo non permette di aprire questa pagina.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai alle richieste' }).getAttribute('href')).toBe('/back-office/requests');
  });

  it('lets an administrator manage users', async () => {
    storeSession('anna');
    renderApp('/back-office/users');
    expect(await h1('Utenti')).toBeTruthy();
  });

  it('starts the front-office login for an anonymous visitor of the private area, returning there', async () => {
    renderApp('/private-area?page=2');
    expect(await h1('Accesso richiesto')).toBeTruthy();
    expect(await leftForLogin()).toEqual({
      clientId: 'suap-fo',
      prompt: 'login',
      data: { origin: '/private-area?page=2', area: 'FO', fromBackOfficeRoot: false, silent: false },
    });
  });

  it('opens the private area and its help to a citizen, not to staff', async () => {
    storeSession('mario');
    const { unmount } = renderApp('/help-online/private-area');
    expect(await h1('Guida in linea - area personale')).toBeTruthy();
    unmount();
    storeSession('anna');
    renderApp('/private-area');
    expect(await h1('Accesso non consentito')).toBeTruthy();
  });

  it('starts the back-office login on a back-office path without staff user, silently first (no provider page), returning to that path', async () => {
    renderApp('/back-office/requests/12?q=Bianchi');
    expect(await h1('Accesso richiesto')).toBeTruthy();
    expect(await leftForLogin()).toEqual({
      clientId: 'suap-bo',
      prompt: 'none',
      data: { origin: '/back-office/requests/12?q=Bianchi', area: 'BO', fromBackOfficeRoot: true, silent: true },
    });
  });

  it('does not restore a citizen on a back-office path', async () => {
    storeSession('mario');
    renderApp('/back-office/requests');
    expect(await h1('Accesso richiesto')).toBeTruthy();
    expect((await leftForLogin()).clientId).toBe('suap-bo');
    expect(readStoredSession()).toBeNull();
  });

  it('admits staff help areas by profile and keeps the public help open', async () => {
    storeSession('luca');
    let view = renderApp('/help-online/admin-agid');
    expect(await h1('Accesso non consentito')).toBeTruthy();
    view.unmount();
    view = renderApp('/help-online/collab-agid');
    expect(await h1('Guida in linea - collaboratori')).toBeTruthy();
    view.unmount();
    window.sessionStorage.clear();
    renderApp('/help-online/public-area');
    expect(await h1('Guida in linea - area pubblica')).toBeTruthy();
    expect(browserWindow.leave).not.toHaveBeenCalled();
  });
});
