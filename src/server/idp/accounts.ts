// The demo identities the embedded provider signs in, with claims shaped like SPID, CIE and eIDAS.
import { EIDAS_IDENTIFIER_CLAIM, FISCAL_NUMBER_CLAIM, FISCAL_NUMBER_PREFIX } from '#shared/api/auth.ts';
import { DEMO_PEOPLE, type DemoPerson } from '../db/seed/people.ts';

export const DEMO_IDENTITIES: DemoPerson[] = DEMO_PEOPLE;

export function identityClaims(person: DemoPerson): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    sub: person.key,
    given_name: person.firstName,
    family_name: person.lastName,
    birthdate: person.dateOfBirth,
    gender: person.gender,
    email: person.email,
  };
  if (person.fiscalCode) claims[FISCAL_NUMBER_CLAIM] = `${FISCAL_NUMBER_PREFIX}${person.fiscalCode}`;
  if (person.eidasId) claims[EIDAS_IDENTIFIER_CLAIM] = person.eidasId;
  // eIDAS asserts a place of birth; OpenID Connect for Identity Assurance names the claim and its fields.
  if (person.birthCountry) claims.place_of_birth = { country: person.birthCountry, locality: person.cityOfBirth };
  // A SPID professional identity names the company the person acts for (docs/architecture.md "Who the business is").
  if (person.company) Object.assign(claims, { companyName: person.company.name, ivaCode: `VATIT-${person.company.vatNumber}` });
  return claims;
}

export const CLAIM_NAMES = [
  'sub',
  'given_name',
  'family_name',
  'birthdate',
  'gender',
  'place_of_birth',
  'email',
  FISCAL_NUMBER_CLAIM,
  EIDAS_IDENTIFIER_CLAIM,
  'companyName',
  'ivaCode',
];

export function findIdentity(key: string): DemoPerson | undefined {
  return DEMO_IDENTITIES.find((p) => p.key === key);
}
