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

/** The query parameter of the login page naming the page the login started from. */
const LOGIN_FROM_PARAM = 'from';

/**
 * The login control's address: the login page, told where the login started. The header renders
 * it as a link so a tap before the app has loaded (the prerendered page, not yet hydrated) still
 * starts the login; once loaded, the app handles the click itself and the link is not followed.
 */
export function loginPageHref(currentPath: string): string {
  return `${Paths.login}?${new URLSearchParams({ [LOGIN_FROM_PARAM]: currentPath })}`;
}

/** The page named by the login page's query, if it is one of the app's own outside the login screens. */
export function loginFromOf(search: string): string | undefined {
  const from = new URLSearchParams(search).get(LOGIN_FROM_PARAM);
  return isAppPath(from) && !isUnderMount(from, Mounts.auth) ? from : undefined;
}

/** Spec §4 "Logout": afterwards the user returns to startup (from the startup flow) or home. */
export function logoutOriginFor(currentPath: string): string | undefined {
  return isUnderMount(currentPath, Mounts.startup) ? Paths.startup : undefined;
}
