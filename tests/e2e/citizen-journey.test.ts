// The citizen's journey tried as a new user would in Chromium, on a desktop and on a 375 px phone:
// Mario opens the portal at http://127.0.0.1 (PUBLIC_URL names localhost), logs in, finds his
// office by typing "Tivoli", meets the error summary when he continues with an empty contact,
// and files with real Italian addresses, phones and a residence chosen from the ISTAT list. axe
// finds no violation on any step, the error summary included.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { attachRequiredDocuments } from './support/documents.ts';
import { withoutDrafts } from './support/drafts.ts';
import { accessToken, chooseIdentity } from './support/identity.ts';

const MARIO = 'Mario Rossi';

interface Journey {
  label: string;
  width: number;
  address: string;
  telephone: string;
  /** What Mario types in the residence combobox, and the option he picks. */
  residence: { typed: string; option: string; name: string };
}

const JOURNEYS: Journey[] = [
  {
    label: 'desktop',
    width: 1280,
    address: 'Via Garibaldi 12/A',
    telephone: '06/1234567',
    residence: { typed: 'Cavallino', option: 'Cavallino-Treporti (VE)', name: 'Cavallino-Treporti' },
  },
  {
    label: '375 px phone',
    width: 375,
    // Typed as a phone types it: the typographic apostrophe.
    address: 'Via dell’Orso 2',
    telephone: '+39 06 1234567',
    residence: { typed: 'Sant’Angelo Lod', option: "Sant'Angelo Lodigiano (LO)", name: "Sant'Angelo Lodigiano" },
  },
  {
    label: '375 px phone, Bolzano',
    width: 375,
    address: 'Corso Italia 3-5',
    telephone: '0471 123456',
    residence: { typed: 'Bolzano/B', option: 'Bolzano/Bozen (BZ)', name: 'Bolzano/Bozen' },
  },
];

