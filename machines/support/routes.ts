// The few client paths the machines need to name in the `navigate` and `startLogin` events they emit.
// They mirror src/web/routes/paths.ts, which machines may not import (machines see only src/shared);
// tests/machines/routes.test.ts fails if the two drift apart.
import { LANGUAGES } from '#shared/constants.ts';

export const HOME_PATH = '/';
export const BACK_OFFICE_MOUNT = '/back-office';
export const BACK_OFFICE_REQUESTS_PATH = `${BACK_OFFICE_MOUNT}/requests`;
export const IDENTITY_MATCHER_PATH = '/auth/identity-matcher';

/** Spec §4 "After login": the back office lands on the request list in the first configured language. */
export const BACK_OFFICE_LANDING = `${BACK_OFFICE_REQUESTS_PATH}?lang=${LANGUAGES[0]}`;

/** True for the back-office mount and everything under it (not for '/back-officer'). */
export function isBackOfficePath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname === BACK_OFFICE_MOUNT || pathname.startsWith(`${BACK_OFFICE_MOUNT}/`);
}

/**
 * An origin to return to must be a path of this app: '/x', never '//host' or 'https://host'
 * (an attacker-chosen origin would otherwise turn login into an open redirect).
 */
export function isAppPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
