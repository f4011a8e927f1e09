// Transport security: HSTS once the portal is served over TLS, and the identity provider's cookies
// Secure (over TLS), HttpOnly and SameSite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe('headers and cookies behind TLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a TLS-terminating proxy, as deployed.
    t = await startTestApp(await testDatabases()[0]!.open(), { PUBLIC_URL: 'https://suap.example.it', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('sends HSTS on pages and API answers', async () => {
    for (const url of ['/api/suap/v1/anagrafica/region/list', '/api/nowhere']) {
      const response = await t.app.inject({ url });
      expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=31536000; includeSubDomains/);
    }
  });

  it('sets the identity provider’s cookies Secure, HttpOnly and SameSite', async () => {
    const query = new URLSearchParams({ client_id: 'suap-fo', redirect_uri: 'https://suap.example.it/auth/callback', response_type: 'code', scope: 'openid', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 's' });
    const response = await t.app.inject({ url: `/idp/auth?${query}`, headers: { host: 'suap.example.it', 'x-forwarded-proto': 'https' } });
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*secure/i);
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=lax/i);
    }
  });
});