async function step(page: Page, path: string, heading: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/startup/${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

function card(page: Page, list: string, text: string) {
  return page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
}

async function search(page: Page, bar: string, text: string): Promise<void> {
  const form = page.getByRole('search', { name: bar });
  await form.getByRole('searchbox').fill(text);
  await form.getByRole('button', { name: 'Cerca', exact: true }).click();
}

describe('the citizen’s journey with real data, in Chromium', () => {
  const browser = useBrowser();
  const base = () => browser.baseUrl();
  /** The same portal by its other loopback name. */
  const loopback = () => base().replace('//localhost:', '//127.0.0.1:');

  it.each(JOURNEYS)('Mario files from 127.0.0.1 with real addresses and phones ($label)', async (journey) => {
    await withoutDrafts(await browser.page(), base(), MARIO);
    const page = await browser.page({ width: journey.width });

    // Login works when the portal is opened at 127.0.0.1: the page moves to PUBLIC_URL first.
    await page.goto(`${loopback()}/startup-service`);
    expect(new URL(page.url()).origin).toBe(base());
    await page.getByRole('button', { name: 'Accedi e avvia la pratica' }).click();
    await chooseIdentity(page, MARIO);

    await step(page, 'initial-summary', 'Riepilogo iniziale');
    await page.getByRole('button', { name: 'Inizia' }).click();

    // An empty contact: the error summary takes focus and links to the field.
    await step(page, 'notification-contacts', 'Recapiti per le comunicazioni');
    const email = page.getByRole('textbox', { name: /^Indirizzo e-mail/ });
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.getAttribute('autocomplete')).toBe('email');
    await email.fill('');
    await page.getByRole('button', { name: 'Avanti' }).click();
    const summary = page.getByRole('group', { name: 'C’è un problema' });
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    // In view where Mario is looking (scrolling may still be settling on a phone).
    await expect
      .poll(() => summary.evaluate((element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
    await expectNoAxeViolations(page, `notification contacts with the error summary (${journey.label})`);
    await summary.getByRole('link', { name: /Questo campo è obbligatorio/ }).click();
    await expect.poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
    await email.fill('mario.rossi@example.org');
    await page.getByRole('button', { name: 'Avanti' }).click();

    // "Tivoli" finds the office that serves it; no offices are listed before the search.
    await step(page, 'select-initiative', 'Sportello e iniziativa');
    expect(await page.getByRole('list', { name: 'Sportelli' }).count()).toBe(0);
    await expectNoAxeViolations(page, `select initiative before a search (${journey.label})`);
    // Where the business will be: Tivoli, from the ISTAT list; the office must be one serving it.
    const place = page.getByRole('combobox', { name: /^Comune dell’attività/ });
    await place.pressSequentially('Tivoli');
    await page.getByRole('option', { name: 'Tivoli (RM)', exact: true }).click();
    await expect.poll(() => place.inputValue()).toBe('Tivoli (RM)');
    await search(page, 'Cerca lo sportello per nome o comune', 'Tivoli');
    const office = card(page, 'Sportelli', 'SUAP associato della Provincia di Roma');
    await office.getByRole('button', { name: 'Scegli' }).click();
    await office.getByText('Scelto').waitFor();
    await search(page, "Cerca l'iniziativa", 'Bar');
    const bar = card(page, 'Iniziative', 'Bar e ristorante');
    await bar.getByRole('button', { name: 'Scegli' }).click();
    await bar.getByText('Scelto').waitFor();
    await expectNoAxeViolations(page, `select initiative, chosen (${journey.label})`);
    await page.getByRole('button', { name: 'Avanti' }).click();

    // Real addresses and phones; the residence from the ISTAT list.
    await step(page, 'personal-data', 'Dati anagrafici');
    const telephone = page.getByRole('textbox', { name: /^Telefono/ });
    expect(await telephone.getAttribute('type')).toBe('tel');
    expect(await telephone.getAttribute('inputmode')).toBe('tel');
    await telephone.fill(journey.telephone);
    await page.getByRole('textbox', { name: /^Indirizzo di residenza/ }).fill(journey.address);
    await page.getByRole('textbox', { name: /^CAP/ }).fill('00019');
    // The bar's address in Tivoli, the municipality of the activity.
    await page.getByRole('textbox', { name: /^Via o piazza/ }).fill('Piazza del Plebiscito');
    await page.getByRole('textbox', { name: /^Numero civico/ }).fill('7');
    await page.getByRole('textbox', { name: /^Codice di avviamento postale/ }).fill('00019');
    const residence = page.getByRole('combobox', { name: /^Comune di residenza/ });
    await residence.pressSequentially(journey.residence.typed);
    const option = page.getByRole('option', { name: journey.residence.option, exact: true });
    await option.waitFor();
    // Opening the list shows no error. (axe is not run on the open list: react-aria hides the rest
    // of the page from screen readers while it is open, which axe's aria-hidden-focus rule reports
    // though focus stays in the combobox; see docs/architecture.md.)
    expect(await residence.getAttribute('aria-invalid')).toBeNull();
    await option.click();
    await expect.poll(() => residence.inputValue()).toBe(journey.residence.name);
    // Who the business is: Mario's company, whose legal representative the register confirms (the demo's companies).
    await page.getByText('Società', { exact: true }).click();
    await page.getByRole('textbox', { name: /^Denominazione della società/ }).fill('Bar Rossi S.n.c.');
    await page.getByRole('combobox', { name: /^Forma giuridica/ }).selectOption('snc');
    await page.getByRole('textbox', { name: /^PEC della società/ }).fill('bar.rossi@pec.example.legal');
    await page.getByRole('textbox', { name: /^Codice ATECO 2025/ }).fill('56.30.00');
    await page.getByText('Legale rappresentante della società', { exact: true }).click();
    await page.getByRole('textbox', { name: /^Partita IVA/ }).fill('09876543217');
    await page.getByText(/^Verificato: il registro delle imprese ti indica/).waitFor();
    await expectNoAxeViolations(page, `personal data (${journey.label})`);
    await page.getByRole('button', { name: 'Avanti' }).click();

    await step(page, 'request-summary', 'Documenti e riepilogo');
    await page.getByText(journey.address, { exact: true }).waitFor();
    await page.getByText('Piazza del Plebiscito 7, 00019 Tivoli', { exact: true }).waitFor();
    await page.getByText('Tivoli (RM)', { exact: true }).waitFor();
    await attachRequiredDocuments(page, 'it');
    await expectNoAxeViolations(page, `request summary (${journey.label})`);
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();

    await step(page, 'thank-page', 'Richiesta inviata');
    const numberText = await page.getByText(/^Numero della richiesta: \d+$/).textContent();
    const requestId = Number(/(\d+)$/.exec(numberText ?? '')?.[1]);
    const token = await accessToken(page);
    const answer = await page.evaluate(
      async ({ id, bearer }) => (await fetch(`/api/suap/v1/request/${id}`, { headers: { Authorization: `Bearer ${bearer}` } })).json(),
      { id: requestId, bearer: token },
    );
    expect(answer.request.stateOfRequest.stateOfRequestId).toBe(3);
    expect(answer.request.suap.name).toBe('SUAP associato della Provincia di Roma');
    expect(answer.request.personalData).toMatchObject({
      address: journey.address,
      telephone: journey.telephone,
      residenceMunicipality: journey.residence.name,
      zipCode: '00019',
    });
    expect(answer.request.personalData.business).toMatchObject({ kind: 'company', name: 'Bar Rossi S.n.c.', legalForm: 'snc', atecoCode: '56.30.00' });
    expect(answer.request).toMatchObject({ partitaIva: '09876543217', legalRepCheck: 'verified' });
    // Where the business will be: Tivoli, and the bar's address there.
    expect(answer.request).toMatchObject({
      municipality: { nameIt: 'Tivoli', province: { code: 'RM' } },
      personalData: { activityAddress: { street: 'Piazza del Plebiscito', streetNumber: '7', zipCode: '00019' } },
    });
  });
});
