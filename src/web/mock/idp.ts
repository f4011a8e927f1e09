// The mock identity provider of `npm run dev:mock`. Sign-in (authorization request): one button per
// mock identity; choosing one returns to the app's callback with `code-<key>`, which the mocked
// token endpoint exchanges for that person's tokens (mocks/handlers/auth.ts). Logout (end-session
// request): straight back to the app's logout callback with its state.
import { identities } from '#mocks/fixtures/identities.ts';

const params = new URLSearchParams(window.location.search);
const state = params.get('state') ?? '';
const logoutReturn = params.get('post_logout_redirect_uri');
const redirect = params.get('redirect_uri');

/** Only back to this origin: the page must not become an open redirect. */
function sameOrigin(url: string): URL | null {
  const parsed = new URL(url, window.location.origin);
  return parsed.origin === window.location.origin ? parsed : null;
}

function back(url: string | null, query: Record<string, string>): void {
  const target = url ? sameOrigin(url) : null;
  if (!target) {
    document.body.append('The request names no return address on this site.');
    return;
  }
  for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
  window.location.assign(target.href);
}

if (logoutReturn) {
  back(logoutReturn, state ? { state } : {});
} else {
  const list = document.getElementById('identities');
  for (const identity of Object.values(identities)) {
    const user = identity.user.FO ?? identity.user.BO;
    const name = `${String(identity.claims.given_name)} ${String(identity.claims.family_name)}`;
    const role = user ? user.profile.description : 'no account';
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `${name} (${role})`;
    button.addEventListener('click', () => back(redirect, { code: `code-${identity.key}`, state }));
    item.append(button);
    list?.append(item);
  }
}
