// What the app's machines start from when the page loads: the session machine's input, read from
// this tab's storage. The session machine decides whether the stored session is put back; the
// root machine hands it to the login machine while starting (machines/portal.ts).
import type { PortalInput } from '#machines/portal.ts';
import { readOrigin, readStoredSession } from '../auth/storage.ts';

export function bootSession(path: string): PortalInput {
  return {
    stored: readStoredSession(),
    path,
    loginOrigin: readOrigin('loginOrigin'),
    logoutOrigin: readOrigin('logoutOrigin'),
  };
}
