// Back office in real Chromium against the real server (seeded demo data): Anna Verdi finds Giulia
// Bianchi's sent request, keeps it open across a reload and rejects it with a reason, which Giulia
// then reads in her private area; Anna creates a collaborator and cannot create the same fiscal
// code twice; Luca Neri (collaborator) has no staff management. axe on the desk, the request
// details, the user list, details and create screens.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { loginFromHeader, loginToBackOffice, openModal, userMenuButton } from './support/identity.ts';

/** A collaborator with a well-formed fiscal code nobody else has (not a demo identity). */
const LAURA = { firstName: 'Laura', lastName: 'Marino', fiscalCode: 'MRNLRA90A41H501Q', email: 'laura.marino@example.it' };

async function staffLogin(page: Page, base: string, person: string): Promise<void> {
  await loginToBackOffice(page, base, person);
  await page.waitForURL(`${base}/back-office/requests?lang=it`);
  await page.getByRole('grid', { name: 'Elenco delle richieste' }).waitFor();
}

async function fillStaff(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /^Nome/ }).fill(LAURA.firstName);
  await page.getByRole('textbox', { name: /^Cognome/ }).fill(LAURA.lastName);
  await page.getByRole('textbox', { name: /^Codice fiscale/ }).fill(LAURA.fiscalCode);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(LAURA.email);
  await page.locator('label', { hasText: 'Collaboratore' }).click();
}

