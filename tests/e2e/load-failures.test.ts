// Issue acceptance (no dead ends): the network drops after the page has loaded and before any
// dialog has opened. The next screen and the first dialog cannot be downloaded: the person sees the
// portal's "your data are still here, try again" dialog, in their language and with focus on it,
// never React Router's developer page; once the network is back, "Try again" carries on.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';

/** From now on, every script the page has not downloaded yet fails, as with the network gone. */
async function dropTheNetworkForNewCode(page: Page): Promise<() => Promise<void>> {
  const downloaded = new Set(
    await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.endsWith('.js')),
    ),
  );
  const drop = (url: URL) => url.pathname.endsWith('.js') && !downloaded.has(url.href);
  await page.route(drop, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(drop);
}

/** A client-side move to the login callback, which, visited with no login in progress, opens a dialog. */
async function followToCallback(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.history.pushState({}, '', '/auth/callback');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

describe('code that cannot be downloaded, in Chromium', () => {
  const browser = useBrowser();

  for (const [locale, title, retry] of [
    ['it-IT', 'Questa parte del portale non si è caricata', 'Riprova'],
    ['en-GB', 'This part of the portal could not be loaded', 'Try again'],
  ] as const) {
    it(`offers to try again instead of the router's error page (${locale})`, async () => {
      const page = await browser.page({ locale });
      await page.goto(browser.baseUrl());
      await page.locator('h1').first().waitFor();
      const restore = await dropTheNetworkForNewCode(page);

      await followToCallback(page);
      const dialog = page.getByRole('alertdialog', { name: title });
      await dialog.waitFor();
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(retry);
      expect(await dialog.isVisible()).toBe(true);
      await expectNoAxeViolations(page, `code download failed (${locale})`);

      // The network is back: the screen and the first dialog's host download, the dialog opens.
      await restore();
      await dialog.getByRole('button', { name: retry }).click();
      await page.getByRole('alertdialog').locator('.modal-footer').waitFor();
      expect(await page.getByRole('alertdialog', { name: title }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/auth/callback');
    });
  }

  it('opens the first dialog once its host could be downloaded', async () => {
    // The server restarted with the page open: the modal host's file is not there yet.
    const page = await browser.page();
    let hostMissing = true;
    const modalHost = (url: URL) => /\/ModalHost-[^/]*\.js$/.test(url.pathname);
    await page.route(modalHost, (route) => (hostMissing ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`${browser.baseUrl()}/auth/callback`);
    const dialog = page.getByRole('alertdialog', { name: 'Questa parte del portale non si è caricata' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Riprova');

    // Trying again while the file is still missing keeps the dialog; once it is back, the dialog queued behind it opens.
    await dialog.getByRole('button', { name: 'Riprova' }).click();
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Riprova');
    hostMissing = false;
    await dialog.getByRole('button', { name: 'Riprova' }).click();
    await page
      .getByRole('alertdialog', { name: /Accesso non riuscito|Servizio di accesso non raggiungibile/ })
      .locator('.modal-footer')
      .waitFor();
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
  });

  it("offers to try again when the header's language selector cannot be downloaded", async () => {
    const page = await browser.page();
    await page.goto(browser.baseUrl());
    await page.locator('h1').first().waitFor();
    const restore = await dropTheNetworkForNewCode(page);

    // Pointing at the button prefetches the selector's code: that fails quietly; pressing it asks for real.
    const language = page.getByRole('banner').getByRole('button', { name: /Lingua/ });
    await language.click();
    const dialog = page.getByRole('alertdialog', { name: 'Questa parte del portale non si è caricata' });
    await dialog.waitFor();
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    await expectNoAxeViolations(page, 'language selector download failed');

    await restore();
    await dialog.getByRole('button', { name: 'Riprova' }).click();
    await page.getByRole('option', { name: 'English' }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });
});
