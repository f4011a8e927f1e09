// Step "personal data" (spec §2, §5 patterns; Designers Italia prefill, WCAG 3.3.7): what the
// identity certifies is shown and never typed again, the rest is optional and checked against the
// shared patterns; saving sends the personal data and the VAT number.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barRistorante, marioActivityAddress, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { expectStep, headings, openDraftAt } from './harness.tsx';

// The draft names the business's address already (its own tests: activity-address.test.tsx).
const withInitiative = { ...marioDraft, iniziative: barRistorante, personalData: { ...marioPersonalData, activityAddress: marioActivityAddress } };
const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function openStep() {
  const app = openDraftAt('personal-data', withInitiative);
  await expectStep(app.router, 'personal-data', headings.personalData);
  // Who the business is has its own tests (business-identity.test.tsx): here, a sole trader.
  const business = screen.getByRole('region', { name: "Chi è l'impresa" });
  await app.user.click(within(business).getByRole('radio', { name: 'Ditta individuale' }));
  await app.user.type(field(/^Codice ATECO 2025/), '56.10.11');
  await app.user.click(within(business).getByRole('radio', { name: 'Titolare della ditta' }));
  return app;
}

describe('personal data', () => {
  it('shows the data of the digital identity and prefills the e-mail', async () => {
    await openStep();
    const certified = screen.getByRole('region', { name: 'Dati della tua identità digitale' });
    const rows = within(certified)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Nome: Mario', 'Cognome: Rossi', 'Codice fiscale: RSSMRA80A01H501U', 'Data di nascita: 01/01/1980', 'Luogo di nascita: Roma']);
    expect(within(certified).queryAllByRole('textbox')).toHaveLength(0);
    expect(field(/^E-mail/).value).toBe('mario.rossi@example.org');
    // Phones get the right keyboard and the person's saved details (docs/architecture.md "The citizen's journey with real data").
    const attributes = (input: HTMLInputElement) => [input.type, input.inputMode, input.autocomplete].join(' ');
    expect(attributes(field(/^E-mail/))).toBe('email email email');
    expect(attributes(field(/^Telefono/))).toBe('tel tel tel');
    expect(attributes(field(/^CAP/))).toBe('text numeric postal-code');
    expect(attributes(field(/^Indirizzo/))).toBe('text  address-line1');
  });

  it('checks zip code, telephone and VAT number against the shared patterns', async () => {
    const app = await openStep();
    await app.user.type(field(/^CAP/), '0018');
    await app.user.type(field(/^Telefono/), '06 CHIAMAMI');
    await app.user.type(field(/^Partita IVA/), '123');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    const summary = await screen.findByRole('group', { name: 'C’è un problema' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const zip = within(field(/^CAP/).closest('.app-field')! as HTMLElement).getByText('Il CAP è composto da 5 cifre.');
    expect(field(/^CAP/).getAttribute('aria-describedby')).toContain(zip.id);
    // The summary lists the errors in the order of the form, each a link to its field.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringMatching(/^Telefono: Usa solo cifre, spazi, trattini, punti, barre, parentesi e un \+ iniziale/),
      'CAP: Il CAP è composto da 5 cifre.',
      'Partita IVA: La partita IVA è composta da 11 cifre.',
    ]);
    await app.user.click(within(summary).getAllByRole('link')[0]!);
    expect(document.activeElement).toBe(field(/^Telefono/));
    expect(app.store.writes).toHaveLength(0);
  });

  it('keeps only a municipality chosen from the list: typed text goes back to the choice when the field is left', async () => {
    const app = await openStep();
    const residence = screen.getByRole('combobox', { name: /^Comune di residenza/ }) as HTMLInputElement;
    await app.user.type(residence, 'Roma');
    await screen.findByRole('option', { name: 'Roma (RM)' });
    // Opening the list shows no error (docs/architecture.md "The citizen's journey with real data").
    expect(residence.getAttribute('aria-invalid')).toBeNull();
    await app.user.tab();
    expect(residence.value).toBe('');
    expect(screen.queryByText('Scegli il comune dall’elenco.')).toBeNull();
  });

  it('saves the personal data (empty optional fields as null) and the VAT number, then opens the summary', async () => {
    const app = await openStep();
    // Real data as a phone types it (docs/architecture.md "The citizen's journey with real data").
    await app.user.type(field(/^Telefono/), '06/1234567');
    await app.user.type(field(/^Indirizzo/), 'Via dell’Orso 2');
    await app.user.type(field(/^CAP/), '00184');
    // The residence is chosen from the ISTAT list, not typed (docs/architecture.md "The citizen's journey with real data").
    const residence = screen.getByRole('combobox', { name: /^Comune di residenza/ });
    await app.user.type(residence, 'tiv');
    await app.user.click(await screen.findByRole('option', { name: 'Tivoli (RM)' }));
    expect((residence as HTMLInputElement).value).toBe('Tivoli');
    await app.user.type(field(/^Partita IVA/), '09876543217');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'request-summary', headings.summary);
    expect(app.store.writes.at(-1)!.body).toMatchObject({
      personalData: {
        firstName: 'Mario',
        lastName: 'Rossi',
        fiscalCode: 'RSSMRA80A01H501U',
        dateOfBirth: '1980-01-01',
        cityOfBirth: 'Roma',
        gender: 'M',
        email: 'mario.rossi@example.org',
        telephone: '06/1234567',
        address: 'Via dell’Orso 2',
        zipCode: '00184',
        residenceMunicipality: 'Tivoli',
      },
      partitaIva: '09876543217',
    });
  });

  it.each([
    ["d'angelo@example.studio", '(06) 1234567', 'Via Roma n° 12, Corte “La Rocca”'],
    ["mario.d'amico@pec.example.legal", '+39 06 1234 5678', 'Corso Italia 3–5'],
    ['info@example.email', '06.1234567', 'Via dell’Arco 4 "Corte"'],
    ['mario.rossi@example.org', '347-1234567', 'Via Roma n. 1 (scala B)'],
  ])('takes real contacts as people write them: %s, %s, %s', async (email, telephone, address) => {
    const app = await openStep();
    await app.user.clear(field(/^E-mail/));
    await app.user.type(field(/^E-mail/), email);
    await app.user.type(field(/^Telefono/), telephone);
    await app.user.type(field(/^Indirizzo/), address);
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'request-summary', headings.summary);
    expect(app.store.writes.at(-1)!.body).toMatchObject({ personalData: { email, telephone, address } });
  });

  it('still refuses a phone with letters and an e-mail without its domain, naming each field', async () => {
    const app = await openStep();
    await app.user.clear(field(/^E-mail/));
    await app.user.type(field(/^E-mail/), "d'angelo@example");
    await app.user.type(field(/^Telefono/), '(06) CHIAMAMI');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    const summary = await screen.findByRole('group', { name: 'C’è un problema' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringMatching(/^E-mail: Inserisci un indirizzo valido/), expect.stringMatching(/^Telefono: Usa solo cifre/)]);
    expect(app.store.writes).toHaveLength(0);
  });
});
