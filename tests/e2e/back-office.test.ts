// Back office in real Chromium against the real server (seeded demo data): Anna Verdi finds Giulia
// Bianchi's sent request, keeps it open across a reload and concludes it negatively with its
// reasons in the action's dialog, which Giulia then reads in her private area; a storage limit of
// 15/03/2027 saved twice is 15/03/2027 on screen, through the API and in the PDF; with the keyboard
// alone Anna finds a request by its number, opens it, concludes it positively with reasons of several
// lines and real punctuation (intact on screen and in the PDF) and returns to the same view; the desk's rows are above the fold at
// 1366×768; Anna creates a collaborator ("registrata"), the same fiscal code is refused on its
// field, and Cancel with unsaved edits asks first; Luca Neri (collaborator) has no staff
// management nor audit log; Chiara Russo (clerk) is offered only 'Prendi in carico' on a sent
// pratica nobody follows, takes it in charge and is then offered the requests and the proposal, no
// conclusion; Anna finds, in the audit log and with the keyboard, Luca reading
// Giulia's request and its PDF. axe on every back-office screen and modal at 1366 px and 375 px.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BoRequestListResponse, BoRequestResponse } from '#shared/api/back-office.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import { RequestState } from '#shared/constants.ts';
import { apiGet, readPdf } from './support/api.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { loginFromHeader, loginToBackOffice, openModal, userMenuButton } from './support/identity.ts';

/** A collaborator with a well-formed fiscal code nobody else has (not a demo identity). */
const LAURA = { firstName: 'Laura', lastName: 'Marino', fiscalCode: 'MRNLRA90A41H501Q', email: 'laura.marino@example.org' };

async function staffLogin(page: Page, base: string, person: string): Promise<void> {
  await loginToBackOffice(page, base, person);
  await page.waitForURL(`${base}/back-office/requests?lang=it`);
  await page.getByRole('grid', { name: 'Elenco delle richieste' }).waitFor();
}

/** The text of a request's PDF recap, as `pdftotext` (poppler) reads it. */
const pdfText = (page: Page, base: string, requestId: number) => readPdf(page, base, apiPath('boRequestPdf', { id: requestId }), 'pdftotext');

/** The fonts a PDF embeds and whether each maps its glyphs to Unicode (`pdffonts`). */
const pdfFonts = (page: Page, base: string, requestId: number) => readPdf(page, base, apiPath('boRequestPdf', { id: requestId }), 'pdffonts');

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let press = 0; press < 80; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
  }
  throw new Error('the keyboard never reached the element');
}

/**
 * Into a data grid with Tab, then to `target` inside it with the arrow keys (a grid is one tab stop:
 * Down moves between rows, Right between a row's cells and into the control a cell holds).
 */
