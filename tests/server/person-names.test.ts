// Names as identity providers assert them (docs/architecture.md "Person names"): a hyphenated or
// multi-part given name ("Hans-Peter", "Maria Grazia") passes every place a person's name is
// checked — the wizard's personal-data form and payload, the identity matcher's body and code, staff
// records — through the one shared pattern, and anything else a name cannot hold is still refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { CheckPersonRequestSchema } from '#shared/api/auth.ts';
import { StaffWriteSchema } from '#shared/api/back-office.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { PersonalDataSchema } from '#shared/api/requests.ts';
import { Role } from '#shared/constants.ts';
import { Patterns } from '#shared/patterns.ts';
import { IdentityMatcher } from '#server/services/identity-match.ts';
import { checkPersonal } from '#shared/validation/enrolment-forms.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const NAMES = ['Hans-Peter', 'Maria Grazia', 'Anne-Marie Dupont-Moreau', 'D’Angelo', "O'Brien", 'Zoë'];
const NOT_NAMES = ['H4ns', '<b>Hans</b>', 'Hans_Peter', 'Hans/Peter', 'Hans.Peter'];
/** The code of Hans-Peter Muller, born 2 March 1975 in Germany: the hyphen is skipped (HSP). */
const HANS_PETER = 'MLLHSP75C02Z112A';

describe('one pattern for a person’s name', () => {
  const schemas = {
    'the wizard’s payload': [PersonalDataSchema.properties.firstName, PersonalDataSchema.properties.lastName],
    'the identity matcher’s body': [CheckPersonRequestSchema.properties.nome, CheckPersonRequestSchema.properties.cognome],
    'a staff record': [StaffWriteSchema.properties.firstName, StaffWriteSchema.properties.lastName],
  };
  it.each(Object.entries(schemas))('%s takes hyphenated and multi-part names and refuses the rest', (_where, fields) => {
    for (const schema of fields) {
      for (const name of NAMES) expect(Value.Check(schema, name), name).toBe(true);
      for (const name of NOT_NAMES) expect(Value.Check(schema, name), name).toBe(false);
      expect(JSON.stringify(schema)).toContain(JSON.stringify(Patterns.personName.source));
    }
  });

  it('lets a provider-asserted "Hans-Peter" complete the wizard’s personal-data step', () => {
    const values = {
      firstName: 'Hans-Peter',
      lastName: 'Dupont-Moreau',
      fiscalCode: HANS_PETER,
      dateOfBirth: '1975-03-02',
      cityOfBirth: '',
      email: 'hp@example.org',
      telephone: '',
      address: '',
      zipCode: '',
      residenceMunicipality: '',
      partitaIva: '',
    };
    const result = checkPersonal(values as Parameters<typeof checkPersonal>[0]);
    expect(result.ok ? null : result.errors).toBeNull();
    const digits = checkPersonal({ ...values, firstName: 'H4ns' } as Parameters<typeof checkPersonal>[0]);
    expect(digits.ok ? null : digits.errors).toMatchObject({ firstName: expect.any(String) });
  });
});

describe.each(testDatabases())('hyphenated names on $kind', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('binds Hans-Peter’s own code, which skips the hyphen, and refuses another given name in the body', async () => {
    const claims = {
      sub: 'hans-peter',
      given_name: 'Hans-Peter',
      family_name: 'Muller',
      birthdate: '1975-03-02',
      gender: 'male',
      place_of_birth: { country: 'DE', locality: 'Berlin' },
    };
    await t.database.db
      .insertInto('identity_subjects')
      .values({ subject: 'hans-peter', fiscal_code: null, eidas_id: null, claims: JSON.stringify(claims), matched: false, updated_at: new Date() })
      .execute();
    const subject = { subject: 'hans-peter', fiscalCode: null, eidasId: null, claims, matched: false };
    const matcher = new IdentityMatcher(t.database.db);
    await expect(matcher.match(subject, { nome: 'Hans', sesso: 'M', statoNascita: 'DE', codiceFiscale: HANS_PETER })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await matcher.match(subject, { nome: 'Hans Peter', cognome: 'Muller', sesso: 'M', statoNascita: 'DE', codiceFiscale: HANS_PETER })).toEqual({
      valid: true,
    });
    const row = await t.database.db
      .selectFrom('identity_subjects')
      .select(['fiscal_code', 'matched'])
      .where('subject', '=', 'hans-peter')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ fiscal_code: HANS_PETER, matched: true });
  });

  it('registers a staff member named Hans-Peter Dupont-Moreau', async () => {
    const anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    const payload = {
      firstName: 'Hans-Peter',
      lastName: 'Dupont-Moreau',
      fiscalCode: 'DPNNMR80A41Z110L',
      email: 'hp.dupont@example.org',
      profile: { profileId: Role.BO_COLLAB },
    };
    const response = await t.app.inject({ method: 'POST', url: `/api${ApiPaths.boUserCreate}`, headers: { authorization: `Bearer ${anna}` }, payload });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ user: { firstName: 'Hans-Peter', lastName: 'Dupont-Moreau' } });
  });
});
