// Issue acceptance: the shell renders in Italian in a real browser against the real server,
// switches to English, and reads real reference data.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';

describe('the portal shell in Chromium', () => {
  const browser = useBrowser();

  it('renders the home page in Italian and switches to English', async () => {
    const page = await browser.page({ locale: 'it-IT' });
    await page.goto(browser.baseUrl());
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Sportello Unico Attività Produttive');
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    await expectNoAxeViolations(page, 'home (it)');

    await page.getByRole('button', { name: /Lingua/ }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('One-Stop Shop for Business Activities');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    await expectNoAxeViolations(page, 'home (en)');

    // The choice survives a reload.
    await page.reload();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('One-Stop Shop for Business Activities');
  });

  it('serves client-side routes directly and enables the startup service from the real configuration', async () => {
    const page = await browser.page({ locale: 'it-IT' });
    await page.goto(`${browser.baseUrl()}/startup-service`);
    const start = page.getByRole('button', { name: /avvia|inizia/i }).or(page.getByRole('link', { name: /avvia|inizia/i }));
    await expect.poll(async () => (await start.count()) > 0).toBe(true);
    await expectNoAxeViolations(page, 'startup service (it)');
  });

  it('reads the real reference data through the API', async () => {
    const page = await browser.page();
    await page.goto(browser.baseUrl());
    const counts = await page.evaluate(async () => {
      const json = (url: string) => fetch(url).then((r) => r.json());
      const regions = await json('/api/suap/v1/anagrafica/region/list');
      const lazio = await json('/api/suap/v1/anagrafica/province/list?regionId=12');
      const rome = await json('/api/suap/v1/anagrafica/municipality/list?provinceId=58');
      return [regions.regionList.length, lazio.provinceList.length, rome.municipalityList.length];
    });
    expect(counts).toEqual([20, 5, 121]);
  });
});
