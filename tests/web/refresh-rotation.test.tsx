// Refresh tokens that rotate (docs/deployment.md "Tokens and idle sign-out"): the embedded provider
// hands out a new refresh token on every renewal and revokes the whole sign-in when a used one comes
// back. So the SPA must renew with the newest one, and keep it in the tab for a reload: two
// renewals in a row send two different refresh tokens, never the used one again.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mario, tokensFor } from '#mocks/fixtures/identities.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { api } from '#web/api/client.ts';
import { readStoredSession, writeStoredSession } from '#web/auth/storage.ts';
import { server } from './msw-server.ts';
import { renderApp } from './render.tsx';

const REQUESTS = `${API_BASE}${ApiPaths.requestList}`;

describe('rotating refresh tokens', () => {
  it('renews with the newest refresh token each time and keeps it for a reload', async () => {
    const used = new Set<string>();
    const sent: string[] = [];
    let issued = 0;
    server.use(
      // Each access token works for one call, then has "expired".
      http.get(REQUESTS, ({ request }) => {
        const token = request.headers.get('authorization') ?? '';
        if (used.has(token)) return HttpResponse.json({ code: 401, message: 'Unauthorized', description: 'expired' }, { status: 401 });
        used.add(token);
        return HttpResponse.json({ code: 200, message: 'OK', description: 'OK', requestList: [] });
      }),
      http.post(`${API_BASE}${ApiPaths.foAuthToken}`, async ({ request }) => {
        const { refresh_token: refreshToken } = (await request.json()) as { refresh_token: string };
        sent.push(refreshToken);
        // A rotated (already used) refresh token is refused, as the provider does.
        if (sent.indexOf(refreshToken) !== sent.length - 1)
          return HttpResponse.json({ code: 401, message: 'Unauthorized', description: 'reused' }, { status: 401 });
        issued += 1;
        return HttpResponse.json({
          access_token: `access-mario-${issued}`,
          expires_in: 1800,
          id_token: 'x.e30.y',
          refresh_token: `refresh-mario-${issued}`,
          token_type: 'Bearer',
        });
      }),
    );
    writeStoredSession({ user: mario, auth: { ...tokensFor('mario'), refresh_token: 'refresh-mario-0' }, area: 'FO' });
    renderApp('/help-page');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: /Mario Rossi/ })).toBeTruthy();
    for (let call = 0; call < 3; call += 1) expect((await api.get(ApiPaths.requestList)).data.code).toBe(200);
    expect(sent).toEqual(['refresh-mario-0', 'refresh-mario-1']);
    expect(readStoredSession()?.auth).toMatchObject({ access_token: 'access-mario-2', refresh_token: 'refresh-mario-2' });
    expect(within(banner).getByRole('button', { name: /Mario Rossi/ })).toBeTruthy();
  });
});
