// Where login and logout return to, decided from the page the user is on. Pure, so the header,
// the modals and the guards agree and tests check the rule once.
import { isAppPath } from '#machines/support/routes.ts';
import { Mounts, Paths, isUnderMount } from '../routes/paths.ts';

/**
 * The page a login started here should come back to: the current page, except on the login
 * screens themselves (a callback URL must never be visited twice), where the origin remembered by
 * the previous attempt, or home, is used.
 */
export function loginOriginFor(currentPath: string, remembered: string | null): string {
  if (isUnderMount(currentPath, Mounts.auth)) return isAppPath(remembered) ? remembered : Paths.home;
  return currentPath;
}

/** Spec §4 "Logout": afterwards the user returns to startup (from the startup flow) or home. */
export function logoutOriginFor(currentPath: string): string | undefined {
  return isUnderMount(currentPath, Mounts.startup) ? Paths.startup : undefined;
}
