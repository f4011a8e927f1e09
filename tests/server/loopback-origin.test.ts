// The portal opened at http://127.0.0.1:3000 while PUBLIC_URL says localhost. Sign-in
// keeps its state per origin and the provider returns to PUBLIC_URL, so pages are sent to the
// PUBLIC_URL origin first; any other host name (a proxy's internal one) is served as it is.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '#shared/api/paths.ts';
import { canonicalPageUrl } from '#server/plugins/spa.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const BASE = 'http://localhost:3000';

describe('pages reached by another loopback name', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-loopback-'));
    await fs.copyFile('src/web/index.html', path.join(staticDir, 'index.html'));
    t = await startTestApp(await testDatabases()[0]!.open(), { STATIC_DIR: staticDir, PUBLIC_URL: BASE });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
    await fs.rm(staticDir, { recursive: true, force: true });
  });

  it('sends a page asked at 127.0.0.1 to the same path at PUBLIC_URL, query included', async () => {
    const response = await t.app.inject({ url: '/startup-service?lang=en', headers: { host: '127.0.0.1:3000' } });
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe(`${BASE}/startup-service?lang=en`);
  });

  it('serves the page at PUBLIC_URL, and the API at any host (no redirect of calls)', async () => {
    const page = await t.app.inject({ url: '/startup-service', headers: { host: 'localhost:3000' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const api = await t.app.inject({ url: `/api${ApiPaths.regionList}`, headers: { host: '127.0.0.1:3000' } });
    expect(api.statusCode).not.toBe(307);
  });

  it('redirects only between loopback names, so a proxy’s internal host name never loops', () => {
    expect(canonicalPageUrl('127.0.0.1', '/', BASE)).toBe(`${BASE}/`);
    expect(canonicalPageUrl('[::1]', '/a?b=1', BASE)).toBe(`${BASE}/a?b=1`);
    expect(canonicalPageUrl('localhost', '/', BASE)).toBeNull();
    expect(canonicalPageUrl('app', '/', 'https://suap.example.org')).toBeNull();
    expect(canonicalPageUrl('127.0.0.1', '/', 'https://suap.example.org')).toBeNull();
  });
});
