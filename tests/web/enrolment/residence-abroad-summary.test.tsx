// A residence abroad on the request summary, and saved again by the personal-data step
// (src/web/screens/enrolment/ResidenceAbroadFields.tsx): one line with the address, the city and the
// country; the step opened from the summary shows it ticked and saves it with the rest.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barRistorante, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { expectStep, headings, openDraftAt } from './harness.tsx';

const PARIS = { country: 'FR', city: 'Paris', address: '12 Rue de Rivoli' } as const;
const business = { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' } as const;
const activityAddress = { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' };
const complete = { ...marioDraft, iniziative: barRistorante, personalData: { ...marioPersonalData, business, activityAddress, residenceAbroad: PARIS } };

describe('residence abroad on the summary', () => {
  it('shows it in one line, and the step opened from there keeps and saves it', async () => {
    const app = openDraftAt('request-summary', complete);
    await expectStep(app.router, 'request-summary', headings.summary);
    const person = screen.getByRole('region', { name: 'Dati anagrafici' });
    expect(within(person).getByText('12 Rue de Rivoli, Paris, Francia')).toBeTruthy();

    await app.user.click(within(person).getByRole('link', { name: /^Modifica\s*Dati anagrafici$/ }));
    await expectStep(app.router, 'personal-data', headings.personalData);
    expect((screen.getByRole('checkbox', { name: 'Risiedo all’estero' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: /^Stato di residenza/ }) as HTMLInputElement).value).toBe('Francia');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'request-summary', headings.summary);
    expect(app.store.writes.at(-1)!.body).toMatchObject({ personalData: { residenceAbroad: PARIS } });
  });
});
