// A residence abroad on the personal-data step (src/shared/api/residence-abroad.ts): when the person
// says they live abroad, the country (from the list of foreign states), the city and the address are
// required, the city and the address checked against spec §5's place-name and address patterns.
// Errors are the enrolment forms' message keys (locales `ep.errors.*`).
import { object, string, type InferType } from 'yup';
import type { ResidenceAbroad } from '../api/residence-abroad.ts';
import { FOREIGN_STATES } from '../countries.ts';
import { Patterns } from '../patterns.ts';
import type { EnrolmentErrorKey } from './enrolment-forms.ts';
import { validate, type Checked } from './validate.ts';

export const RESIDENCE_ABROAD_FIELDS = ['residenceCountry', 'residenceCity', 'residenceAddress'] as const;
export type ResidenceAbroadField = (typeof RESIDENCE_ABROAD_FIELDS)[number];
export type ResidenceAbroadValues = Record<ResidenceAbroadField, string>;

const required = (max: number) => string().trim().required('ep.errors.required').max(max, 'ep.errors.max-length');

const schema = object({
  residenceCountry: string()
    .required('ep.errors.required')
    .oneOf([...FOREIGN_STATES], 'ep.errors.required'),
  residenceCity: required(100).matches(Patterns.placeName, 'ep.errors.letters'),
  residenceAddress: required(255).matches(Patterns.address, 'ep.errors.address'),
});

export function checkResidenceAbroad(values: ResidenceAbroadValues): Checked<ResidenceAbroad, ResidenceAbroadField, EnrolmentErrorKey> {
  const checked = validate<InferType<typeof schema>, ResidenceAbroadField, EnrolmentErrorKey>(schema, values);
  if (!checked.ok) return checked;
  const { residenceCountry, residenceCity, residenceAddress } = checked.value;
  return { ok: true, value: { country: residenceCountry as ResidenceAbroad['country'], city: residenceCity, address: residenceAddress } };
}

/** The form's text values of a stored residence abroad (missing → ""). */
export function residenceAbroadValuesOf(residence: Partial<ResidenceAbroad> | null | undefined): ResidenceAbroadValues {
  return { residenceCountry: residence?.country ?? '', residenceCity: residence?.city ?? '', residenceAddress: residence?.address ?? '' };
}
