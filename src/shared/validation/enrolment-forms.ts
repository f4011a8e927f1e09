// The enrolment wizard's forms (spec §5 patterns): the notification contact and the applicant's
// personal data, as yup schemas over src/shared's patterns. Errors are message keys (locales
// `ep.errors.*`); empty optional text becomes null, because the contract's patterns (zip code,
// e-mail) refuse "". The values of stored personal data for the form are here too (personalValuesOf).
import { mixed, number, object, string, type InferType } from 'yup';
import type { PersonalData } from '../api/requests.ts';
import { NotificationContactType } from '../constants.ts';
import type { NotificationContact } from '../domain.ts';
import { Patterns } from '../patterns.ts';
import { validate, type Checked } from './validate.ts';

/** The enrolment forms' messages (locales `ep.errors.*`). */
const EnrolmentErrors = {
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

export type EnrolmentErrorKey = (typeof EnrolmentErrors)[keyof typeof EnrolmentErrors];

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
    .typeError(EnrolmentErrors.contactType)
    .required(EnrolmentErrors.contactType)
    .oneOf([NotificationContactType.EMAIL, NotificationContactType.PEC], EnrolmentErrors.contactType),
  value: string().trim().required(EnrolmentErrors.required).max(255, EnrolmentErrors.maxLength).matches(Patterns.email, EnrolmentErrors.email),
});

export function checkContact(values: { type: number | null; value: string }): Checked<NotificationContact, ContactField, EnrolmentErrorKey> {
  const checked = validate<InferType<typeof contactSchema>, ContactField, EnrolmentErrorKey>(contactSchema, values);
  return checked.ok ? { ok: true, value: checked.value as NotificationContact } : checked;
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

const name = () => string().trim().required(EnrolmentErrors.required).max(100, EnrolmentErrors.maxLength).matches(Patterns.personName, EnrolmentErrors.letters);

const personalSchema = object({
  firstName: name(),
  lastName: name(),
  fiscalCode: string().trim().uppercase().required(EnrolmentErrors.required).matches(Patterns.fiscalCodeOmocodic, EnrolmentErrors.fiscalCode),
  dateOfBirth: optional().matches(/^\d{4}-\d{2}-\d{2}$/, { message: EnrolmentErrors.required, excludeEmptyString: true }),
  cityOfBirth: optional().max(100, EnrolmentErrors.maxLength).matches(Patterns.placeName, EnrolmentErrors.letters),
  email: optional().max(255, EnrolmentErrors.maxLength).matches(Patterns.email, { message: EnrolmentErrors.email, excludeEmptyString: true }),
  telephone: optional().max(20, EnrolmentErrors.maxLength).matches(Patterns.telephone, EnrolmentErrors.telephone),
  address: optional().max(255, EnrolmentErrors.maxLength).matches(Patterns.address, EnrolmentErrors.address),
  zipCode: optional().matches(Patterns.zipCode, { message: EnrolmentErrors.zipCode, excludeEmptyString: true }),
  // Chosen from the ISTAT list (a combobox), so its pattern is the one of the list's place names.
  residenceMunicipality: optional().max(100, EnrolmentErrors.maxLength).matches(Patterns.placeName, EnrolmentErrors.municipality),
  partitaIva: optional().matches(Patterns.vatNumber, EnrolmentErrors.vatNumber),
  gender: mixed<'M' | 'F'>().oneOf(['M', 'F']).nullable().default(null),
});

export interface PersonalResult {
  personalData: PersonalData;
  partitaIva: string | null;
}

export function checkPersonal(values: PersonalValues & { gender?: string | null }): Checked<PersonalResult, PersonalField, EnrolmentErrorKey> {
  const checked = validate<InferType<typeof personalSchema>, PersonalField, EnrolmentErrorKey>(personalSchema, values);
  if (!checked.ok) return checked;
  const { partitaIva, ...personalData } = checked.value;
  return { ok: true, value: { personalData: personalData as PersonalData, partitaIva: partitaIva ?? null } };
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
