// The identity matcher's form (spec §3 "Fiscal-code check input", §5 patterns). The person supplies
// only what the identity provider does not assert: sex, country of birth (an ISO code from the
// list), the municipality of birth when born in Italy, and the fiscal code. Name, family name and
// birth date are the provider's: shown, never typed, and not sent (the server takes them from the
// signed-in identity). Errors are message keys (locales `identity-matcher.errors.*`).
import { object, string } from 'yup';
import type { CheckPersonRequest, IdentityClaims } from '../api/auth.ts';
import { FOREIGN_STATES, ITALY } from '../countries.ts';
import { Patterns } from '../patterns.ts';
import { validate, type Checked } from './validate.ts';

export const IDENTITY_FIELDS = ['sesso', 'statoNascita', 'comuneNascita', 'codiceFiscale'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
export type IdentityValues = Record<IdentityField, string>;

/** The identity form's messages (locales `identity-matcher.errors.*`). */
const IdentityErrors = {
  required: 'identity-matcher.errors.required',
  letters: 'identity-matcher.errors.letters',
  tooLong: 'identity-matcher.errors.too-long',
  country: 'identity-matcher.errors.country',
  fiscalCode: 'identity-matcher.errors.fiscal-code',
  comuneRequired: 'identity-matcher.errors.comune-required',
} as const;

export type IdentityErrorKey = (typeof IdentityErrors)[keyof typeof IdentityErrors];

const COUNTRIES: readonly string[] = [ITALY, ...FOREIGN_STATES];

/**
 * The form's starting values: the sex when the identity token says it (never typed twice, WCAG
 * 3.3.7); the rest starts empty. Name, family name and birth date are not values of the form at
 * all: they are the provider's, shown read-only.
 */
export function initialIdentityValues(claims: IdentityClaims | null): IdentityValues {
  const gender = claims?.gender?.toUpperCase();
  return { sesso: gender === 'M' || gender === 'F' ? gender : '', statoNascita: '', comuneNascita: '', codiceFiscale: '' };
}

export function isItaly(country: string | undefined): boolean {
  return country === ITALY;
}

const identitySchema = object({
  sesso: string().required(IdentityErrors.required).oneOf(['M', 'F'], IdentityErrors.required),
  statoNascita: string().required(IdentityErrors.required).oneOf(COUNTRIES, IdentityErrors.country),
  comuneNascita: string()
    .trim()
    .max(100, IdentityErrors.tooLong)
    .matches(Patterns.simpleText, IdentityErrors.letters)
    .when('statoNascita', { is: isItaly, then: (schema) => schema.required(IdentityErrors.comuneRequired) }),
  codiceFiscale: string().trim().uppercase().required(IdentityErrors.required).matches(Patterns.fiscalCodeOmocodic, IdentityErrors.fiscalCode),
});

/** The request to send (code upper-cased, the municipality only for Italy), or each wrong field's message. */
export function checkIdentity(values: IdentityValues): Checked<CheckPersonRequest, IdentityField, IdentityErrorKey> {
  const checked = validate<{ sesso: string; statoNascita: string; comuneNascita?: string; codiceFiscale: string }, IdentityField, IdentityErrorKey>(
    identitySchema,
    values,
  );
  if (!checked.ok) return checked;
  const valid = checked.value;
  return {
    ok: true,
    value: {
      statoNascita: valid.statoNascita,
      codiceFiscale: valid.codiceFiscale,
      sesso: valid.sesso as CheckPersonRequest['sesso'],
      ...(isItaly(valid.statoNascita) && valid.comuneNascita ? { comuneNascita: valid.comuneNascita } : {}),
    },
  };
}
