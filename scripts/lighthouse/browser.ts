// The browser Lighthouse drives: Debian's Chromium through the puppeteer-core that ships with
// Lighthouse (no browser is downloaded), and the sign-ins through the portal's embedded development
// identity provider, done in the very tab Lighthouse then measures: the SPA keeps its session in the
// tab's sessionStorage, which Lighthouse's storage reset leaves alone (it clears caches, service
// workers and file systems only), so each measured load is cold but signed in.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Italian, the portal's first language (the buttons are found by their Italian names).
const FLAGS = [
  '--lang=it-IT',
  '--accept-lang=it-IT,it',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(): Promise<Browser> {
  return puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS, defaultViewport: null });
}

/** A tab in a browser context of its own: no cookie or storage shared with another person's tab. */
export async function freshTab(browser: Browser): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // Generous: on a loaded machine a throttled page can take long to settle; a wait that still runs
  // out is reported as a failed run.
  page.setDefaultTimeout(90_000);
  return page;
}

/** The public pages arrive prerendered; their controls respond once the app has started (src/web/App.tsx). */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]') || document.documentElement.dataset.app === 'started');
}

export function byRole(role: string, name: string): string {
  return `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;
}

async function chooseIdentity(page: Page, person: string): Promise<void> {
  await page.waitForFunction(() => location.pathname.includes('/idp-login/'));
  await page.locator(byRole('button', person)).click();
}

async function sessionStored(page: Page): Promise<void> {
  await page.waitForFunction(() => !!window.sessionStorage.getItem('suap.session'));
  await appStarted(page);
}

/** A citizen signs in from the home page's header (tests/e2e/support/identity.ts does the same). */
export async function signInCitizen(page: Page, baseUrl: string, person: string): Promise<void> {
  await page.goto(baseUrl, { waitUntil: 'load' });
  await appStarted(page);
  await page.locator(byRole('button', "Accedi all'area personale")).click();
  await chooseIdentity(page, person);
  await sessionStored(page);
}

/** A clerk signs in from the back office's own login page. */
export async function signInStaff(page: Page, baseUrl: string, person: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/back-office`, { waitUntil: 'load' });
  await appStarted(page);
  await page.locator(byRole('button', 'Accedi al back office')).click();
  await chooseIdentity(page, person);
  await sessionStored(page);
}

/** The first link on the page whose address matches `pattern`, as an absolute URL. */
export async function firstLink(page: Page, pattern: RegExp): Promise<string> {
  const handle = await page.waitForFunction(
    (source) => [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find((a) => new RegExp(source).test(a.getAttribute('href') ?? ''))?.href,
    {},
    pattern.source,
  );
  return (await handle.jsonValue()) as string;
}
