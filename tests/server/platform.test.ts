import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '#shared/api/paths.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe.each(testDatabases())('platform on $kind', ({ open }) => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-static-'));
    await fs.mkdir(path.join(staticDir, 'assets'));
    await fs.writeFile(path.join(staticDir, 'index.html'), '<!doctype html><html lang="it"><title>SUAP</title><div id="root"></div></html>');
    await fs.writeFile(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await startTestApp(await open(), { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
    await fs.rm(staticDir, { recursive: true, force: true });
  });

  it('answers liveness and readiness', async () => {
    const live = await t.app.inject({ url: `/api${ApiPaths.health}` });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ url: `/api${ApiPaths.ready}` });
    expect(ready.json()).toMatchObject({ code: 200, description: 'ready' });
  });

  it('puts a strict Content-Security-Policy and the other security headers on pages and API answers', async () => {
    for (const url of ['/', '/startup-service', '/no-such-page']) {
      const response = await t.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
    // API answers are JSON, never a page: a policy that allows nothing at all, OWASP's REST set.
    for (const url of [`/api${ApiPaths.regionList}`, '/api/nowhere']) {
      const response = await t.app.inject({ url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('never lets API answers be cached, and compresses large ones', async () => {
    const response = await t.app.inject({ url: `/api${ApiPaths.municipalityList}`, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const response = await t.app.inject({ url: '/api/suap/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, message: 'Not Found' });
  });

  it('serves the SPA for client-side routes, with hashed assets cached for a year', async () => {
    const page = await t.app.inject({ url: '/startup/notification-contacts?lang=en' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const post = await t.app.inject({ method: 'POST', url: '/startup' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 404 });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ url: `/api${ApiPaths.docsJson}` });
    const doc = response.json() as { openapi: string; paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    expect(doc.openapi).toMatch(/^3\./);
    const iniziative = doc.paths[`/api${ApiPaths.iniziativeList}`]?.get;
    expect(iniziative?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'size', 'sort', 'filter', 'typeId']));
  });

  it('logs requests by route pattern, never with their query strings', async () => {
    const marker = 'Bianchi';
    await t.app.inject({ url: `/api${ApiPaths.suapList}?filter=${marker}` });
    const lines = t.logs.join('');
    expect(lines).toContain('/suap/v1/anagrafica/suap/list');
    expect(lines).not.toContain(marker);
  });

  it('turns an unreachable database into a red readiness probe and a 503 envelope', async () => {
    const broken = await open();
    const app = await startTestApp(broken);
    await broken.close();
    const ready = await app.app.inject({ url: `/api${ApiPaths.ready}` });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 503 });
    const list = await app.app.inject({ url: `/api${ApiPaths.regionList}` });
    expect(list.statusCode).toBeGreaterThanOrEqual(500);
    expect(Object.keys(list.json()).sort()).toEqual(['code', 'description', 'errorKey', 'message']);
    await app.close();
  });
});
