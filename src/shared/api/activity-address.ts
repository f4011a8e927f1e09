// Where the business will be (spec §3 Request, widened: docs/architecture.md "Deviations"): the
// municipality of the activity is the request's `municipalityId`, and the business's address in it
// is kept in the personal data as `activityAddress`. The office a request goes to is one serving
// that municipality (src/server/services/requests/references.ts).
import Type, { type Static } from 'typebox';
import { Patterns } from '../patterns.ts';

/** The business's address in the municipality of the activity: street, number and postcode. */
export const ActivityAddressSchema = Type.Object(
  {
    street: Type.String({ minLength: 1, maxLength: 255, pattern: Patterns.address.source }),
    /** As Italians write it: 12, 12/A, 3-5, 7 bis. */
    streetNumber: Type.String({ minLength: 1, maxLength: 20, pattern: Patterns.address.source }),
    /** Five digits (CAP); whether it belongs to the municipality is not checked: no CAP list is held. */
    zipCode: Type.String({ pattern: Patterns.zipCode.source }),
  },
  { additionalProperties: false, description: "The business's address in the municipality of the activity (the request's municipalityId)." },
);
export type ActivityAddress = Static<typeof ActivityAddressSchema>;

/** Whether a request's personal data name the business's whole address. */
export function hasActivityAddress(address: Partial<ActivityAddress> | null | undefined): boolean {
  return Boolean(address?.street?.trim() && address.streetNumber?.trim() && address.zipCode?.trim());
}

/** One line for recaps, lists and e-mails: "Via Roma 12, 00019 Tivoli". */
export function activityAddressLine(address: Partial<ActivityAddress> | null | undefined, municipalityName?: string | null): string {
  const street = [address?.street, address?.streetNumber].filter(Boolean).join(' ');
  const place = [address?.zipCode, municipalityName].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}
