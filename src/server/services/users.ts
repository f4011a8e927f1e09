// Maps account rows to the API's User shape (spec §3) and registers citizens on first sign-in.
import type { Kysely } from 'kysely';
import { Role } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';
import type { Language } from '#shared/constants.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { countryName } from '#shared/countries.ts';
import type { Subject } from '../auth/subjects.ts';
import { isItaly } from './fiscal-code.ts';

/**
 * A day as the API writes every day: YYYY-MM-DD. Spec §3 shows user.dateOfBirth as DD/MM/YYYY, a
 * display format; the API keeps one style per kind of field, the same as personalData.dateOfBirth
 * (docs/architecture.md, "Dates in the API"), and screens format it for reading.
 */
export function apiDay(day: string | null): string | null {
  return day ? day.slice(0, 10) : null;
}

export async function toApiUser(db: Kysely<Database>, row: UserRow, language: Language): Promise<User> {
  const profile = await db.selectFrom('profiles').selectAll().where('profile_id', '=', row.profile_id).executeTakeFirst();
  return {
    userId: row.user_id,
    userEidasId: row.eidas_id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: apiDay(row.date_of_birth),
    placeOfBirth: row.place_of_birth,
    cityOfBirth: row.city_of_birth,
    fiscalCode: row.fiscal_code,
    gender: row.gender,
    email: row.email,
    profile: { profileId: row.profile_id, description: profile ? (language === 'en' ? profile.description_en : profile.description_it) : undefined },
    active: row.active,
  };
}

function claim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Where a person was born, as the account keeps it: the country, and the municipality or city. */
export interface Birthplace {
  placeOfBirth: string;
  cityOfBirth: string | null;
}

/**
 * A birthplace from a country (ISO 3166 alpha-2, or a name) and a locality. The country is kept by
 * its Italian name, as the accounts of Italians keep "Italia". Someone born abroad whose city is not
 * known has the country as the place the forms show (as Italian forms write a foreign birthplace).
 */
export function birthplaceOf(country: string, locality: string | null): Birthplace {
  const iso = /^[a-z]{2}$/i.test(country) ? country.toUpperCase() : null;
  const name = iso ? countryName(iso, 'it') : country;
  return { placeOfBirth: name, cityOfBirth: locality ?? (isItaly(country) ? null : name) };
}

/** The place of birth the provider asserted (OpenID Connect for Identity Assurance's `place_of_birth`), if any. */
function assertedBirthplace(claims: Record<string, unknown>): Birthplace | null {
  const place = claims.place_of_birth;
  if (!place || typeof place !== 'object') return null;
  const country = claim(place as Record<string, unknown>, 'country');
  return country ? birthplaceOf(country, claim(place as Record<string, unknown>, 'locality')) : null;
}

/**
 * The citizen account of a subject, created from the identity's claims the first time it is seen.
 * `given`: the birthplace the person gave the identity matcher, where the provider asserted none;
 * an account without a birthplace gets it (the place of birth is shown wherever personal data are).
 */
export async function findOrRegisterCitizen(db: Kysely<Database>, subject: Subject, fiscalCode: string, given: Birthplace | null = null): Promise<UserRow> {
  const birthplace = assertedBirthplace(subject.claims) ?? given;
  const existing = await db.selectFrom('users').selectAll().where('realm', '=', 'FO').where('fiscal_code', '=', fiscalCode).executeTakeFirst();
  if (existing) {
    if (!birthplace || existing.place_of_birth !== null || existing.city_of_birth !== null) return existing;
    return db
      .updateTable('users')
      .set({ place_of_birth: birthplace.placeOfBirth, city_of_birth: birthplace.cityOfBirth })
      .where('user_id', '=', existing.user_id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const birthdate = claim(subject.claims, 'birthdate');
  const inserted = await db
    .insertInto('users')
    .values({
      realm: 'FO',
      fiscal_code: fiscalCode,
      eidas_id: subject.eidasId,
      first_name: claim(subject.claims, 'given_name') ?? '',
      last_name: claim(subject.claims, 'family_name') ?? '',
      date_of_birth: birthdate && /^\d{4}-\d{2}-\d{2}$/.test(birthdate) ? birthdate : null,
      place_of_birth: birthplace?.placeOfBirth ?? null,
      city_of_birth: birthplace?.cityOfBirth ?? null,
      gender: claim(subject.claims, 'gender'),
      email: claim(subject.claims, 'email'),
      profile_id: Role.FRONT_OFFICE,
    })
    .onConflict((oc) => oc.columns(['realm', 'fiscal_code']).where('fiscal_code', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  // Two first sign-ins at once: the other one inserted it.
  return inserted ?? (await db.selectFrom('users').selectAll().where('realm', '=', 'FO').where('fiscal_code', '=', fiscalCode).executeTakeFirstOrThrow());
}
