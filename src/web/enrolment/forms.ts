// Validation of the enrolment's forms with yup over the shared patterns (spec §5). Errors are
// message keys the screens translate; every function returns the first error of each field.
import { mixed, number, object, string, ValidationError, type AnyObjectSchema } from 'yup';
import type { PersonalData } from '../../shared/api/requests.ts';
import { NotificationContactType, SearchBar } from '../../shared/constants.ts';
import type { NotificationContact } from '../../shared/domain.ts';
import { Patterns } from '../../shared/patterns.ts';
import { checkSearch, DEFAULT_SEARCH_RULES, type SearchErrorKey } from '../../../machines/listQuery/searchBar.ts';

export const FieldErrors = {
  required: 'ep.errors.required',
  email: 'ep.errors.email',
  maxLength: 'ep.errors.max-length',
  letters: 'ep.errors.letters',
  fiscalCode: 'ep.errors.fiscal-code',
  telephone: 'ep.errors.telephone',
  address: 'ep.errors.address',
  zipCode: 'ep.errors.zip-code',
  vatNumber: 'ep.errors.vat-number',
  contactType: 'ep.errors.contact-type',
  municipality: 'ep.errors.municipality',
} as const;

export type FieldErrorKey = (typeof FieldErrors)[keyof typeof FieldErrors];
export type Errors<F extends string> = Partial<Record<F, FieldErrorKey>>;
export type Validation<F extends string, T> = { ok: true; value: T } | { ok: false; errors: Errors<F> };

function validate<F extends string, T>(schema: AnyObjectSchema, values: unknown): Validation<F, T> {
  try {
    return { ok: true, value: schema.validateSync(values, { abortEarly: false, stripUnknown: true }) as T };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Errors<F> = {};
    for (const issue of error.inner) {
      const field = issue.path as F | undefined;
      if (field && !errors[field]) errors[field] = issue.message as FieldErrorKey;
    }
    return { ok: false, errors };
  }
}

/** Empty optional text becomes null: the contract's patterns (zip code, e-mail) refuse "". */
const optional = () =>
  string()
    .trim()
    .transform((value: string) => (value === '' ? null : value))
    .nullable()
    .default(null);

// Notification contact -----------------------------------------------------------------------------

export type ContactField = 'type' | 'value';

const contactSchema = object({
  type: number()
    .typeError(FieldErrors.contactType)
    .required(FieldErrors.contactType)
    .oneOf([NotificationContactType.EMAIL, NotificationContactType.PEC], FieldErrors.contactType),
  value: string().trim().required(FieldErrors.required).max(255, FieldErrors.maxLength).matches(Patterns.email, FieldErrors.email),
});

export function validateContact(values: { type: number | null; value: string }): Validation<ContactField, NotificationContact> {
  return validate(contactSchema, values);
}

// Personal data ----------------------------------------------------------------------------------

export const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'fiscalCode',
  'dateOfBirth',
  'cityOfBirth',
  'email',
  'telephone',
  'address',
  'zipCode',
  'residenceMunicipality',
  'partitaIva',
] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type PersonalValues = Record<PersonalField, string>;

const name = () => string().trim().required(FieldErrors.required).max(100, FieldErrors.maxLength).matches(Patterns.personName, FieldErrors.letters);

const personalSchema = object({
  firstName: name(),
  lastName: name(),
  fiscalCode: string().trim().uppercase().required(FieldErrors.required).matches(Patterns.fiscalCodeOmocodic, FieldErrors.fiscalCode),
  dateOfBirth: optional().matches(/^\d{4}-\d{2}-\d{2}$/, { message: FieldErrors.required, excludeEmptyString: true }),
  cityOfBirth: optional().max(100, FieldErrors.maxLength).matches(Patterns.placeName, FieldErrors.letters),
  email: optional().max(255, FieldErrors.maxLength).matches(Patterns.email, { message: FieldErrors.email, excludeEmptyString: true }),
  telephone: optional().max(20, FieldErrors.maxLength).matches(Patterns.telephone, FieldErrors.telephone),
  address: optional().max(255, FieldErrors.maxLength).matches(Patterns.address, FieldErrors.address),
  zipCode: optional().matches(Patterns.zipCode, { message: FieldErrors.zipCode, excludeEmptyString: true }),
  // Chosen from the ISTAT list (a combobox), so its pattern is the one of the list's place names.
  residenceMunicipality: optional().max(100, FieldErrors.maxLength).matches(Patterns.placeName, FieldErrors.municipality),
  partitaIva: optional().matches(Patterns.vatNumber, FieldErrors.vatNumber),
  gender: mixed<'M' | 'F'>().oneOf(['M', 'F']).nullable().default(null),
});

export interface PersonalResult {
  personalData: PersonalData;
  partitaIva: string | null;
}

export function validatePersonal(values: PersonalValues & { gender?: string | null }): Validation<PersonalField, PersonalResult> {
  const result = validate<PersonalField, PersonalData & { partitaIva: string | null }>(personalSchema, values);
  if (!result.ok) return result;
  const { partitaIva, ...personalData } = result.value;
  return { ok: true, value: { personalData, partitaIva } };
}

/** The form's text values of stored personal data (null → ""). */
export function personalValuesOf(data: Partial<PersonalData> | null | undefined, partitaIva: string | null | undefined): PersonalValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    firstName: text(data?.firstName),
    lastName: text(data?.lastName),
    fiscalCode: text(data?.fiscalCode),
    dateOfBirth: text(data?.dateOfBirth),
    cityOfBirth: text(data?.cityOfBirth),
    email: text(data?.email),
    telephone: text(data?.telephone),
    address: text(data?.address),
    zipCode: text(data?.zipCode),
    residenceMunicipality: text(data?.residenceMunicipality),
    partitaIva: text(partitaIva),
  };
}

// Search bar -------------------------------------------------------------------------------------

export type { SearchErrorKey } from '../../../machines/listQuery/searchBar.ts';

/**
 * Spec §5 search bar: the first error of the one search-bar rule (machines/listQuery/searchBar.ts),
 * naming the message "search-bar.errors.<key>"; null when valid (empty is valid: no filter).
 */
export function searchError(value: string, minLength: number = SearchBar.minLength, maxLength: number = SearchBar.maxLength): SearchErrorKey | null {
  return checkSearch(value, { ...DEFAULT_SEARCH_RULES, minLength, maxLength }).errors[0] ?? null;
}