describe('back office in Chromium', () => {
  const browser = useBrowser();
  const base = () => browser.baseUrl();

  it("lets Anna Verdi find, reopen after a reload and reject Giulia's sent request; Giulia reads the outcome", async () => {
    const page = await browser.page();
    await staffLogin(page, base(), 'Anna Verdi');
    await expectNoAxeViolations(page, 'request desk');

    await page.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' }).fill('Bianchi');
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    const table = page.getByRole('grid', { name: 'Elenco delle richieste' });
    await expect.poll(async () => (await table.getByRole('row').allTextContents()).slice(1).every((row) => row.includes('Giulia'))).toBe(true);
    // The view is in the address.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Bianchi');
    const row = table.getByRole('row').filter({ has: page.locator('.badge[data-state="sent"]') }).first();
    const id = Number(await row.getByRole('rowheader').textContent());
    const link = row.getByRole('link', { name: `Apri la richiesta n. ${id}` });
    expect(await link.getAttribute('href')).toBe(`/back-office/requests/${id}?q=Bianchi`);
    await link.click();
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    await page.getByRole('region', { name: 'Storico della richiesta' }).getByText('Giulia Bianchi (Richiedente)').first().waitFor();
    await expectNoAxeViolations(page, 'request details (back office)');

    const decision = page.getByRole('region', { name: 'Esito della richiesta' });
    await decision.locator('label', { hasText: 'Rifiuta' }).click();
    await decision.getByRole('textbox', { name: /Motivazione/ }).fill('Manca la visura camerale aggiornata.');
    await decision.getByRole('button', { name: "Registra l'esito" }).click();
    const confirm = decision.getByRole('group', { name: `Rifiutare la richiesta n. ${id}?` });
    await expectNoAxeViolations(page, 'decision confirmation (back office)');
    await confirm.getByRole('button', { name: 'Sì, rifiuta' }).click();
    await page.getByText(`La richiesta n. ${id} è stata rifiutata.`).waitFor();
    await page.getByRole('region', { name: 'Dati della richiesta' }).locator('.badge[data-state="rejected"]').waitFor();
    await page.getByRole('region', { name: 'Storico della richiesta' }).getByText('Anna Verdi (Amministratore)').waitFor();
    // Back to the list, in the view it came from.
    await page.getByRole('link', { name: "Torna all'elenco delle richieste" }).click();
    await page.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' }).inputValue()).toBe('Bianchi');

    const citizen = await browser.page();
    await citizen.goto(base());
    await loginFromHeader(citizen, 'Giulia Bianchi');
    await userMenuButton(citizen, 'Giulia Bianchi').waitFor();
    await citizen.goto(`${base()}/private-area`);
    // The decision is the newest change of her requests: its card comes first.
    const card = citizen.getByRole('article', { name: `Richiesta n. ${id}` });
    await card.waitFor();
    expect(await card.locator('.badge').getAttribute('data-state')).toBe('rejected');
    expect(await card.locator('.app-card-date').textContent()).toMatch(/^Conclusa il \d\d\/\d\d\/\d{4}$/);
    await card.getByText('Manca la visura camerale aggiornata.').waitFor();
  });

  it('keeps a storage limit of 15/03/2027 as 15/03/2027 on screen and after a reload, saved twice; the desk stacks its rows at 375 px', async () => {
    const page = await browser.page();
    await staffLogin(page, base(), 'Anna Verdi');
    await page.getByRole('combobox', { name: 'Stato' }).selectOption('1');
    await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('1');
    const table = page.getByRole('grid', { name: 'Elenco delle richieste' });
    const id = Number(await table.getByRole('rowheader').first().textContent());
    await table.getByRole('link', { name: `Apri la richiesta n. ${id}` }).click();
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    const field = page.getByLabel(/Conserva la bozza fino al/);
    for (let save = 0; save < 2; save++) {
      await field.fill('2027-03-15');
      await page.getByRole('button', { name: 'Aggiorna la scadenza' }).click();
      await page.getByText('La bozza sarà conservata fino al 15/03/2027.').waitFor();
      await expect.poll(async () => page.getByRole('region', { name: 'Dati della richiesta' }).getByText('15/03/2027').count()).toBeGreaterThan(0);
    }
    // Stored as picked: a reload shows the same day.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    expect(await page.getByLabel(/Conserva la bozza fino al/).inputValue()).toBe('2027-03-15');
    await page.getByRole('region', { name: 'Modifiche della scadenza' }).getByRole('listitem').first().waitFor();
    await expectNoAxeViolations(page, 'storage limit (back office)');

    const phone = await browser.page({ width: 375, height: 740 });
    await loginToBackOffice(phone, base(), 'Anna Verdi');
    await phone.waitForURL(`${base()}/back-office/requests?lang=it`);
    const cards = phone.getByRole('list', { name: 'Elenco delle richieste' });
    await cards.getByRole('listitem').first().waitFor();
    await cards.getByRole('listitem').first().getByRole('link', { name: /Apri la richiesta n\. \d+/ }).waitFor();
    await expectNoAxeViolations(phone, 'request desk at 375 px');
  });

  it('lets Anna Verdi create a collaborator, and refuses the same fiscal code twice with a clear message', async () => {
    const page = await browser.page();
    await staffLogin(page, base(), 'Anna Verdi');
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Utenti' }).click();
    await page.getByRole('grid', { name: 'Elenco degli utenti' }).getByRole('row').nth(1).waitFor();
    await expectNoAxeViolations(page, 'user list');

    await page.getByRole('link', { name: 'Nuovo utente' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nuovo utente' }).waitFor();
    await expectNoAxeViolations(page, 'user create');
    await fillStaff(page);
    await page.getByRole('button', { name: "Crea l'utente" }).click();
    const created = await openModal(page, 'Utente creato');
    await created.getByText('Laura Marino è ora registrato con il profilo Collaboratore.').waitFor();
    await created.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Laura Marino' }).waitFor();
    await page.getByRole('region', { name: 'Registro delle modifiche' }).getByText('da Anna Verdi').waitFor();
    await expectNoAxeViolations(page, 'user details');

    await page.goto(`${base()}/back-office/users/create`);
    await page.getByRole('heading', { level: 1, name: 'Nuovo utente' }).waitFor();
    await fillStaff(page);
    await page.getByRole('button', { name: "Crea l'utente" }).click();
    const refused = await openModal(page, "L'utente non è stato creato");
    await refused.getByText('fiscalCode: a staff member with this fiscal code already exists.').waitFor();
    expect(await refused.getAttribute('data-modal-type')).toBe('error');
  });

  it('gives Luca Neri (collaborator) the desk but no staff management', async () => {
    const page = await browser.page();
    await staffLogin(page, base(), 'Luca Neri');
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Richieste']);
    await page.goto(`${base()}/back-office/users`);
    await page.getByRole('heading', { level: 1, name: 'Accesso non consentito' }).waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
  });
});
