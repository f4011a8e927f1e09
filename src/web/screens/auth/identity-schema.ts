// Validation of the identity matcher's form (spec §3 "Fiscal-code check input", §5 patterns):
// names and places are simple text, the fiscal code may be omocodic, the municipality of birth is
// required for people born in Italy. Error texts are message keys, translated by the screen.
import { object, string, ValidationError } from 'yup';
import type { CheckPersonRequest } from '../../../shared/api/auth.ts';
import { Patterns } from '../../../shared/patterns.ts';
import { foldForSearch } from '../../../shared/text.ts';
import type { MessageKey } from '../../i18n/messages.ts';

export const IDENTITY_FIELDS = ['nome', 'cognome', 'dataNascita', 'statoNascita', 'comuneNascita', 'codiceFiscale', 'sesso'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
export type IdentityValues = Record<IdentityField, string>;
export type IdentityErrors = Partial<Record<IdentityField, MessageKey>>;

const E = {
  required: 'identity-matcher.errors.required',
  letters: 'identity-matcher.errors.letters',
  tooLong: 'identity-matcher.errors.too-long',
  date: 'identity-matcher.errors.date',
  fiscalCode: 'identity-matcher.errors.fiscal-code',
  comuneRequired: 'identity-matcher.errors.comune-required',
} as const satisfies Record<string, MessageKey>;

/** "Italia", "italia ", "ITALY" all mean born in Italy. */
export function isItaly(country: string | undefined): boolean {
  return ['italia', 'italy'].includes(foldForSearch(country ?? '').trim());
}

/** A real calendar day in YYYY-MM-DD, not in the future. */
function isPastDate(value: string | undefined): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && date.getTime() <= Date.now();
}

const name = () => string().trim().required(E.required).max(100, E.tooLong).matches(Patterns.simpleText, E.letters);

export const identitySchema = object({
  nome: name(),
  cognome: name(),
  dataNascita: string().trim().required(E.required).test('date', E.date, isPastDate),
  statoNascita: name(),
  comuneNascita: string()
    .trim()
    .max(100, E.tooLong)
    .matches(Patterns.simpleText, E.letters)
    .when('statoNascita', { is: isItaly, then: (schema) => schema.required(E.comuneRequired) }),
  codiceFiscale: string().trim().uppercase().required(E.required).matches(Patterns.fiscalCodeOmocodic, E.fiscalCode),
  sesso: string().required(E.required).oneOf(['M', 'F'], E.required),
});

export type IdentityResult = { ok: true; person: CheckPersonRequest } | { ok: false; errors: IdentityErrors };

/** Every field's first error, or the request to send (trimmed, code upper-cased, empty comune left out). */
export function validateIdentity(values: IdentityValues): IdentityResult {
  try {
    const valid = identitySchema.validateSync(values, { abortEarly: false });
    const person: CheckPersonRequest = {
      nome: valid.nome,
      cognome: valid.cognome,
      dataNascita: valid.dataNascita,
      statoNascita: valid.statoNascita,
      codiceFiscale: valid.codiceFiscale,
      sesso: valid.sesso as CheckPersonRequest['sesso'],
      ...(valid.comuneNascita ? { comuneNascita: valid.comuneNascita } : {}),
    };
    return { ok: true, person };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: IdentityErrors = {};
    for (const issue of error.inner) {
      const field = issue.path as IdentityField | undefined;
      if (field && !errors[field]) errors[field] = issue.message as MessageKey;
    }
    return { ok: false, errors };
  }
}
