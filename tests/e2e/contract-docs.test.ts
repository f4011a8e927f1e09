// The API documentation page (docs/architecture.md "The API contract") in real Chromium against the real server: Swagger UI
// served from the portal itself renders the OpenAPI document under the page's strict CSP (no
// inline code, nothing from elsewhere), with no refused resource and no script error.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';

describe('the API documentation page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders every operation group from /api/docs/json with its security, under a CSP that refuses nothing it needs', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    const foreign: string[] = [];
    const base = new URL(inject('portalUrl'));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== base.origin && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    const response = await page.goto(`${base.origin}/api/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    await expect.poll(() => page.locator('.swagger-ui .info .title').first().textContent(), { timeout: 30_000 }).toContain('SUAP portal API');
    await expect.poll(() => page.locator('.opblock-tag').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    // Secured operations show their lock; the Authorize dialog offers both areas' bearer schemes.
    expect(await page.locator('.authorization__btn').count()).toBeGreaterThan(10);
    await page.locator('.btn.authorize').first().click();
    await expect.poll(() => page.locator('.auth-container').count()).toBe(2);
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  }, 90_000);
});
