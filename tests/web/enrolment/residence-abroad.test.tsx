// A residence abroad on the personal-data step (src/web/screens/enrolment/ResidenceAbroadFields.tsx):
// the person says they live abroad and gives the country (foreign states only), the city and the
// address, each then required and checked; what they type is kept in the draft like the step's other
// fields; the summary shows it in one line.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barRistorante, marioDraft } from '#mocks/fixtures/requests.ts';
import { expectStep, headings, openDraftAt, storedDraft } from './harness.tsx';

const withInitiative = { ...marioDraft, iniziative: barRistorante };
const abroad = () => screen.getByRole('checkbox', { name: 'Risiedo all’estero' }) as HTMLInputElement;
const country = () => screen.getByRole('combobox', { name: /^Stato di residenza/ }) as HTMLInputElement;
const text = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function openStep() {
  const app = openDraftAt('personal-data', withInitiative);
  await expectStep(app.router, 'personal-data', headings.personalData);
  return app;
}

describe('residence abroad', () => {
  it('asks nothing until the person says they live abroad, then requires country, city and address', async () => {
    const app = await openStep();
    expect(abroad().checked).toBe(false);
    expect(screen.queryByRole('combobox', { name: /^Stato di residenza/ })).toBeNull();

    await app.user.click(abroad());
    expect(country().value).toBe('');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    const summary = await screen.findByRole('group', { name: 'C’è un problema' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(
      expect.arrayContaining([
        'Stato di residenza: Questo campo è obbligatorio.',
        'Città: Questo campo è obbligatorio.',
        'Indirizzo all’estero: Questo campo è obbligatorio.',
      ]),
    );
    expect(app.store.writes).toHaveLength(0);
  });

  it('offers foreign states only, and keeps what is typed in the draft', async () => {
    const app = await openStep();
    await app.user.click(abroad());
    await app.user.click(screen.getByRole('button', { name: /^Mostra gli stati/ }));
    const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(names).toContain('Francia');
    expect(names).not.toContain('Italia');
    await app.user.keyboard('{Escape}');
    await app.user.type(country(), 'Fran');
    await app.user.click(await screen.findByRole('option', { name: 'Francia' }));
    await app.user.type(text(/^Città/), 'Paris');
    await app.user.type(text(/^Indirizzo all’estero/), '12 Rue de Rivoli');
    await waitFor(() => expect(storedDraft()?.personalData?.residenceAbroad).toEqual({ country: 'FR', city: 'Paris', address: '12 Rue de Rivoli' }));

    // Unticked, the residence abroad is gone.
    await app.user.click(abroad());
    await waitFor(() => expect(storedDraft()?.personalData?.residenceAbroad).toBeNull());
    expect(screen.queryByRole('combobox', { name: /^Stato di residenza/ })).toBeNull();
  });

  it('checks the city and the address against the place-name and address patterns', async () => {
    const app = await openStep();
    await app.user.click(abroad());
    await app.user.type(text(/^Città/), 'Paris 75001');
    await app.user.type(text(/^Indirizzo all’estero/), 'Rue <b>');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    const summary = await screen.findByRole('group', { name: 'C’è un problema' });
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(
      expect.arrayContaining([
        'Città: Usa solo lettere, spazi, apostrofi e trattini.',
        expect.stringMatching(/^Indirizzo all’estero: Usa solo lettere, cifre/),
      ]),
    );
    expect(app.store.writes).toHaveLength(0);
  });
});
