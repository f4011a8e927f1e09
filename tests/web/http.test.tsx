// The API client's cross-cutting behaviour with the machines (spec §4 "Spinner", §7): the bearer
// token of the session, the spinner while a call is in flight, and a 401 ending the session with
// the page remembered as the login origin.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { api } from '#web/api/client.ts';
import { browserWindow } from '#web/auth/browser.ts';
import { mario, tokensFor } from '#mocks/fixtures/identities.ts';
import { readOrigin, readStoredSession, writeStoredSession } from '#web/auth/storage.ts';
import { server } from './msw-server.ts';
import { renderApp } from './render.tsx';
import { storeSession } from './session.ts';

const REQUESTS = `${API_BASE}${ApiPaths.requestList}`;

describe('protected calls', () => {
  it('carry the session token, and a 401 logs out remembering the page', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(REQUESTS, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ code: 401, message: 'Unauthorized', description: 'revoked' }, { status: 401 });
      }),
    );
    storeSession('mario');
    renderApp('/help-page?step=2');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: /Mario Rossi/ })).toBeTruthy();
    await expect(api.get(ApiPaths.requestList)).rejects.toThrow();
    expect(authorization).toBe('Bearer access-mario');
    expect(await within(banner).findByRole('link', { name: "Accedi all'area personale" })).toBeTruthy();
    expect(readStoredSession()).toBeNull();
    await waitFor(() => expect(readOrigin('loginOrigin')).toBe('/help-page?step=2'));
  });

  it('on a protected page, a 401 starts the login that returns to the same page', async () => {
    server.use(http.get(REQUESTS, () => HttpResponse.json({ code: 401, message: 'Unauthorized', description: 'x' }, { status: 401 })));
    storeSession('mario');
    renderApp('/private-area');
    expect(await screen.findByRole('heading', { level: 1, name: 'Area personale' })).toBeTruthy();
    await expect(api.get(ApiPaths.requestList)).rejects.toThrow();
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
    const state = new URL(vi.mocked(browserWindow.leave).mock.calls[0]![0]).searchParams.get('state');
    expect(JSON.parse(window.sessionStorage.getItem(`suap.oidc.${state}`) ?? '{}').data.origin).toBe('/private-area');
  });
});

describe('session renewal', () => {
  it('renews an expired token with the refresh token, retries the refused call once, and keeps the person signed in', async () => {
    const seen: string[] = [];
    const tokenRequests: unknown[] = [];
    server.use(
      http.get(REQUESTS, ({ request }) => {
        const authorization = request.headers.get('authorization') ?? '';
        seen.push(authorization);
        // The first token has expired; the renewed one is accepted.
        return seen.length === 1
          ? HttpResponse.json({ code: 401, message: 'Unauthorized', description: 'expired' }, { status: 401 })
          : HttpResponse.json({ code: 200, message: 'OK', description: 'OK', requestList: [] });
      }),
      http.post(`${API_BASE}${ApiPaths.foAuthToken}`, async ({ request }) => {
        tokenRequests.push(await request.json());
        return HttpResponse.json({ access_token: 'access-mario-renewed', expires_in: 1800, id_token: 'x.e30.y', token_type: 'Bearer' });
      }),
    );
    writeStoredSession({ user: mario, auth: { ...tokensFor('mario'), refresh_token: 'refresh-mario' }, area: 'FO' });
    renderApp('/help-page');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: /Mario Rossi/ })).toBeTruthy();
    const answer = await api.get(ApiPaths.requestList);
    expect(answer.data.code).toBe(200);
    expect(seen).toEqual(['Bearer access-mario', 'Bearer access-mario-renewed']);
    expect(tokenRequests).toEqual([{ grant_type: 'refresh_token', refresh_token: 'refresh-mario' }]);
    // Still signed in, with the renewed token stored for a reload and the refresh token kept.
    expect(within(banner).getByRole('button', { name: /Mario Rossi/ })).toBeTruthy();
    await waitFor(() => expect(readStoredSession()?.auth).toMatchObject({ access_token: 'access-mario-renewed', refresh_token: 'refresh-mario' }));
    expect(browserWindow.leave).not.toHaveBeenCalled();
  });

  it('ends the session when the provider refuses the renewal, and the refused call fails', async () => {
    server.use(
      http.get(REQUESTS, () => HttpResponse.json({ code: 401, message: 'Unauthorized', description: 'expired' }, { status: 401 })),
      http.post(`${API_BASE}${ApiPaths.foAuthToken}`, () => HttpResponse.json({ code: 401, message: 'Unauthorized', description: 'refused' }, { status: 401 })),
    );
    writeStoredSession({ user: mario, auth: { ...tokensFor('mario'), refresh_token: 'refresh-mario' }, area: 'FO' });
    renderApp('/help-page');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: /Mario Rossi/ })).toBeTruthy();
    await expect(api.get(ApiPaths.requestList)).rejects.toThrow();
    expect(await within(banner).findByRole('link', { name: "Accedi all'area personale" })).toBeTruthy();
    expect(readStoredSession()).toBeNull();
  });
});

describe('spinner', () => {
  it('is visible while a request is in flight, and only then', async () => {
    let release: () => void = () => {};
    server.use(
      http.get(REQUESTS, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ code: 200, message: 'OK', description: 'OK', requestList: [] });
      }),
    );
    renderApp('/help-page');
    await screen.findByRole('heading', { level: 1, name: 'Supporto' });
    const status = () => screen.getAllByRole('status').find((region) => region.classList.contains('app-spinner'))!;
    await waitFor(() => expect(status().textContent).toBe(''));
    const call = api.get(ApiPaths.requestList);
    await waitFor(() => expect(status().textContent).toBe('Caricamento in corso'));
    release();
    await call;
    await waitFor(() => expect(status().textContent).toBe(''));
  });
});
