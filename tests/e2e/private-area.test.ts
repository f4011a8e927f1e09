// Private area in real Chromium against the real server (seeded demo data): Giulia Bianchi's
// requests as cards, three per page with the paginator, each state in its own colour with the
// date its state shows; deleting a draft after the confirmation; axe on the list, the details and
// the delete confirmation. Written to hold whatever the other browser suites did to her requests.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { loginFromHeader, openModal, userMenuButton } from './support/identity.ts';

interface SeenCard {
  id: number;
  state: string;
  color: string;
  date: string | null;
  canDelete: boolean;
}

/** Every card of every page, walking the paginator forward. */
async function allCards(page: Page): Promise<SeenCard[]> {
  const seen: SeenCard[] = [];
  for (;;) {
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    for (const card of await cards.all()) {
      const badge = card.locator('.badge');
      seen.push({
        id: Number(/\d+/.exec((await card.getByRole('heading').textContent()) ?? '')?.[0]),
        state: (await badge.getAttribute('data-state')) ?? '',
        color: await badge.evaluate((element) => getComputedStyle(element).backgroundColor),
        date: (await card.locator('.app-card-date').count()) > 0 ? await card.locator('.app-card-date').textContent() : null,
        canDelete: (await card.getByRole('button', { name: 'Elimina' }).count()) > 0,
      });
    }
    const next = page.getByRole('navigation', { name: 'Paginazione' }).getByRole('button', { name: 'Pagina successiva' });
    if (await next.isDisabled()) return seen;
    const first = await cards.first().getByRole('heading').textContent();
    await next.click();
    await expect.poll(() => cards.first().getByRole('heading').textContent()).not.toBe(first);
  }
}

async function openPrivateArea(page: Page, base: string): Promise<void> {
  await page.goto(base);
  await loginFromHeader(page, 'Giulia Bianchi');
  await userMenuButton(page, 'Giulia Bianchi').waitFor();
  await page.goto(`${base}/private-area`);
  await page.getByRole('heading', { level: 1, name: 'Area personale' }).waitFor();
  await page.getByRole('article').first().waitFor();
}

/**
 * The first card offering "Elimina", on whichever page it is: the other browser suites share this
 * server and change Giulia's requests meanwhile (a decision, a storage limit), which reorders her
 * list by latest change, so her drafts are not always on the first page.
 */
async function firstDeletableDraft(page: Page) {
  const cards = page.getByRole('article');
  for (;;) {
    await cards.first().waitFor();
    const deletable = cards.filter({ has: page.getByRole('button', { name: 'Elimina' }) });
    if ((await deletable.count()) > 0) return deletable.first();
    const next = page.getByRole('navigation', { name: 'Paginazione' }).getByRole('button', { name: 'Pagina successiva' });
    if (await next.isDisabled()) throw new Error('Giulia has no draft to delete on any page');
    const first = await cards.first().getByRole('heading').textContent();
    await next.click();
    await expect.poll(() => cards.first().getByRole('heading').textContent()).not.toBe(first);
  }
}

describe('private area in Chromium', () => {
  const browser = useBrowser();
  const base = () => browser.baseUrl();

  it("shows Giulia Bianchi's requests three per page, each state in its colour with the right date", async () => {
    const page = await browser.page();
    await openPrivateArea(page, base());
    expect(await page.getByRole('article').count()).toBe(3);
    const paginator = page.getByRole('navigation', { name: 'Paginazione' });
    expect(await paginator.getByRole('button', { name: 'Pagina precedente' }).isDisabled()).toBe(true);
    expect(await paginator.getByRole('button', { name: /^Pagina 1 di \d+$/ }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page, 'private area');

    const cards = await allCards(page);
    expect(cards.length).toBeGreaterThanOrEqual(7);
    const states = new Set(cards.map((card) => card.state));
    expect([...states].sort()).toEqual(['accepted', 'deleted', 'draft', 'rejected', 'sent']);
    const colors = new Map(cards.map((card) => [card.state, card.color]));
    expect(new Set(colors.values()).size).toBe(5);
    for (const card of cards) {
      if (card.state === 'draft') expect(card.date, `card ${card.id}`).toMatch(/^Aggiornata il \d\d\/\d\d\/\d{4}$/);
      else if (card.state === 'accepted' || card.state === 'rejected') expect(card.date, `card ${card.id}`).toMatch(/^Conclusa il \d\d\/\d\d\/\d{4}$/);
      else expect(card.date, `card ${card.id}`).toBeNull();
      expect(card.canDelete, `card ${card.id}`).toBe(card.state === 'draft');
    }
  });

  it('keeps the page in the address: Back from a request and a reload show the same page, the middle page has its button', async () => {
    const page = await browser.page();
    await openPrivateArea(page, base());
    const paginator = page.getByRole('navigation', { name: 'Paginazione' });
    const total = Number(/di (\d+)$/.exec((await paginator.getByRole('button', { name: /^Pagina 1 di \d+$/ }).getAttribute('aria-label')) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(3);
    // A single page left out between two shown ones is shown, not hidden behind a spacer.
    if (total === 3) expect(await paginator.getByRole('button', { name: 'Pagina 2 di 3' }).count()).toBe(1);
    const headings = () => page.getByRole('article').getByRole('heading').allTextContents();
    const first = await headings();
    await paginator.getByRole('button', { name: 'Pagina successiva' }).click();
    await page.waitForURL(/\/private-area\?page=2$/);
    await expect.poll(headings).not.toEqual(first);
    const second = await headings();
    await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: /^Richiesta n\. \d+$/ }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/private-area\?page=2$/);
    await expect.poll(headings).toEqual(second);
    expect(await paginator.getByRole('button', { name: `Pagina 2 di ${total}` }).getAttribute('aria-current')).toBe('page');
    await page.reload();
    await page.getByRole('article').first().waitFor();
    await expect.poll(headings).toEqual(second);
    expect(page.url()).toMatch(/\/private-area\?page=2$/);
  });

  it('lets Giulia delete a draft after confirming: it shows as deleted and its history says so', async () => {
    const page = await browser.page();
    await openPrivateArea(page, base());
    const draft = await firstDeletableDraft(page);
    const title = (await draft.getByRole('heading').textContent())!;
    const id = Number(/\d+/.exec(title)![0]);
    await draft.getByRole('button', { name: 'Elimina' }).click();
    const confirm = await openModal(page, `Vuoi eliminare la bozza n. ${id}?`);
    await expectNoAxeViolations(page, 'draft delete confirmation');
    await confirm.getByRole('button', { name: 'Elimina la bozza' }).click();
    const success = await openModal(page, 'Bozza eliminata');
    expect(await success.getAttribute('data-modal-type')).toBe('success');
    await success.getByRole('button', { name: 'Chiudi', exact: true }).click();

    // The latest change is the delete: on the first page, deleted, without resume or delete.
    await page.goto(`${base()}/private-area`);
    const card = page.getByRole('article', { name: title });
    await card.locator('.badge[data-state="deleted"]').waitFor();
    expect(await card.getByRole('button', { name: 'Elimina' }).count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Riprendi' }).count()).toBe(0);

    await card.getByRole('link', { name: title }).click();
    await page.waitForURL(`${base()}/private-area/request-details?requestId=${id}`);
    const history = page.getByRole('region', { name: 'Storico della richiesta' });
    await history.getByText('Eliminata', { exact: true }).waitFor();
    expect(await history.getByText('Da te').count()).toBe(2);
    await expectNoAxeViolations(page, 'request details (private area)');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  });
});
