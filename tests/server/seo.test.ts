// What crawlers and link previews receive without running JavaScript: each public page's own head.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en.json' with { type: 'json' };
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const BASE = 'https://suap.example.org';

describe('server-rendered head', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-seo-'));
    await fs.copyFile('src/web/index.html', path.join(staticDir, 'index.html'));
    t = await startTestApp(await testDatabases()[0]!.open(), { STATIC_DIR: staticDir, PUBLIC_URL: BASE, ADMINISTRATION_NAME: 'Comune di Esempio' });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
    await fs.rm(staticDir, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}) => (await t.app.inject({ url, headers })).body;
  const attr = (html: string, selector: RegExp) => html.match(selector)?.[1];

  it('gives the startup service page its title, description, social tags, canonical link and JSON-LD, in the language asked', async () => {
    const html = await page('/startup-service?lang=en');
    expect(html).toContain('<html lang="en"');
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(`${en['header.title']} - ${en['pages.startup-service.title']}`);
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toMatch(/startup/i);
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${BASE}/startup-service?lang=en`);
    expect(attr(html, /property="og:url" content="([^"]*)"/)).toBe(`${BASE}/startup-service?lang=en`);
    expect(attr(html, /property="og:locale" content="([^"]*)"/)).toBe('en_GB');
    expect(html).toContain('name="twitter:card" content="summary"');
    const jsonLd = JSON.parse(attr(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/)!);
    expect(jsonLd).toMatchObject({ '@type': 'GovernmentService', provider: { name: 'Comune di Esempio' }, url: `${BASE}/startup-service?lang=en` });

    const italian = await page('/startup-service?lang=it');
    expect(italian).toContain('<html lang="it"');
    expect(attr(italian, /<title>([^<]*)<\/title>/)).toMatch(/ - Servizio startup$/);
    expect(attr(italian, /<link rel="canonical" href="([^"]*)"/)).toBe(`${BASE}/startup-service?lang=it`);
  });

  it('uses the header title alone on home, and per-page descriptions without social tags elsewhere', async () => {
    const home = await page('/?lang=it');
    expect(attr(home, /<title>([^<]*)<\/title>/)).toBe('SUAP - Sportello Unico Attività Produttive');
    expect(home).toContain('property="og:title"');
    expect(home).not.toContain('application/ld+json');
    const privacy = await page('/privacy-policy', { 'accept-language': 'en' });
    expect(privacy).toContain('<html lang="en"');
    expect(privacy).not.toContain('og:title');
    expect(attr(privacy, /<meta name="keywords" content="([^"]*)"/)).toMatch(/privacy/i);
  });

  it('publishes robots.txt and a sitemap of the public pages in both languages', async () => {
    const robots = await page('/robots.txt');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.match(/<loc>/g)).toHaveLength(8);
    expect(sitemap).toContain(`<loc>${BASE}/startup-service?lang=en</loc>`);
  });
});
