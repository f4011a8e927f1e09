// Where the business will be and who it is, from the citizen to the clerk, in Chromium: Mario, reading
// English on a 375 px phone, finds the office serving Tivoli by area (region, province, municipality),
// which also names Tivoli as the municipality of the activity; he records his bar's address there and
// his company (PEC, VAT number, ATECO code), passes the legal-representative check and sends. The
// municipality and the address then show on his request's details page and in its PDF recap, and on
// the clerk's desk (docs/architecture.md "The citizen's journey with real data").
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPath } from '#shared/api/paths.ts';
import { readPdf } from './support/api.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { attachRequiredDocuments } from './support/documents.ts';
import { withoutDrafts } from './support/drafts.ts';
import { chooseIdentity, loginToBackOffice } from './support/identity.ts';

const MARIO = 'Mario Rossi';
const BAR_ADDRESS = 'Piazza del Plebiscito 7, 00019 Tivoli';

async function step(page: Page, path: string, heading: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/startup/${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

function card(page: Page, list: string, text: string) {
  return page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
}

async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  const trigger = page.getByRole('button', { name: label });
  await expect.poll(() => trigger.isEnabled()).toBe(true);
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the business’s place and identity, from the citizen to the desk, in Chromium', () => {
  const browser = useBrowser();
  const base = () => browser.baseUrl();

  it('Mario, in English on a phone, finds Tivoli’s office by area and sends; the clerk sees where the bar will be', async () => {
    await withoutDrafts(await browser.page(), base(), MARIO);
    const page = await browser.page({ locale: 'en-GB', width: 375 });
    await page.goto(`${base()}/startup-service`);
    await page.getByRole('button', { name: 'Log in and start the application' }).click();
    await chooseIdentity(page, MARIO);

    await step(page, 'initial-summary', 'Initial summary');
    await page.getByRole('button', { name: 'Start' }).click();
    await step(page, 'notification-contacts', 'Contact details for notifications');
    await page.getByRole('button', { name: 'Continue' }).click();

    // By area: Lazio, Rome, Tivoli. The municipality chosen there is the municipality of the activity.
    await step(page, 'select-initiative', 'Office and initiative');
    await page.getByText('Search by area', { exact: true }).click();
    await choose(page, /Region$/, 'Lazio');
    await choose(page, /Province$/, 'Rome');
    await choose(page, /Municipality$/, 'Tivoli');
    const office = card(page, 'Offices', 'SUAP associato della Provincia di Roma');
    await office.getByRole('button', { name: 'Choose' }).click();
    await office.getByText('Chosen').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: /^Municipality of the activity/ }).inputValue()).toBe('Tivoli (RM)');
    const search = page.getByRole('search', { name: 'Search the initiative' });
    await search.getByRole('searchbox').fill('Bar');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    const bar = card(page, 'Initiatives', 'Bar and restaurant');
    await bar.getByRole('button', { name: 'Choose' }).click();
    await bar.getByText('Chosen').waitFor();
    await expectNoAxeViolations(page, 'select initiative by area, in English at 375 px');
    await page.getByRole('button', { name: 'Continue' }).click();

    // The bar's address in Tivoli, and the company whose legal representative the register confirms.
    await step(page, 'personal-data', 'Personal data');
    await page.getByRole('textbox', { name: /^Street or square/ }).fill('Piazza del Plebiscito');
    await page.getByRole('textbox', { name: /^Street number/ }).fill('7');
    await page.getByRole('textbox', { name: /^Business postcode/ }).fill('00019');
    await page.getByText('Company', { exact: true }).click();
    await page.getByRole('textbox', { name: /^Company name/ }).fill('Bar Rossi S.n.c.');
    await page.getByRole('combobox', { name: /^Legal form/ }).selectOption('snc');
    await page.getByRole('textbox', { name: /^Company's PEC/ }).fill('bar.rossi@pec.example.legal');
    await page.getByRole('textbox', { name: /^ATECO 2025 code/ }).fill('56.30.00');
    await page.getByText("The company's legal representative", { exact: true }).click();
    await page.getByRole('textbox', { name: /^VAT number/ }).fill('09876543217');
    await page.getByText(/^Verified: the business register names you/).waitFor();
    await expectNoAxeViolations(page, 'personal data with the business, in English at 375 px');
    await page.getByRole('button', { name: 'Continue' }).click();

    await step(page, 'request-summary', 'Documents and summary');
    await page.getByText(BAR_ADDRESS, { exact: true }).waitFor();
    await page.getByText('Tivoli (RM)', { exact: true }).waitFor();
    await attachRequiredDocuments(page, 'en');
    await expectNoAxeViolations(page, 'documents and summary, in English at 375 px');
    await page.getByRole('button', { name: 'Send the request' }).click();

    await step(page, 'thank-page', 'Request sent');
    const numberText = await page.getByText(/^Request number: \d+$/).textContent();
    const requestId = Number(/(\d+)$/.exec(numberText ?? '')?.[1]);

    // His request's details page and its PDF recap say where the business will be.
    await page.goto(`${base()}/private-area/request-details?requestId=${requestId}`);
    await page.getByText(BAR_ADDRESS, { exact: true }).first().waitFor();
    await expectNoAxeViolations(page, 'request details with the business, in English at 375 px');
    const recap = (await readPdf(page, base(), apiPath('requestPdf', { id: requestId }), 'pdftotext')).replace(/\s+/g, ' ');
    expect(recap).toContain('Tivoli');
    expect(recap).toContain('Piazza del Plebiscito 7');
    expect(recap).toContain('Bar Rossi S.n.c.');
    expect(recap).toContain('56.30.00');

    // The clerk's desk lists it with the business's location.
    const desk = await browser.page();
    await loginToBackOffice(desk, base(), 'Anna Verdi');
    const grid = desk.getByRole('grid', { name: 'Elenco delle richieste' });
    await grid.waitFor();
    const row = grid.getByRole('row').filter({ has: desk.getByRole('link', { name: `Apri la richiesta n. ${requestId}`, exact: true }) });
    await row.getByText(BAR_ADDRESS + ' (RM)', { exact: true }).waitFor();
  });
});
