// Spec §4 "Login" end to end in the SPA: the provider's redirect back, the token exchange, the
// user lookup and where each person lands (msw answers as the real server would).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { authUrls } from '#mocks/handlers/auth.ts';
import { browserWindow } from '#web/auth/browser.ts';
import { readStoredSession } from '#web/auth/storage.ts';
import { server } from './msw-server.ts';
import { prepareCallback } from './oidc.ts';
import { renderApp } from './render.tsx';

const banner = () => screen.getByRole('banner');

describe('front-office login', () => {
  it('comes back from the provider logged in, on the page the login started from', async () => {
    const first = renderApp('/startup-service');
    await first.user.click(within(banner()).getByRole('link', { name: "Accedi all'area personale" }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalled());
    const state = new URL(vi.mocked(browserWindow.leave).mock.calls[0]![0]).searchParams.get('state');
    // The browser left for the provider; it comes back to a freshly loaded SPA.
    first.unmount();
    const { router } = renderApp(`/auth/callback?code=code-mario&state=${state}`);

    expect(await within(banner()).findByRole('button', { name: /Mario Rossi/ })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/startup-service'));
    expect(readStoredSession()).toMatchObject({ area: 'FO', user: { fiscalCode: 'RSSMRA80A01H501U' }, auth: { access_token: 'access-mario' } });
  });

  it('starts the login from the login page the header links to, back to the page it names', async () => {
    // The header's login is a link: followed before the app had loaded, it lands on the login page.
    const home = renderApp('/startup-service?x=1');
    const link = await within(banner()).findByRole('link', { name: "Accedi all'area personale" });
    expect(link.getAttribute('href')).toBe('/auth/login?from=%2Fstartup-service%3Fx%3D1');
    home.unmount();
    renderApp(link.getAttribute('href')!);
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
    const state = new URL(vi.mocked(browserWindow.leave).mock.calls[0]![0]).searchParams.get('state');
    const stored = JSON.parse(window.sessionStorage.getItem(`suap.oidc.${state}`) ?? 'null');
    expect(stored).toMatchObject({ data: { origin: '/startup-service?x=1', area: 'FO' } });
  });

  it('exchanges a callback URL exactly once under StrictMode', async () => {
    const exchanges = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/login/token')) exchanges();
    });
    const path = await prepareCallback('FO', 'mario', { origin: '/help-page' });
    const { router } = renderApp(path, { strict: true });
    expect(await within(banner()).findByRole('button', { name: /Mario Rossi/ })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/help-page'));
    expect(exchanges).toHaveBeenCalledTimes(1);
    server.events.removeAllListeners();
  });

  it('refuses a deactivated citizen with the front-office authentication-failed modal', async () => {
    const { user } = renderApp(await prepareCallback('FO', 'paolo'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Account disattivato' });
    expect(readStoredSession()).toBeNull();
    await user.click(await within(dialog).findByRole('button', { name: 'Accedi di nuovo' }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalled());
    expect(new URL(vi.mocked(browserWindow.leave).mock.calls[0]![0]).searchParams.get('client_id')).toBe('suap-fo');
  });

  it('says the login was cancelled when the person cancelled at the provider, and offers it again', async () => {
    const { user } = renderApp(await prepareCallback('FO', 'mario', {}, 'access_denied'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accesso annullato' });
    expect(screen.queryByRole('alertdialog', { name: 'Servizio di accesso non raggiungibile' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, hidden: true }).textContent).toBe('Accesso annullato');
    expect(readStoredSession()).toBeNull();
    await user.click(await within(dialog).findByRole('button', { name: 'Accedi di nuovo' }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalled());
  });

  it('logs out when the token exchange fails', async () => {
    server.use(http.post(authUrls.foToken, () => HttpResponse.json({ code: 401, message: 'Unauthorized', description: 'x' }, { status: 401 })));
    renderApp(await prepareCallback('FO', 'mario'));
    // The dialog says the sign-in service failed (try again); the page behind it says login failed.
    expect(await screen.findByRole('alertdialog', { name: 'Servizio di accesso non raggiungibile' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, hidden: true }).textContent).toBe('Accesso non riuscito');
    expect(readStoredSession()).toBeNull();
  });

  it('sends an eIDAS citizen to the identity matcher with the provider’s names and birth date shown', async () => {
    const { router } = renderApp(await prepareCallback('FO', 'hans'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/identity-matcher'));
    expect(await screen.findByText('Hans')).toBeTruthy();
    expect(screen.getByText('Muller')).toBeTruthy();
    expect(screen.getByText('02/03/1975')).toBeTruthy();
  });
});

describe('back-office login', () => {
  it('lets a collaborator in from the back-office entry and lands on the request list', async () => {
    const entry = renderApp('/auth/back-office');
    await entry.user.click(await screen.findByRole('button', { name: 'Accedi al back office' }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalled());
    const authorize = new URL(vi.mocked(browserWindow.leave).mock.calls[0]![0]);
    expect(authorize.searchParams.get('client_id')).toBe('suap-bo');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/back-office/callback');
    entry.unmount();
    const { router } = renderApp(`/auth/back-office/callback?code=code-luca&state=${authorize.searchParams.get('state')}`);
    expect(await within(banner()).findByRole('button', { name: /Luca Neri/ })).toBeTruthy();
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/back-office/requests?lang=it'));
  });

  it('refuses a person without a staff account with the back-office modal, whose button starts a staff login', async () => {
    const { user } = renderApp(await prepareCallback('BO', 'sara'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accesso non riuscito' });
    await user.click(await within(dialog).findByRole('button', { name: 'Accedi di nuovo al back office' }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalled());
    expect(new URL(vi.mocked(browserWindow.leave).mock.calls[0]![0]).searchParams.get('client_id')).toBe('suap-bo');
  });
});
