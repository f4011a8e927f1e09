// Transport security: HSTS once the portal is served over TLS, and the identity provider's cookies
// Secure (over TLS), HttpOnly and SameSite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe('headers and cookies behind TLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a TLS-terminating proxy, as deployed.
    t = await startTestApp(await testDatabases()[0]!.open(), { PUBLIC_URL: 'https://suap.example.org', TRUST_PROXY: 'true' });
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
    const query = new URLSearchParams({
      client_id: 'suap-fo',
      redirect_uri: 'https://suap.example.org/auth/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 's',
    });
    const response = await t.app.inject({ url: `/idp/auth?${query}`, headers: { host: 'suap.example.org', 'x-forwarded-proto': 'https' } });
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*secure/i);
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=lax/i);
    }
  });

  it('gives the provider’s pages the site’s security headers (CSP, frame-ancestors none, nosniff)', async () => {
    for (const url of ['/idp/.well-known/openid-configuration', '/idp/jwks', '/idp/auth?client_id=nobody']) {
      const response = await t.app.inject({ url, headers: { host: 'suap.example.org' } });
      expect(String(response.headers['content-security-policy']), url).toMatch(/frame-ancestors 'none'/);
      expect(String(response.headers['content-security-policy']), url).toMatch(/default-src 'self'/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('builds the provider’s issuer and endpoints from PUBLIC_URL, whatever Host or X-Forwarded-Host says', async () => {
    for (const headers of [{ host: 'evil.example.com' }, { host: 'suap.example.org', 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'http' }]) {
      const response = await t.app.inject({ url: '/idp/.well-known/openid-configuration', headers });
      expect(response.statusCode).toBe(200);
      const discovery = response.json() as Record<string, unknown>;
      expect(discovery.issuer).toBe('https://suap.example.org/idp');
      for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']) {
        expect(String(discovery[key]), key).toMatch(/^https:\/\/suap\.example\.org\/idp\//);
      }
      expect(response.body).not.toContain('evil.example.com');
    }
  });
});