async function arrowInGridTo(page: Page, grid: Locator, target: Locator): Promise<void> {
  for (let press = 0; press < 80 && !(await grid.evaluate((element) => element.contains(document.activeElement))); press++) await page.keyboard.press('Tab');
  const row = target.locator('xpath=ancestor::*[@role="row"][1]');
  for (let press = 0; press < 40; press++) {
    if (await hasFocus(target)) return;
    const inRow = await row.evaluate((element) => element.contains(document.activeElement));
    await page.keyboard.press(inRow ? 'ArrowRight' : 'ArrowDown');
  }
  throw new Error('the arrow keys never reached the element');
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

  // First, while the demo's two sent pratiche are still open (the tests below conclude them).
  it('lets Chiara Russo (clerk) take a sent pratica in charge, and then offers her what the clerk in charge may do, never a conclusion', async () => {
    const page = await browser.page();
    await staffLogin(page, base(), 'Chiara Russo');
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Richieste']);
    const sent = (await (await apiGet(page, base(), `${ApiPaths.boRequestList}?state=${RequestState.SENT}&size=50`)).json()) as BoRequestListResponse;
    const free = sent.requestList.find((request) => request.pratica && request.pratica.assigneeId === null);
    expect(free, 'a sent pratica nobody follows').toBeDefined();
    const id = free!.requestId;
    await page.goto(`${base()}/back-office/requests/${id}`);
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    const pratica = page.getByRole('region', { name: 'Lavorazione della pratica' });
    await pratica.getByText('presented').waitFor();
    const actions = page.getByRole('group', { name: 'Azioni sulla pratica' });
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Prendi in carico']);
    await actions.getByRole('button', { name: 'Prendi in carico' }).click();
    const dialog = page.getByRole('dialog', { name: `Prendi in carico: richiesta n. ${id}` });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'take-in-charge dialog (clerk)');
    await dialog.getByRole('button', { name: 'Prendi in carico' }).click();
    await page.getByRole('status').getByText(`Hai preso in carico la richiesta n. ${id}.`).waitFor();
    await pratica.getByText('Chiara Russo').waitFor();
    const offered = await actions.getByRole('button').allTextContents();
    expect(offered).toContain('Proponi esito');
    expect(offered.filter((action) => /^(Concludi|Dichiara|Ordina|Assegna|Prendi)/.test(action))).toEqual([]);
    await page
      .getByRole('region', { name: 'Storico della richiesta' })
      .getByText(/Chiara Russo/)
      .first()
      .waitFor();
    await expectNoAxeViolations(page, 'request details (clerk in charge)');
  });

  it("lets Anna Verdi find, reopen after a reload and conclude negatively Giulia's sent request; Giulia reads the outcome", async () => {
    const page = await browser.page();
    await staffLogin(page, base(), 'Anna Verdi');
    await expectNoAxeViolations(page, 'request desk');

    await page.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' }).fill('Bianchi');
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    const table = page.getByRole('grid', { name: 'Elenco delle richieste' });
    // Until the search's answer arrives the body holds a 'loading' row: wait for Giulia's rows.
    await expect
      .poll(async () => (await table.getByRole('row').allTextContents()).slice(1).every((row) => row.includes('Giulia')), { timeout: 15_000 })
      .toBe(true);
    // The view is in the address.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Bianchi');
    const row = table
      .getByRole('row')
      .filter({ has: page.locator('.badge[data-state="sent"]') })
      .first();
    const id = Number(await row.getByRole('rowheader').textContent());
    const link = row.getByRole('link', { name: `Apri la richiesta n. ${id}` });
    expect(await link.getAttribute('href')).toBe(`/back-office/requests/${id}?q=Bianchi`);
    await link.click();
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    await page.getByRole('region', { name: 'Storico della richiesta' }).getByText('Giulia Bianchi (Richiedente)').first().waitFor();
    await expectNoAxeViolations(page, 'request details (back office)');

    const actions = page.getByRole('group', { name: 'Azioni sulla pratica' });
    await actions.getByRole('button', { name: 'Concludi con esito negativo' }).click();
    const dialog = page.getByRole('dialog', { name: `Concludi con esito negativo: richiesta n. ${id}` });
    await dialog.getByRole('textbox', { name: /Motivazione/ }).fill('Manca la visura camerale aggiornata.');
    await expectNoAxeViolations(page, 'conclusion dialog (back office)');
    await dialog.getByRole('button', { name: 'Concludi con esito negativo' }).click();
    await page.getByText(`La richiesta n. ${id} è stata conclusa con esito negativo.`).waitFor();
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
    // The same day through the API and in the PDF recap.
    const details = (await (await apiGet(page, base(), apiPath('boRequest', { id }))).json()) as BoRequestResponse;
    expect(details.request.storageLimit).toBe('2027-03-15');
    expect(await pdfText(page, base(), id)).toContain('15/03/2027');

    const phone = await browser.page({ width: 375, height: 740 });
    await loginToBackOffice(phone, base(), 'Anna Verdi');
    await phone.waitForURL(`${base()}/back-office/requests?lang=it`);
    const cards = phone.getByRole('list', { name: 'Elenco delle richieste' });
    await cards.getByRole('listitem').first().waitFor();
    await cards
      .getByRole('listitem')
      .first()
      .getByRole('link', { name: /Apri la richiesta n\. \d+/ })
      .waitFor();
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
    // Laura's fiscal code records a woman (day 41): the Italian agrees.
    const created = await openModal(page, 'Utente creata');
    await created.getByText('Laura Marino è ora registrata con il profilo Collaboratore.').waitFor();
    await expectNoAxeViolations(page, 'user created alert');
    await created.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Laura Marino' }).waitFor();
    await page.getByRole('region', { name: 'Registro delle modifiche' }).getByText('da Anna Verdi').waitFor();
    await expectNoAxeViolations(page, 'user details');

    await page.goto(`${base()}/back-office/users/create`);
    await page.getByRole('heading', { level: 1, name: 'Nuovo utente' }).waitFor();
    await fillStaff(page);
    await page.getByRole('button', { name: "Crea l'utente" }).click();
    // The server's refusal, on its field, in Italian; the field takes the focus.
    const fiscalCode = page.getByRole('textbox', { name: /^Codice fiscale/ });
    await page.getByText('Un altro operatore ha già questo codice fiscale.').waitFor();
    await expect.poll(() => fiscalCode.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await fiscalCode.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await expectNoAxeViolations(page, 'user create with a refused field');

    // Cancel with unsaved edits asks first; keeping them leaves the form as it was.
    await page.getByRole('button', { name: 'Annulla' }).click();
    const ask = await openModal(page, 'Uscire senza salvare?');
    await expectNoAxeViolations(page, 'leave without saving? modal');
    await ask.getByRole('button', { name: 'Continua a modificare' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe(LAURA.firstName);
    await page.getByRole('button', { name: 'Annulla' }).click();
    await (await openModal(page, 'Uscire senza salvare?')).getByRole('button', { name: 'Esci senza salvare' }).click();
    await page.getByRole('grid', { name: 'Elenco degli utenti' }).waitFor();
  });

  it('offers an administrator neither her own active switch nor her profile', async () => {
    const page = await browser.page();
    await staffLogin(page, base(), 'Anna Verdi');
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Utenti' }).click();
    await page.getByRole('button', { name: 'Dettagli di Anna Verdi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anna Verdi' }).waitFor();
    await page.getByRole('link', { name: 'Modifica' }).click();
    await page.getByRole('heading', { level: 1, name: 'Modifica Anna Verdi' }).waitFor();
    await page.getByText(/È il tuo account/).waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    await expectNoAxeViolations(page, 'user modify (oneself)');
  });

  it('shows the desk’s rows above the fold at 1366×768 under the compact header', async () => {
    const page = await browser.page({ width: 1366, height: 768 });
    await staffLogin(page, base(), 'Anna Verdi');
    const rows = page.getByRole('grid', { name: 'Elenco delle richieste' }).getByRole('row');
    await rows.nth(5).waitFor();
    const header = await page.getByRole('banner').boundingBox();
    expect(header!.height).toBeLessThan(160);
    const first = await rows.nth(1).boundingBox();
    expect(first!.y).toBeGreaterThan(0);
    expect(first!.y + first!.height).toBeLessThanOrEqual(768);
    // The whole default page (five rows) too.
    const fifth = await rows.nth(5).boundingBox();
    expect(fifth!.y + fifth!.height).toBeLessThanOrEqual(768);
  });

  it('lets Anna, with the keyboard alone, find a request by number, conclude it positively with reasons of several lines, and return to the same view; the reasons are intact on screen and in the PDF', async () => {
    const page = await browser.page({ width: 1366, height: 768 });
    await staffLogin(page, base(), 'Anna Verdi');
    const sent = (await (await apiGet(page, base(), `${ApiPaths.boRequestList}?state=${RequestState.SENT}&size=50`)).json()) as BoRequestListResponse;
    const id = sent.requestList.at(-1)!.requestId;

    // The desk has loaded its first page before the clerk starts typing.
    await page
      .getByRole('grid', { name: 'Elenco delle richieste' })
      .getByRole('link', { name: /^Apri la richiesta n\. \d+$/ })
      .first()
      .waitFor();
    const search = page.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' });
    await tabTo(page, search);
    await page.keyboard.type(String(id));
    await page.keyboard.press('Enter');
    // The address follows once the search's answer is in (a loaded machine can take a while).
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 15_000 }).toBe(String(id));
    const grid = page.getByRole('grid', { name: 'Elenco delle richieste' });
    const open = grid.getByRole('link', { name: `Apri la richiesta n. ${id}` });
    await open.waitFor();
    await arrowInGridTo(page, grid, open);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();

    // The action's button, its dialog (which takes the focus), the reasons, the dialog's own button.
    const conclude = page.getByRole('group', { name: 'Azioni sulla pratica' }).getByRole('button', { name: 'Concludi con esito positivo' });
    await tabTo(page, conclude);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Concludi con esito positivo: richiesta n. ${id}` });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const lines = ['Pratica "completa" e conforme!', 'Diritti: 12,50 € (IVA 22%).', 'Info: suap@comune.example.org'];
    await tabTo(page, dialog.getByRole('textbox', { name: /Motivazione/ }));
    await page.keyboard.type(lines.join('\n'));
    await expectNoAxeViolations(page, 'conclusion dialog, keyboard');
    await tabTo(page, dialog.getByRole('button', { name: 'Concludi con esito positivo' }));
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText(`La richiesta n. ${id} è stata conclusa con esito positivo.`).waitFor();

    // The reason on screen, line by line, punctuation intact.
    const shown = page.getByRole('region', { name: 'Dati della richiesta' }).locator('.app-multiline');
    await shown.waitFor();
    expect((await shown.innerText()).split('\n')).toEqual(lines);
    // And in the PDF recap, whose embedded font maps every glyph (the € included) to Unicode.
    const text = await pdfText(page, base(), id);
    for (const line of lines) expect(text).toContain(line);
    expect(await pdfFonts(page, base(), id)).toMatch(/TitilliumWeb.*yes\s+yes\s+yes/);

    // Back to the list, in the view it came from.
    await tabTo(page, page.getByRole('link', { name: "Torna all'elenco delle richieste" }), true);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 15_000 }).toBe(String(id));
    expect(await page.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale, sportello o numero' }).inputValue()).toBe(String(id));
    await page
      .getByRole('grid', { name: 'Elenco delle richieste' })
      .getByRole('link', { name: `Apri la richiesta n. ${id}` })
      .waitFor();
  });

  it("lets Anna find, in the audit log, Luca reading Giulia's request and its PDF, with the keyboard alone", async () => {
    const clerk = await browser.page();
    await staffLogin(clerk, base(), 'Luca Neri');
    // Any of Giulia's requests: earlier tests in this file decide her sent ones, so their state varies.
    const list = (await (await apiGet(clerk, base(), `${ApiPaths.boRequestList}?filter=BNCGLI85M41F205B`)).json()) as BoRequestListResponse;
    const id = list.requestList[0]!.requestId;
    await clerk.goto(`${base()}/back-office/requests/${id}`);
    await clerk.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    await apiGet(clerk, base(), apiPath('boRequestPdf', { id }));

    const page = await browser.page();
    await staffLogin(page, base(), 'Anna Verdi');
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Registro attività' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registro attività' }).waitFor();
    const table = page.getByRole('grid', { name: 'Registro delle attività' });
    await table.getByRole('row').nth(1).waitFor();
    await expectNoAxeViolations(page, 'audit log');
    const search = page.getByRole('searchbox', { name: 'Cerca per persona (nome o codice fiscale)' });
    await tabTo(page, search);
    await page.keyboard.type('NRELCU90S23L219G');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 15_000 }).toBe('NRELCU90S23L219G');
    // The search keeps the focus where the keyboard left it.
    expect(await hasFocus(search)).toBe(true);
    const rows = async () => (await table.getByRole('row').allTextContents()).slice(1);
    await expect.poll(async () => (await rows()).every((row) => row.includes('Luca Neri')), { timeout: 15_000 }).toBe(true);
    const lines = await rows();
    expect(lines.some((row) => row.includes('Lettura di una richiesta') && row.includes(`Richiesta n. ${id}`))).toBe(true);
    expect(lines.some((row) => row.includes('Lettura del PDF di una richiesta') && row.includes(`Richiesta n. ${id}`))).toBe(true);
    // The action filter, reached with Tab: only the PDF read is left.
    await tabTo(page, page.getByRole('combobox', { name: 'Azione' }));
    await page.getByRole('combobox', { name: 'Azione' }).selectOption('recap-read');
    await expect.poll(async () => (await rows()).every((row) => row.includes('Lettura del PDF di una richiesta')), { timeout: 15_000 }).toBe(true);
    expect(await rows()).toEqual(expect.arrayContaining([expect.stringContaining(`Richiesta n. ${id}`)]));
    await expectNoAxeViolations(page, 'audit log filtered');
  });

  it.each([
    ['1366 px', { width: 1366, height: 768 }],
    ['375 px', { width: 375, height: 740 }],
  ])('has no axe violation on any back-office screen or modal at %s', async (width, viewport) => {
    const page = await browser.page(viewport);
    await loginToBackOffice(page, base(), 'Anna Verdi');
    await page.waitForURL(`${base()}/back-office/requests?lang=it`);
    // At 375 px the cards, at 1366 px the table: whichever shows.
    const firstLink = page.getByRole('link', { name: /^Apri la richiesta n\. \d+$/ }).first();
    await firstLink.waitFor();
    await expectNoAxeViolations(page, `request desk at ${width}`);
    const href = (await firstLink.getAttribute('href'))!;
    await page.goto(`${base()}${href}`);
    await page.getByRole('heading', { level: 1, name: /^Richiesta n\. \d+$/ }).waitFor();
    await page.getByRole('region', { name: 'Storico della richiesta' }).waitFor();
    await expectNoAxeViolations(page, `request details at ${width}`);

    await page.goto(`${base()}/back-office/users`);
    await page.getByRole('grid', { name: 'Elenco degli utenti' }).getByRole('row').nth(1).waitFor();
    await expectNoAxeViolations(page, `user list at ${width}`);
    await page.getByRole('button', { name: 'Dettagli di Luca Neri' }).click();
    await page.getByRole('heading', { level: 1, name: 'Luca Neri' }).waitFor();
    await expectNoAxeViolations(page, `user details at ${width}`);
    await page.getByRole('link', { name: 'Modifica' }).click();
    await page.getByRole('heading', { level: 1, name: 'Modifica Luca Neri' }).waitFor();
    await expectNoAxeViolations(page, `user modify at ${width}`);
    await page.getByRole('textbox', { name: /^Nome/ }).fill('Lucas');
    await page.getByRole('button', { name: 'Annulla' }).click();
    const ask = await openModal(page, 'Uscire senza salvare?');
    await expectNoAxeViolations(page, `leave without saving? modal at ${width}`);
    await ask.getByRole('button', { name: 'Esci senza salvare' }).click();
    await page.getByRole('heading', { level: 1, name: 'Luca Neri' }).waitFor();

    await page.goto(`${base()}/back-office/audit-log`);
    await page.getByRole('grid', { name: 'Registro delle attività' }).getByRole('row').nth(1).waitFor();
    await expectNoAxeViolations(page, `audit log at ${width}`);

    await page.goto(`${base()}/back-office/users/create`);
    await page.getByRole('heading', { level: 1, name: 'Nuovo utente' }).waitFor();
    await page.getByRole('button', { name: "Crea l'utente" }).click();
    await page.getByText('Scegli il profilo.').waitFor();
    await expectNoAxeViolations(page, `user create with errors at ${width}`);

    await userMenuButton(page, 'Anna Verdi').click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await openModal(page, 'Vuoi uscire dal back office?');
    await expectNoAxeViolations(page, `logout confirmation at ${width}`);
  });

  it('gives Luca Neri (collaborator) the desk but no staff management', async () => {
    const page = await browser.page();
    await staffLogin(page, base(), 'Luca Neri');
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Richieste']);
    await page.goto(`${base()}/back-office/users`);
    await page.getByRole('heading', { level: 1, name: 'Accesso non consentito' }).waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    await page.goto(`${base()}/back-office/audit-log`);
    await page.getByRole('heading', { level: 1, name: 'Accesso non consentito' }).waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
  });
});
