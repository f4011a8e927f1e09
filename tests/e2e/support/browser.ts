// One Chromium per test file; each test gets a fresh context (cookies, storage) in the language asked.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium.ts';

export function useBrowser() {
  const state: { browser: Browser | null; contexts: BrowserContext[] } = { browser: null, contexts: [] };
  beforeAll(async () => {
    state.browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.all(state.contexts.map((c) => c.close().catch(() => {})));
    await state.browser?.close();
  });
  return {
    baseUrl: () => inject('portalUrl'),
    async page(options: { locale?: string; width?: number; height?: number } = {}): Promise<Page> {
      const context = await state.browser!.newContext({
        locale: options.locale ?? 'it-IT',
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      });
      state.contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      actOnceStarted(page);
      return page;
    },
  };
}

/**
 * A public page arrives prerendered (src/server/plugins/spa.ts): readable at once, but its buttons
 * respond only once the app has started (`<html data-app="started">`, src/web/App.tsx). Every
 * navigation of the test's page waits for that, as a person would wait for the page to settle.
 */
function actOnceStarted(page: Page): void {
  const started = () => page.waitForFunction(() => !document.querySelector('#root[data-prerendered]') || document.documentElement.dataset.app === 'started');
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await started();
      return response;
    };
  }
}

/** Zero axe violations against WCAG 2.0/2.1 A and AA; the message lists what failed. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
