// Page paths (docs/architecture.md, plugins/spa.ts): a path the SPA has a screen for answers its
// page with 200; any other path outside /api answers 404, still with the SPA's page, which shows its
// not-found screen ('/healthz' used to answer the SPA's page with 200). The list of paths is the
// SPA's own (src/shared/spa-paths.ts).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const INDEX = '<!doctype html><html lang="it"><head><title>SUAP</title></head><body><div id="root"></div></body></html>';

describe('page paths', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-static-'));
    await fs.mkdir(path.join(staticDir, 'assets'));
    await fs.writeFile(path.join(staticDir, 'index.html'), INDEX);
    await fs.writeFile(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await startTestApp(await testDatabases()[0]!.open(), { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
    await fs.rm(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => t.app.inject({ method, url, headers: { 'accept-encoding': 'identity' } });

  it('answers every page the SPA has with its page and 200', async () => {
    for (const url of [
      '/',
      '/startup-service',
      '/help-page/',
      '/PRIVACY-POLICY',
      '/private-area',
      '/private-area/request-details?requestId=7',
      '/startup',
      '/startup/personal-data',
      '/auth/callback?code=x&state=y',
      '/back-office',
      '/back-office/requests',
      '/back-office/requests/101',
      '/back-office/users/create',
      '/back-office/audit-log?action=refusal',
      '/help-online/collab-agid',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(String(response.headers['content-type']), url).toMatch(/^text\/html/);
    }
  });

  it('answers any other path 404 with the SPA’s page, so it shows its not-found screen', async () => {
    for (const url of ['/healthz', '/wp-login.php', '/startup/no-such-step', '/back-office/requests/101/more', '/help-online', '/private-area/elsewhere']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(String(response.headers['content-type']), url).toMatch(/^text\/html/);
      expect(response.body, url).toContain('<div id="root"');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/healthz', 'HEAD')).statusCode).toBe(404);
  });

  it('keeps files, the API and other methods as they were', async () => {
    expect((await get('/assets/app-abc123.js')).statusCode).toBe(200);
    const api = await get('/api/healthz');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, errorKey: 'not-found' });
    const post = await get('/healthz', 'POST');
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 404 });
  });
});
