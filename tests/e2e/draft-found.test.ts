// The draft-found dialog in real Chromium against the real server (seeded demo data): Giulia
// Bianchi, who has drafts, enters the startup process; the dialog names the latest draft (number,
// office, last change), has no axe violation, and "keep it and start another request" opens a new
// request's first step with nothing deleted or saved (her seeded drafts stay as the other suites
// expect them).
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { chooseIdentity, openModal } from './support/identity.ts';

const GIULIA = 'Giulia Bianchi';

describe('the draft-found dialog in Chromium', () => {
  const browser = useBrowser();

  it('names the draft it offers, and "keep it and start another request" starts a new one beside it', async () => {
    const page = await browser.page();
    await page.goto(`${browser.baseUrl()}/startup`);
    await page.getByRole('button', { name: 'Accedi con la tua identità digitale' }).click();
    await chooseIdentity(page, GIULIA);
    const dialog = await openModal(page, 'Hai già una richiesta in bozza');
    const facts = dialog.locator('dl');
    expect(await facts.locator('dt').allTextContents()).toEqual(['Bozza n.', 'Sportello SUAP', 'Ultima modifica']);
    const [number, , changed] = await facts.locator('dd').allTextContents();
    expect(number).toMatch(/^\d+$/);
    expect(changed).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expectNoAxeViolations(page, 'draft found (named)');
    // With other drafts it says how many and links to the private area, which lists them all.
    if ((await dialog.getByText(/^Hai anche/).count()) > 0) {
      expect(await dialog.getByRole('link', { name: 'le trovi tutte nella tua area personale' }).getAttribute('href')).toBe('/private-area');
    }

    await dialog.getByRole('button', { name: "Tienila e avvia un'altra richiesta" }).click();
    await page.waitForURL((url) => url.pathname === '/startup/initial-summary');
    await page.getByRole('heading', { level: 1, name: 'Riepilogo iniziale' }).waitFor();
    const stored = await page.evaluate(() => window.sessionStorage.getItem('suap.draft'));
    const draft = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(stored!), (c) => c.charCodeAt(0)))) as { requestId?: number };
    expect(draft.requestId).toBeUndefined();
  });
});
