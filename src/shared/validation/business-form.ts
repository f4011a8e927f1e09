// The personal-data step's "who the business is" form (docs/architecture.md "Who the business is"):
// a yup schema over the rules of src/shared/business.ts and src/shared/vat-number.ts, which the
// server and the mocks apply too. Errors are message keys (locales `ep.business.errors.*`); empty
// optional text becomes null.
import { object, string } from 'yup';
import { APPLICANT_ROLES, BUSINESS_KINDS, BusinessPatterns, COMPANY_NAME_MAX, LEGAL_FORMS, type Business } from '../business.ts';
import { Patterns } from '../patterns.ts';
import { isVatNumber } from '../vat-number.ts';
import { validate, type Checked } from './validate.ts';

const BusinessErrors = {
  kind: 'ep.business.errors.kind',
  required: 'ep.business.errors.required',
  name: 'ep.business.errors.name',
  maxLength: 'ep.business.errors.max-length',
  legalForm: 'ep.business.errors.legal-form',
  pec: 'ep.business.errors.pec',
  vatNumber: 'ep.business.errors.vat-number',
  vatCheckDigit: 'ep.business.errors.vat-check-digit',
  atecoCode: 'ep.business.errors.ateco-code',
  role: 'ep.business.errors.role',
} as const;
export type BusinessErrorKey = (typeof BusinessErrors)[keyof typeof BusinessErrors];

export const BUSINESS_FIELDS = ['kind', 'name', 'legalForm', 'pec', 'partitaIva', 'atecoCode', 'role'] as const;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];
export type BusinessValues = Record<BusinessField, string>;

const optional = () =>
  string()
    .trim()
    .transform((value: string) => (value === '' ? null : value))
    .nullable()
    .default(null);
/** Required for a company, ignored (stored as null) for a sole trader. */
const forCompany = (rule: ReturnType<typeof optional>) =>
  rule.when('kind', {
    is: 'company',
    then: (schema) => schema.required(BusinessErrors.required),
    otherwise: (schema) => schema.transform(() => null),
  });

const businessSchema = object({
  kind: string()
    .required(BusinessErrors.kind)
    .oneOf([...BUSINESS_KINDS], BusinessErrors.kind),
  name: forCompany(optional().max(COMPANY_NAME_MAX, BusinessErrors.maxLength).matches(BusinessPatterns.companyName, BusinessErrors.name)),
  legalForm: forCompany(optional().oneOf([...LEGAL_FORMS, null], BusinessErrors.legalForm)),
  pec: forCompany(optional().max(255, BusinessErrors.maxLength).matches(Patterns.email, { message: BusinessErrors.pec, excludeEmptyString: true })),
  // Optional for a sole trader (not every one has one yet), required for a company; always with its check digit.
  partitaIva: optional()
    .matches(/^[0-9]{11}$/, { message: BusinessErrors.vatNumber, excludeEmptyString: true })
    .test('check-digit', BusinessErrors.vatCheckDigit, (value) => !value || !/^[0-9]{11}$/.test(value) || isVatNumber(value))
    .when('kind', { is: 'company', then: (schema) => schema.required(BusinessErrors.required) }),
  atecoCode: string().trim().required(BusinessErrors.required).matches(BusinessPatterns.atecoCode, BusinessErrors.atecoCode),
  role: string()
    .required(BusinessErrors.role)
    .oneOf([...APPLICANT_ROLES], BusinessErrors.role),
});

export interface BusinessResult {
  business: Business;
  partitaIva: string | null;
}

export function checkBusiness(values: BusinessValues): Checked<BusinessResult, BusinessField, BusinessErrorKey> {
  const checked = validate<Record<string, unknown>, BusinessField, BusinessErrorKey>(businessSchema as never, values);
  if (!checked.ok) return checked;
  const { partitaIva, ...business } = checked.value as unknown as Business & { partitaIva: string | null };
  return { ok: true, value: { business, partitaIva: partitaIva ?? null } };
}

/** The form's text values of a stored business and VAT number (null → ""). */
export function businessValuesOf(business: Partial<Business> | null | undefined, partitaIva: string | null | undefined): BusinessValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    kind: text(business?.kind),
    name: text(business?.name),
    legalForm: text(business?.legalForm),
    pec: text(business?.pec),
    partitaIva: text(partitaIva),
    atecoCode: text(business?.atecoCode),
    role: text(business?.role),
  };
}
