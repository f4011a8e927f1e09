// In real Chromium against the real server and embedded provider: a request's link
// opened in a new tab signs in through the provider's live session without showing its page and
// lands on that request; the same link in a browser without a provider session shows the
// provider's sign-in page once and then lands on the request the link pointed to.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { chooseIdentity, loginToBackOffice } from './support/identity.ts';

/** Every document the page asks for from now on, redirects included (to see what the provider did). */
function visitedUrls(page: Page): URL[] {
  const urls: URL[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(new URL(request.url()));
  });
  return urls;
}

async function firstRequestLinkOf(page: Page, search: string): Promise<{ id: number; href: string }> {
  await page.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' }).fill(search);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(search);
  const table = page.getByRole('grid', { name: 'Elenco delle richieste' });
  const row = table.getByRole('row').filter({ hasText: 'Giulia' }).first();
  const id = Number(await row.getByRole('rowheader').textContent());
  const href = await row.getByRole('link', { name: `Apri la richiesta n. ${id}` }).getAttribute('href');
  if (!href) throw new Error('the row has no link');
  return { id, href };
}

describe('back-office links in Chromium', () => {
  const browser = useBrowser();
  const base = () => browser.baseUrl();

  it('opens a request in a new tab signed in through the provider’s session, without the provider’s page, on that request', async () => {
    const page = await browser.page();
    await loginToBackOffice(page, base(), 'Anna Verdi');
    await page.waitForURL(`${base()}/back-office/requests?lang=it`);
    const { id, href } = await firstRequestLinkOf(page, 'Bianchi');

    // A new tab has its own session storage: nothing of the first tab's session is there.
    const tab = await page.context().newPage();
    const visited = visitedUrls(tab);
    await tab.goto(`${base()}${href}`);
    await tab.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe(href);
    await tab.getByRole('banner').getByRole('button', { name: 'Anna Verdi: menu utente' }).waitFor();
    // Through the provider and back, but its sign-in page never shown.
    const authorizations = visited.filter((url) => url.pathname === '/idp/auth');
    expect(authorizations.map((url) => url.searchParams.get('prompt'))).toEqual(['none']);
    expect(visited.filter((url) => url.pathname.startsWith('/idp-login/')).map(String)).toEqual([]);
    // The first tab is untouched: still on the same view.
    expect(new URL(page.url()).searchParams.get('q')).toBe('Bianchi');
  });

  it('asks a browser without a provider session to sign in once, then lands on the request the link pointed to', async () => {
    const first = await browser.page();
    await loginToBackOffice(first, base(), 'Anna Verdi');
    await first.waitForURL(`${base()}/back-office/requests?lang=it`);
    const { id, href } = await firstRequestLinkOf(first, 'Bianchi');

    // Another browser (a fresh context: no provider cookie), as when the link arrives by e-mail.
    const page = await browser.page();
    await page.goto(`${base()}${href}`);
    await chooseIdentity(page, 'Anna Verdi');
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(href);
  });
});
