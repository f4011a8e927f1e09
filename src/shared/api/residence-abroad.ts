// A residence abroad (docs/architecture.md "The citizen's journey with real data"): an EU citizen,
// or an Italian living abroad, records the country, the city and the address where they live, in
// the personal data as `residenceAbroad`. The country is one of the foreign states of
// src/shared/countries.ts (ISO 3166 alpha-2); a residence in Italy is the step's Italian fields.
import Type, { type Static } from 'typebox';
import { countryName, FOREIGN_STATES } from '../countries.ts';
import { Patterns } from '../patterns.ts';

export const ResidenceAbroadSchema = Type.Object(
  {
    country: Type.Enum(FOREIGN_STATES, { description: 'ISO 3166 alpha-2 code of a foreign state (src/shared/countries.ts).' }),
    city: Type.String({ minLength: 1, maxLength: 100, pattern: Patterns.placeName.source }),
    address: Type.String({ minLength: 1, maxLength: 255, pattern: Patterns.address.source }),
  },
  { additionalProperties: false, description: "The applicant's residence abroad: country, city and address." },
);
export type ResidenceAbroad = Static<typeof ResidenceAbroadSchema>;

/** One line for recaps: "12 Rue de Rivoli, Paris, Francia" (the country in `language`). */
export function residenceAbroadLine(residence: Partial<ResidenceAbroad> | null | undefined, language: string): string {
  if (!residence) return '';
  const country = residence.country ? countryName(residence.country, language) : '';
  return [residence.address, residence.city, country].filter((part) => part && part.trim() !== '').join(', ');
}
