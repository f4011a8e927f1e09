// Pure helpers the enrolment screens share: the logged user as a request's user, what the
// administration already knows about them (prefill, "never ask twice"), names in the current
// language, and the step a URL names.
import type { RequestUser } from '#machines/draft/types.ts';
import { STEP_NAMES, STARTUP_MOUNT, type StepName } from '#machines/enrolment/steps.ts';
import type { PersonalData } from '#shared/api/requests.ts';
import type { Language } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';

export function requestUserOf(user: User): RequestUser {
  return {
    userId: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    fiscalCode: user.fiscalCode ?? null,
    profile: { profileId: user.profile.profileId },
  };
}

/** DD/MM/YYYY (spec §3 user) → YYYY-MM-DD (the request's personal data), or null. */
export function isoDate(displayDate: string | null | undefined): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(displayDate ?? '');
  if (match) return `${match[3]}-${match[2]}-${match[1]}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(displayDate ?? '') ? displayDate! : null;
}

/** YYYY-MM-DD → DD/MM/YYYY for display. */
export function displayDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (iso ?? '');
}

/** The personal data the identity already gives: the form starts from these. */
export function prefilledPersonalData(user: User | null): PersonalData {
  const gender = user?.gender === 'M' || user?.gender === 'F' ? user.gender : null;
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    fiscalCode: user?.fiscalCode ?? '',
    dateOfBirth: isoDate(user?.dateOfBirth),
    cityOfBirth: user?.cityOfBirth ?? null,
    gender,
    email: user?.email ?? null,
    telephone: null,
    address: null,
    zipCode: null,
    residenceMunicipality: null,
  };
}

/** `nameIt`/`nameEn`-style pairs in the current language. */
export function localized<T extends Record<string, unknown>>(item: T, field: string, language: Language): string {
  const key = `${field}${language === 'en' ? 'En' : 'It'}`;
  const value = item[key];
  return typeof value === 'string' ? value : '';
}

/** The step whose page the path is (`/startup/<step>`), or null (the entry path, other pages). */
export function stepOfPath(pathname: string): StepName | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (!trimmed.startsWith(`${STARTUP_MOUNT}/`)) return null;
  const name = trimmed.slice(STARTUP_MOUNT.length + 1);
  return (STEP_NAMES as readonly string[]).includes(name) ? (name as StepName) : null;
}
