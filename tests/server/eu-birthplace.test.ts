// The place of birth an EU citizen gave is shown, not "not provided" (docs/architecture.md
// "Identity"): the account the identity matcher opens keeps the birthplace the code was checked
// against (the provider's `place_of_birth` where asserted, else what the person gave the matcher),
// so getUserInfo, the personal-data prefill and everything built on it carry it.
import { describe, expect, it } from 'vitest';
import { EIDAS_IDENTIFIER_CLAIM } from '#shared/api/auth.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { SubjectStore } from '#server/auth/subjects.ts';
import { IdentityMatcher } from '#server/services/identity-match.ts';
import { birthplaceOf } from '#server/services/users.ts';
import { startTestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const HANS = 'MLLHNS75C02Z112L';

describe.each(testDatabases())('an EU citizen’s place of birth on $kind', ({ open }) => {
  it('keeps the city and country the provider asserted: Hans, born in Berlin, is shown as such by getUserInfo', async () => {
    const t = await startTestApp(await open(), { PUBLIC_URL: BASE, RATE_LIMITS: 'false' });
    try {
      const hans = await signIn(t.app, BASE, 'FO', 'hans');
      const headers = { authorization: `Bearer ${hans.access_token}` };
      const matched = await t.app.inject({
        method: 'POST',
        url: `/api${ApiPaths.checkPerson}`,
        headers,
        payload: { sesso: 'M', statoNascita: 'DE', codiceFiscale: HANS },
      });
      expect(matched.json()).toMatchObject({ valido: true });
      const info = await t.app.inject({ method: 'GET', url: `/api${ApiPaths.userInfo}?fiscalCode=${HANS}`, headers });
      expect(info.json()).toMatchObject({ user: { fiscalCode: HANS, placeOfBirth: 'Germania', cityOfBirth: 'Berlin' } });
    } finally {
      await t.close();
      await t.database.close();
    }
  });

  it('keeps the country the person gave the matcher when the provider asserts no place of birth; a refused check keeps nothing', async () => {
    const database = await open();
    try {
      const subject = await new SubjectStore(database.db).remember({
        sub: 'hans-without-place',
        given_name: 'Hans',
        family_name: 'Muller',
        birthdate: '1975-03-02',
        [EIDAS_IDENTIFIER_CLAIM]: 'DE/IT/48213975',
      });
      const matcher = new IdentityMatcher(database.db);
      const account = () => database.db.selectFrom('users').select(['place_of_birth', 'city_of_birth']).where('fiscal_code', '=', HANS).executeTakeFirst();
      // A wrong code: nothing bound, no account.
      expect(await matcher.match(subject, { sesso: 'M', statoNascita: 'FR', codiceFiscale: HANS })).toEqual({ valid: false });
      expect(await account()).toBeUndefined();

      expect(await matcher.match(subject, { sesso: 'M', statoNascita: 'DE', codiceFiscale: HANS })).toEqual({ valid: true });
      expect(await account()).toEqual({ place_of_birth: 'Germania', city_of_birth: 'Germania' });
    } finally {
      await database.close();
    }
  });
});

describe('birthplaceOf', () => {
  it('names the country in Italian, keeps an Italian municipality, and shows the state for a foreign city not known', () => {
    expect(birthplaceOf('DE', 'Berlin')).toEqual({ placeOfBirth: 'Germania', cityOfBirth: 'Berlin' });
    expect(birthplaceOf('fr', null)).toEqual({ placeOfBirth: 'Francia', cityOfBirth: 'Francia' });
    expect(birthplaceOf('IT', 'Tivoli')).toEqual({ placeOfBirth: 'Italia', cityOfBirth: 'Tivoli' });
    expect(birthplaceOf('Italia', null)).toEqual({ placeOfBirth: 'Italia', cityOfBirth: null });
  });
});
