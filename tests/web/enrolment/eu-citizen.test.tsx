// An EU citizen on the personal-data step (docs/architecture.md "Identity"): the place of birth his
// account keeps (the provider's, or what he gave the identity matcher) is shown with the data of the
// digital identity, not "not provided".
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barRistorante, marioDraft } from '#mocks/fixtures/requests.ts';
import { hans, tokensFor } from '#mocks/fixtures/identities.ts';
import { writeStoredSession } from '#web/auth/storage.ts';
import { expectStep, headings, openDraftAt } from './harness.tsx';

const hansDraft = {
  ...marioDraft,
  iniziative: barRistorante,
  user: {
    userId: hans.userId,
    firstName: hans.firstName,
    lastName: hans.lastName,
    fiscalCode: hans.fiscalCode ?? null,
    profile: { profileId: hans.profile.profileId },
  },
  personalData: null,
};

describe('personal data of an EU citizen', () => {
  it('shows Hans’s place of birth with the data of his digital identity', async () => {
    writeStoredSession({ user: hans, auth: tokensFor('hans'), area: 'FO' });
    const app = openDraftAt('personal-data', hansDraft, { login: false });
    await expectStep(app.router, 'personal-data', headings.personalData);
    const certified = screen.getByRole('region', { name: 'Dati della tua identità digitale' });
    const rows = within(certified)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Nome: Hans', 'Cognome: Muller', 'Codice fiscale: MLLHNS75C02Z112L', 'Data di nascita: 02/03/1975', 'Luogo di nascita: Berlin']);
  });

  it('shows it too in a draft saved before his account knew it', async () => {
    writeStoredSession({ user: hans, auth: tokensFor('hans'), area: 'FO' });
    const saved = {
      ...hansDraft,
      personalData: { firstName: 'Hans', lastName: 'Muller', fiscalCode: 'MLLHNS75C02Z112L', dateOfBirth: '1975-03-02', cityOfBirth: null },
    };
    const app = openDraftAt('personal-data', saved, { login: false });
    await expectStep(app.router, 'personal-data', headings.personalData);
    const certified = screen.getByRole('region', { name: 'Dati della tua identità digitale' });
    expect(within(certified).getByText('Berlin')).toBeTruthy();
    expect(within(certified).queryByText('dato non indicato')).toBeNull();
  });
});
