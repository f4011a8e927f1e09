// Where the user goes once the identity provider has ended its session: the return path carried
// in the end-session request's state, else the logout origin this tab remembered, else home.
// Only paths of this app are followed (never an address from the URL).
import { isAppPath } from '#machines/support/routes.ts';
import { Paths } from '../routes/paths.ts';
import { browserWindow } from './browser.ts';
import { createOidcClient, readLogoutReturn, type OidcSettings } from './oidc.ts';

// Reading the state removes it; a second read of the same URL (React StrictMode runs the effect
// twice) must get the same answer, so the answer is kept per URL.
const answers = new Map<string, Promise<string | null>>();

export async function logoutReturnPath(settings: OidcSettings | null, url: string, remembered: string | null): Promise<string> {
  let answer = answers.get(url);
  if (!answer) {
    answer = settings ? readLogoutReturn(createOidcClient(settings, 'FO', browserWindow.origin()), url) : Promise.resolve(null);
    answers.set(url, answer);
  }
  const carried = await answer;
  if (isAppPath(carried)) return carried;
  return isAppPath(remembered) ? remembered : Paths.home;
}
