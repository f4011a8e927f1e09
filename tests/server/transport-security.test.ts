// Browser features the portal never uses are switched off on every answer (Permissions-Policy), and
// production says so when PUBLIC_URL is plain http, and sends HSTS when it is https.
import { describe, expect, it } from 'vitest';
import { ApiPaths } from '#shared/api/paths.ts';
import { startTestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const PLAIN_HTTP_WARNING = /PUBLIC_URL is http:\/\/suap\.example\.org, plain http in production/;

async function withApp(env: Record<string, string>, run: (t: Awaited<ReturnType<typeof startTestApp>>) => Promise<void>) {
  const t = await startTestApp(await testDatabases()[0]!.open(), env);
  try {
    await run(t);
  } finally {
    await t.close();
    await t.database.close();
  }
}

describe('transport security', () => {
  it('switches off camera, microphone, location and payment on pages and API answers', async () => {
    await withApp({}, async (t) => {
      for (const url of [`/api${ApiPaths.regionList}`, '/api/nowhere', '/robots.txt', '/idp/jwks']) {
        const policy = String((await t.app.inject({ url })).headers['permissions-policy']);
        for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(policy, url).toContain(`${feature}=()`);
      }
    });
  });

  it('warns in production when PUBLIC_URL is plain http, and sends no HSTS there', async () => {
    await withApp({ NODE_ENV: 'production', LOG_LEVEL: 'info', EMBEDDED_IDP: 'true', PUBLIC_URL: 'http://suap.example.org' }, async (t) => {
      const warning = t.logs.map((line) => JSON.parse(line) as { level: number; msg: string }).find((line) => PLAIN_HTTP_WARNING.test(line.msg));
      expect(warning?.level).toBe(40);
      expect((await t.app.inject({ url: `/api${ApiPaths.regionList}` })).headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('sends HSTS in production over https, without the plain-http warning', async () => {
    await withApp({ NODE_ENV: 'production', LOG_LEVEL: 'info', EMBEDDED_IDP: 'true', PUBLIC_URL: 'https://suap.example.org' }, async (t) => {
      expect(t.logs.some((line) => /plain http in production/.test(line))).toBe(false);
      for (const url of [`/api${ApiPaths.regionList}`, '/robots.txt']) {
        expect(String((await t.app.inject({ url })).headers['strict-transport-security']), url).toMatch(/max-age=31536000; includeSubDomains/);
      }
    });
  });

  it('does not warn outside production', async () => {
    await withApp({ PUBLIC_URL: 'http://suap.example.org' }, async (t) => {
      expect(t.logs.some((line) => PLAIN_HTTP_WARNING.test(line))).toBe(false);
    });
  });
});
