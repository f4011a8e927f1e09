// Maps account rows to the API's User shape (spec §3) and registers citizens on first sign-in.
import type { Kysely } from 'kysely';
import { Role } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';
import type { Language } from '#shared/constants.ts';
import type { Database, UserRow } from '../db/schema.ts';
import type { Subject } from '../auth/subjects.ts';

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

/** The citizen account of a subject, created from the identity's claims the first time it is seen. */
export async function findOrRegisterCitizen(db: Kysely<Database>, subject: Subject, fiscalCode: string): Promise<UserRow> {
  const existing = await db.selectFrom('users').selectAll().where('realm', '=', 'FO').where('fiscal_code', '=', fiscalCode).executeTakeFirst();
  if (existing) return existing;
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
