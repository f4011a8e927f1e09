// The session policy that stands in for refresh tokens (docs/architecture.md "The API
// contract"): an access token lives ACCESS_TOKEN_SECONDS and says so in `expires_in`; the token
// exchange issues no refresh_token; while the provider's session lives, signing in again asks
// nothing (the authorization request is answered with a code at once, no sign-in page); and a
// draft saved under the first token goes on under the second, at the version it had reached.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '#shared/api/auth.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse } from '#shared/api/requests.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const BASE = 'http://localhost:3999';
const LIFETIME = 600;

describe.each(testDatabases())('session policy on $kind', ({ open }) => {
  let t: TestApp;
  const cookies = new Map<string, string>();
  const host = new URL(BASE).host;
  const keep = (setCookie: string | string[] | undefined) => {
    for (const line of ([] as string[]).concat(setCookie ?? [])) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const pathOf = (location: string) => {
    const url = new URL(location, BASE);
    return `${url.pathname}${url.search}`;
  };

  /** One browser's sign-in: the provider's cookies are kept between calls, like a browser does. */
  async function signIn(): Promise<{ tokens: TokenResponse; askedForCredentials: boolean }> {
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `${BASE}/auth/callback`;
    const query = new URLSearchParams({
      client_id: t.config.oidc.foClientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
    });
    let response = await t.app.inject({ url: `/idp/auth?${query}`, headers: { host, cookie: cookie() } });
    keep(response.headers['set-cookie']);
    let askedForCredentials = false;
    for (let hops = 0; hops < 8; hops++) {
      const location = String(response.headers.location ?? '');
      if (location.startsWith(redirectUri)) {
        const code = new URL(location).searchParams.get('code')!;
        const exchange = await t.app.inject({
          method: 'POST',
          url: `/api${ApiPaths.foAuthToken}`,
          payload: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
        });
        expect(exchange.statusCode, exchange.body).toBe(200);
        return { tokens: exchange.json() as TokenResponse, askedForCredentials };
      }
      const page = await t.app.inject({ url: pathOf(location), headers: { host, cookie: cookie() } });
      keep(page.headers['set-cookie']);
      if (page.statusCode === 200 && page.headers['content-type']?.includes('text/html')) {
        // The provider's sign-in page: the person picks who they are.
        askedForCredentials = true;
        response = await t.app.inject({
          method: 'POST',
          url: pathOf(location),
          headers: { host, cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'person=mario',
        });
        keep(response.headers['set-cookie']);
      } else {
        response = page;
      }
    }
    throw new Error('the provider did not send the browser back');
  }

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, ACCESS_TOKEN_SECONDS: String(LIFETIME) });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('gives a token of the configured lifetime and a refresh token, renews it without asking anything, or signs in again through the provider’s session without asking; the draft goes on', async () => {
    const first = await signIn();
    expect(first.askedForCredentials).toBe(true);
    expect(first.tokens.expires_in).toBe(LIFETIME);
    expect(first.tokens.refresh_token).toEqual(expect.any(String));
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=RSSMRA80A01H501U`, headers: as(first.tokens.access_token) });

    const created = await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.requestCreate}`,
      headers: as(first.tokens.access_token),
      payload: { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } },
    });
    const draft = (created.json() as RequestResponse).request;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api${apiPath('request', { id: draft.requestId })}`,
      headers: as(first.tokens.access_token),
      payload: { ...draft, partitaIva: '01234567897' },
    });
    expect(saved.statusCode).toBe(200);

    // Before (or after) the token ends, the refresh token renews it: no page, same lifetime.
    const renewal = await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.foAuthToken}`,
      payload: { grant_type: 'refresh_token', refresh_token: first.tokens.refresh_token },
    });
    expect(renewal.statusCode, renewal.body).toBe(200);
    const renewed = renewal.json() as TokenResponse;
    expect(renewed.expires_in).toBe(LIFETIME);
    expect((await t.app.inject({ url: `/api${apiPath('request', { id: draft.requestId })}`, headers: as(renewed.access_token) })).json()).toMatchObject({
      code: 200,
    });

    // The first token ended (here: the citizen's logout revokes it); signing in again asks nothing.
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api${ApiPaths.revoke}`, payload: { accessToken: first.tokens.access_token } });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api${apiPath('request', { id: draft.requestId })}`, headers: as(first.tokens.access_token) })).json()).toMatchObject({
      code: 401,
      errorKey: 'unauthorized',
    });
    const second = await signIn();
    expect(second.askedForCredentials).toBe(false);
    expect(second.tokens.access_token).not.toBe(first.tokens.access_token);

    // The draft is found again at the version it reached, and the next step saves on it.
    const found = (
      await t.app.inject({ url: `/api${apiPath('request', { id: draft.requestId })}`, headers: as(second.tokens.access_token) })
    ).json() as RequestResponse;
    expect(found.request).toMatchObject({ version: 2, partitaIva: '01234567897' });
    const next = await t.app.inject({
      method: 'PUT',
      url: `/api${apiPath('request', { id: draft.requestId })}`,
      headers: as(second.tokens.access_token),
      payload: { ...found.request, municipalityId: null },
    });
    expect(next.statusCode, next.body).toBe(200);
    expect((next.json() as RequestResponse).request.version).toBe(3);
  });
});
