// `npm run dev:mock` in a real browser: the Vite dev server in mock mode (no /api proxy) and msw's
// service worker are all there is, yet the portal shows its home page from the mocked
// configuration and a person signs in through the mock identity provider page. No response to an
// API call may come from anywhere but the service worker.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { LOGIN_BUTTON, userMenuButton } from './support/identity.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('mock mode (npm run dev:mock)', () => {
  const browser = useBrowser();
  let server: ViteDevServer;
  let url = '';

  beforeAll(async () => {
    server = await createServer({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'mock',
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0, hmr: false },
    });
    await server.listen();
    url = `http://127.0.0.1:${(server.httpServer?.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('serves the portal on the mocks alone, and signs in a mock identity', async () => {
    const page = await browser.page({ locale: 'it-IT' });
    // The dev server compiles the app on first request: the first page takes longer than a built one.
    page.setDefaultTimeout(90_000);
    const fromNetwork: string[] = [];
    page.on('response', (response: Response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/') && !response.fromServiceWorker()) fromNetwork.push(`${response.status()} ${pathname}`);
    });

    await page.goto(url);
    await page.locator('html[data-mock-api="on"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 90_000 }).toBe('Sportello Unico Attività Produttive');

    await page.getByRole('banner').getByRole('link', { name: LOGIN_BUTTON }).click();
    await page.waitForURL(/\/mock\/idp\.html\?/);
    await page.getByRole('button', { name: 'Mario Rossi (Cittadino)' }).click();
    await userMenuButton(page, 'Mario Rossi').waitFor();
    expect(await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('suap.session') ?? '{}')?.auth?.access_token)).toBe('access-mario');

    expect(fromNetwork).toEqual([]);
  });
});
