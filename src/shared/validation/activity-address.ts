// The business's address on the personal-data step (spec §5 address and zip code patterns): street,
// street number and a five-digit postcode, all required, as yup over src/shared's patterns. Errors
// are the enrolment forms' message keys (locales `ep.errors.*`).
import { object, string, type InferType } from 'yup';
import type { ActivityAddress } from '../api/activity-address.ts';
import { Patterns } from '../patterns.ts';
import type { EnrolmentErrorKey } from './enrolment-forms.ts';
import { validate, type Checked } from './validate.ts';

export const ACTIVITY_ADDRESS_FIELDS = ['activityStreet', 'activityStreetNumber', 'activityZipCode'] as const;
export type ActivityAddressField = (typeof ACTIVITY_ADDRESS_FIELDS)[number];
export type ActivityAddressValues = Record<ActivityAddressField, string>;

const required = (max: number) => string().trim().required('ep.errors.required').max(max, 'ep.errors.max-length');

const schema = object({
  activityStreet: required(255).matches(Patterns.address, 'ep.errors.address'),
  activityStreetNumber: required(20).matches(Patterns.address, 'ep.errors.address'),
  activityZipCode: string().trim().required('ep.errors.required').matches(Patterns.zipCode, 'ep.errors.zip-code'),
});

export function checkActivityAddress(values: ActivityAddressValues): Checked<ActivityAddress, ActivityAddressField, EnrolmentErrorKey> {
  const checked = validate<InferType<typeof schema>, ActivityAddressField, EnrolmentErrorKey>(schema, values);
  if (!checked.ok) return checked;
  const { activityStreet, activityStreetNumber, activityZipCode } = checked.value;
  return { ok: true, value: { street: activityStreet, streetNumber: activityStreetNumber, zipCode: activityZipCode } };
}

/** The form's text values of a stored address (missing → ""). */
export function activityAddressValuesOf(address: Partial<ActivityAddress> | null | undefined): ActivityAddressValues {
  return { activityStreet: address?.street ?? '', activityStreetNumber: address?.streetNumber ?? '', activityZipCode: address?.zipCode ?? '' };
}
