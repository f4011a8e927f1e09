// Token families of the embedded provider (RFC 9700 §4.14; docs/deployment.md "Tokens"): refresh
// tokens rotate on every use, a reused one revokes the whole grant, and a replayed authorization
// code revokes what its first redemption handed out, the JWT access tokens included, which the
// API refuses on every instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '#shared/api/auth.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { RevocationStore } from '#server/auth/revocations.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { authorize, signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const MARIO = 'RSSMRA80A01H501U';

describe.each(testDatabases())('token families on $kind', ({ open }) => {
  let t: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    // A second instance on the same database, as behind a load balancer.
    second = await startTestApp(t.database, { PUBLIC_URL: BASE, DATA_DIR: t.config.dataDir });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await t.database.close();
  });

  const exchange = (app: TestApp, payload: Record<string, string>) => app.app.inject({ method: 'POST', url: `/api${ApiPaths.foAuthToken}`, payload });
  const refresh = (app: TestApp, refreshToken: string | undefined) => exchange(app, { grant_type: 'refresh_token', refresh_token: refreshToken ?? '' });
  const userInfo = (app: TestApp, token: string) =>
    app.app.inject({ method: 'GET', url: `/api${ApiPaths.userInfo}?fiscalCode=${MARIO}`, headers: { authorization: `Bearer ${token}` } });
  const expectRefused = async (token: string) => {
    for (const app of [t, second]) {
      const answer = await userInfo(app, token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 401, description: expect.stringContaining('revoked') });
    }
  };

  it('hands out a new refresh token on every renewal, and the new one renews again', async () => {
    const first = await signIn(t.app, BASE, 'FO', 'mario');
    const renewed = await refresh(second, first.refresh_token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const next = renewed.json() as TokenResponse;
    expect(next.refresh_token).toEqual(expect.any(String));
    expect(next.refresh_token).not.toBe(first.refresh_token);
    const again = await refresh(t, next.refresh_token);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as TokenResponse).refresh_token).not.toBe(next.refresh_token);
    expect((await userInfo(second, (again.json() as TokenResponse).access_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is used again, its access tokens included, on every instance', async () => {
    const first = await signIn(t.app, BASE, 'FO', 'mario');
    const other = await signIn(t.app, BASE, 'FO', 'mario');
    const renewed = (await refresh(t, first.refresh_token)).json() as TokenResponse;
    expect((await userInfo(second, renewed.access_token)).statusCode).toBe(200);

    // The rotated token comes back (stolen, or a copied tab): refused, and the family ends.
    const reuse = await refresh(second, first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 401 });
    expect(reuse.json()).not.toHaveProperty('access_token');
    // The legitimate holder's newer refresh token is refused too: the whole family is revoked.
    expect((await refresh(t, renewed.refresh_token)).statusCode).toBe(401);
    await expectRefused(first.access_token);
    await expectRefused(renewed.access_token);
    // Another sign-in of the same person is another family: untouched.
    expect((await userInfo(second, other.access_token)).statusCode).toBe(200);
    expect((await refresh(second, other.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the access and refresh tokens of a code redeemed twice, on every instance', async () => {
    const { code, verifier, redirectUri } = await authorize(t.app, BASE, 'FO', 'mario');
    const payload = { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier };
    const first = await exchange(t, payload);
    expect(first.statusCode, first.body).toBe(200);
    const tokens = first.json() as TokenResponse;
    expect((await userInfo(second, tokens.access_token)).statusCode).toBe(200);

    const replay = await exchange(second, payload);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).not.toHaveProperty('access_token');
    await expectRefused(tokens.access_token);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
  });

  it('refuses a token issued while its grant was being revoked, whichever write lands first', async () => {
    const store = new RevocationStore(t.database.db);
    const expires = new Date(Date.now() + 60_000);
    await store.recordIssued('before-revocation', 'grant-a', expires);
    await store.revokeGrant('grant-a');
    await store.recordIssued('after-revocation', 'grant-a', expires);
    await store.recordIssued('other-grant', 'grant-b', expires);
    expect(await store.isRevoked('before-revocation')).toBe(true);
    expect(await store.isRevoked('after-revocation')).toBe(true);
    expect(await store.isRevoked('other-grant')).toBe(false);
  });

  it('forgets token families once they would have expired anyway', async () => {
    const store = new RevocationStore(t.database.db);
    const now = new Date();
    await store.recordIssued('expired-token', 'grant-old', new Date(now.getTime() - 1000));
    await store.revokeGrant('grant-old', new Date(now.getTime() - 9 * 3600_000));
    await store.sweep(now);
    const db = t.database.db;
    expect(await db.selectFrom('issued_access_tokens').select('jti').where('grant_id', '=', 'grant-old').execute()).toEqual([]);
    expect(await db.selectFrom('revoked_grants').select('grant_id').where('grant_id', '=', 'grant-old').execute()).toEqual([]);
  });
});

describe.each(testDatabases())('logout at the provider on $kind', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('revokes, at our API, the access tokens of the sign-in it ends', async () => {
    const host = new URL(BASE).host;
    const { code, verifier, redirectUri, cookies } = await authorize(t.app, BASE, 'FO', 'mario');
    const exchanged = await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.foAuthToken}`,
      payload: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
    });
    const tokens = exchanged.json() as TokenResponse;
    const userInfo = () =>
      t.app.inject({ method: 'GET', url: `/api${ApiPaths.userInfo}?fiscalCode=${MARIO}`, headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await userInfo()).statusCode).toBe(200);

    const query = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${BASE}/auth/logout/callback` });
    const page = await t.app.inject({ method: 'GET', url: `/idp/session/end?${query}`, headers: { host, cookie: cookies } });
    expect(page.statusCode, page.body).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(xsrf).toEqual(expect.any(String));
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/idp/session/end/confirm',
      headers: { host, cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(303);

    const refused = await userInfo();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ description: expect.stringContaining('revoked') });
  });
});
