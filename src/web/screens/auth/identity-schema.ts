// Validation of the identity matcher's form (spec §3 "Fiscal-code check input", §5 patterns). The
// person supplies only what the identity provider does not assert (issue #12): sex, country of
// birth (an ISO code from the list), the municipality of birth when born in Italy, and the fiscal
// code. Name, family name and birth date are the provider's: shown, never typed, and not sent (the
// server takes them from the signed-in identity). Error texts are message keys.
import { object, string, ValidationError } from 'yup';
import type { CheckPersonRequest } from '../../../shared/api/auth.ts';
import { FOREIGN_STATES, ITALY } from '../../../shared/countries.ts';
import { Patterns } from '../../../shared/patterns.ts';
import type { MessageKey } from '../../i18n/messages.ts';

export const IDENTITY_FIELDS = ['sesso', 'statoNascita', 'comuneNascita', 'codiceFiscale'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
export type IdentityValues = Record<IdentityField, string>;
export type IdentityErrors = Partial<Record<IdentityField, MessageKey>>;

const E = {
  required: 'identity-matcher.errors.required',
  letters: 'identity-matcher.errors.letters',
  tooLong: 'identity-matcher.errors.too-long',
  country: 'identity-matcher.errors.country',
  fiscalCode: 'identity-matcher.errors.fiscal-code',
  comuneRequired: 'identity-matcher.errors.comune-required',
} as const satisfies Record<string, MessageKey>;

const COUNTRIES: readonly string[] = [ITALY, ...FOREIGN_STATES];

export function isItaly(country: string | undefined): boolean {
  return country === ITALY;
}

export const identitySchema = object({
  sesso: string().required(E.required).oneOf(['M', 'F'], E.required),
  statoNascita: string().required(E.required).oneOf(COUNTRIES, E.country),
  comuneNascita: string()
    .trim()
    .max(100, E.tooLong)
    .matches(Patterns.simpleText, E.letters)
    .when('statoNascita', { is: isItaly, then: (schema) => schema.required(E.comuneRequired) }),
  codiceFiscale: string().trim().uppercase().required(E.required).matches(Patterns.fiscalCodeOmocodic, E.fiscalCode),
});

/** Every field's first error (empty when the form is valid). */
export function identityErrors(values: IdentityValues): IdentityErrors {
  try {
    identitySchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: IdentityErrors = {};
    for (const issue of error.inner) {
      const field = issue.path as IdentityField | undefined;
      if (field && !errors[field]) errors[field] = issue.message as MessageKey;
    }
    return errors;
  }
}

/** The request to send for valid values: code upper-cased, the municipality only for Italy. */
export function identityRequest(values: IdentityValues): CheckPersonRequest {
  const valid = identitySchema.validateSync(values);
  return {
    statoNascita: valid.statoNascita,
    codiceFiscale: valid.codiceFiscale,
    sesso: valid.sesso as CheckPersonRequest['sesso'],
    ...(isItaly(valid.statoNascita) && valid.comuneNascita ? { comuneNascita: valid.comuneNascita } : {}),
  };
}
