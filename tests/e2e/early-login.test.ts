// Spec §2 "Header" on a slow connection: the public pages arrive prerendered, and a visitor may tap
// "Accedi" before the app's code has arrived. The tap must not be lost: the login control is a link
// to the login page, which starts the login back to the page the tap came from
// (docs/architecture.md "Server", the prerendered pages).
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { chooseIdentity, LOGIN_BUTTON, userMenuButton } from './support/identity.ts';

describe('a login tapped before the app has loaded, in Chromium', () => {
  const browser = useBrowser();

  it('is not lost: the login starts and comes back to the same page', async () => {
    const page = await browser.page({ locale: 'it-IT' });
    // Every script of the first page is held back: what shows is the prerendered markup alone.
    let holding = true;
    const held: (() => Promise<void>)[] = [];
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      (route) => (holding ? held.push(() => route.continue()) : route.continue()),
    );
    // The frame's own goto: the page's waits for the app to start (support/browser.ts), as this test must not.
    await page.mainFrame().goto(`${browser.baseUrl()}/startup-service`, { waitUntil: 'commit' });
    const login = page.getByRole('banner').getByRole('link', { name: LOGIN_BUTTON });
    await login.waitFor();
    // The boot script itself is held: none of the app's code has run.
    await expect.poll(() => held.length).toBeGreaterThan(0);

    holding = false;
    await login.click();
    await page.waitForURL(/\/auth\/login\?from=%2Fstartup-service$/);
    await Promise.all(held.map((go) => go().catch(() => undefined)));
    await chooseIdentity(page, 'Mario Rossi');
    await page.waitForURL(`${browser.baseUrl()}/startup-service`);
    await userMenuButton(page, 'Mario Rossi').waitFor();
  });
});
