// oidc-client-ts's OidcClient (not UserManager: the SPA never holds the tokens the way UserManager
// wants, it hands the code to our token endpoint, which owns the client secret). One client per
// call: the discovery document is fetched each time (small, HTTP-cacheable), so a changed
// configuration or a provider that was down a moment ago is picked up without a reload.
import { OidcClient, WebStorageStateStore, type OidcMetadata } from 'oidc-client-ts';
import type { Area, LoginCancelled, SilentLoginDeclined } from '#machines/auth/types.ts';
import type { PublicSettings } from '#shared/api/master-data.ts';
import { Paths } from '../routes/paths.ts';

export type OidcSettings = PublicSettings['oidc'];

/** Carried through the provider round trip in the authorization request's state. */
export interface LoginState {
  /** Null only for a login that named no page to return to (the auth machine then keeps its own). */
  origin: string | null;
  area: Area;
  fromBackOfficeRoot: boolean;
  /** Asked with prompt=none: a provider error saying "no session" means "sign in with a page". */
  silent: boolean;
}

/** OIDC Core §3.1.2.6: the answers to prompt=none that mean the person must see the provider. */
const NEEDS_INTERACTION = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

/** Carried through the provider's logout in the end-session request's state. */
export interface LogoutState {
  returnTo: string;
}

/** The redirect URI registered for each client (src/server/app.ts). */
export function redirectUri(area: Area, origin: string): string {
  return `${origin}${area === 'FO' ? Paths.loginCallback : Paths.backOfficeLoginCallback}`;
}

export function clientId(settings: OidcSettings, area: Area): string {
  return area === 'FO' ? settings.foClientId : settings.boClientId;
}

export function createOidcClient(settings: OidcSettings, area: Area, origin: string, metadata?: Partial<OidcMetadata>): OidcClient {
  return new OidcClient({
    authority: settings.authority,
    client_id: clientId(settings, area),
    redirect_uri: redirectUri(area, origin),
    post_logout_redirect_uri: `${origin}${Paths.logoutCallback}`,
    scope: settings.scope,
    response_type: 'code',
    // PKCE verifier and state live in this tab only, and only until the callback reads them.
    stateStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: 'suap.oidc.' }),
    ...(metadata ? { metadata } : {}),
  });
}

function isLoginState(value: unknown): value is LoginState {
  const data = value as Partial<LoginState> | null;
  return (
    (typeof data?.origin === 'string' || data?.origin === null) &&
    (data.area === 'FO' || data.area === 'BO') &&
    typeof data.fromBackOfficeRoot === 'boolean' &&
    typeof data.silent === 'boolean'
  );
}

export interface CallbackParams {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  state: LoginState;
}

/**
 * Reads the callback URL and removes its stored state, so the same URL can never be exchanged
 * twice. Fails on a provider error (e.g. the user cancelled), an unknown state, or a state that
 * another client or area started. A silent sign-in the provider could not complete without its
 * page rejects with a SilentLoginDeclined, which the auth machine turns into a real sign-in; a login
 * the person cancelled there (access_denied) with a LoginCancelled.
 */
export async function readCallback(client: OidcClient, settings: OidcSettings, area: Area, url: string): Promise<CallbackParams> {
  const { state, response } = await client.readSigninResponseState(url, true);
  if (state.client_id !== clientId(settings, area) || !isLoginState(state.data) || state.data.area !== area) {
    throw new Error('identity provider: the callback belongs to another login');
  }
  if (response.error) {
    if (state.data.silent && NEEDS_INTERACTION.has(response.error)) {
      const declined: SilentLoginDeclined = {
        kind: 'silent-login-declined',
        area,
        origin: state.data.origin,
        fromBackOfficeRoot: state.data.fromBackOfficeRoot,
      };
      throw declined;
    }
    if (response.error === 'access_denied') {
      const cancelled: LoginCancelled = { kind: 'login-cancelled', area };
      throw cancelled;
    }
    throw new Error(`identity provider: ${response.error}`);
  }
  if (!response.code || !state.code_verifier) throw new Error('identity provider: no code in the callback');
  return { code: response.code, codeVerifier: state.code_verifier, redirectUri: state.redirect_uri, state: state.data };
}

/** The return path carried by the provider's logout, if the callback has one we stored. */
export async function readLogoutReturn(client: OidcClient, url: string): Promise<string | null> {
  try {
    const { state } = await client.readSignoutResponseState(url, true);
    const data = state?.data as Partial<LogoutState> | undefined;
    return typeof data?.returnTo === 'string' ? data.returnTo : null;
  } catch {
    return null;
  }
}
