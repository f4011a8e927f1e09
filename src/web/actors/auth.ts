// The real side effects of the auth machine (machines/auth/types.ts), handed in with
// `authMachine.provide({ actors })`. The machine decides; these talk to the identity provider
// (through oidc-client-ts) and to our API.
import { fromPromise } from 'xstate';
import type {
  CheckIdentityInput,
  CheckIdentityOutput,
  ExchangeCodeInput,
  ExchangeCodeOutput,
  FetchUserInfoInput,
  FetchUserInfoOutput,
  ProviderLogoutInput,
  RedirectToProviderInput,
  RenewTokensInput,
  RevokeTokenInput,
} from '#machines/auth/types.ts';
import { idleMachine } from '#machines/idle.ts';
import type { TokenResponse } from '#shared/api/auth.ts';
import { browserWindow } from '../auth/browser.ts';
import type { LoginState, LogoutState, OidcSettings } from '../auth/oidc.ts';
import { Paths } from '../routes/paths.ts';

export interface AuthActorDeps {
  /** The identity-provider settings of the public configuration, once it is loaded. */
  oidcSettings(): Promise<OidcSettings>;
  /** The current interface language, passed to the provider's sign-in page. */
  language(): string;
  /** The back office's idle time in minutes, from the public configuration (BO_IDLE_MINUTES). */
  idleMinutes(): Promise<number>;
}

// oidc-client-ts, jose and the API client (axios) are needed only while logging in or out: loaded
// then, not with the shell.
const loadOidc = () => import('../auth/oidc.ts');
const loadClaims = () => import('../auth/claims.ts');
const loadHttp = () => import('../api/auth.ts');

async function redirectToProvider(input: RedirectToProviderInput, deps: AuthActorDeps): Promise<void> {
  const [settings, { createOidcClient }] = await Promise.all([deps.oidcSettings(), loadOidc()]);
  const client = createOidcClient(settings, input.area, browserWindow.origin());
  const state: LoginState = { origin: input.origin, area: input.area, fromBackOfficeRoot: input.fromBackOfficeRoot, silent: input.silent };
  // prompt=login: a refused or logged-out person must be able to choose another identity, not be
  // signed straight back in by the provider's own session. prompt=none: a back-office link opened
  // in a new tab uses that session on purpose, and comes back with login_required when there is none.
  const request = await client.createSigninRequest({ state, prompt: input.silent ? 'none' : 'login', ui_locales: deps.language() });
  browserWindow.leave(request.url);
}

async function exchangeCode(input: ExchangeCodeInput, deps: AuthActorDeps): Promise<ExchangeCodeOutput> {
  const [settings, { createOidcClient, readCallback }, { decodeIdentityClaims }, { exchangeToken }] = await Promise.all([
    deps.oidcSettings(),
    loadOidc(),
    loadClaims(),
    loadHttp(),
  ]);
  const client = createOidcClient(settings, input.area, browserWindow.origin());
  const callback = await readCallback(client, settings, input.area, new URL(input.url, browserWindow.origin()).href);
  const tokens = await exchangeToken(input.area, {
    grant_type: 'authorization_code',
    code: callback.code,
    redirect_uri: callback.redirectUri,
    code_verifier: callback.codeVerifier,
  });
  return {
    tokens,
    claims: decodeIdentityClaims(tokens.id_token),
    loginOrigin: callback.state.origin ?? null,
    fromBackOfficeRoot: callback.state.fromBackOfficeRoot,
  };
}

async function endProviderSession(input: ProviderLogoutInput, deps: AuthActorDeps): Promise<void> {
  const [settings, { createOidcClient }] = await Promise.all([deps.oidcSettings(), loadOidc()]);
  const origin = browserWindow.origin();
  const client = createOidcClient(settings, input.area, origin);
  const state: LogoutState = { returnTo: input.returnTo };
  const request = await client.createSignoutRequest({
    id_token_hint: input.idToken,
    post_logout_redirect_uri: `${origin}${Paths.logoutCallback}`,
    state,
  });
  browserWindow.leave(request.url);
}

/**
 * One promise per key while it runs. React StrictMode stops and restarts the actors once at mount,
 * which restarts a running invoke: the second start must join the first, not repeat it. For the
 * code exchange this is essential (a code and its stored PKCE state can be used only once), so
 * those promises are kept for the app's lifetime: a callback URL is exchanged exactly once.
 */
function createOnce() {
  const running = new Map<string, Promise<unknown>>();
  return <T>(key: string, keep: boolean, start: () => Promise<T>): Promise<T> => {
    const existing = running.get(key) as Promise<T> | undefined;
    if (existing) return existing;
    const promise = start();
    running.set(key, promise);
    if (!keep) {
      const forget = () => running.delete(key);
      promise.then(forget, forget);
    }
    return promise;
  };
}

export function createAuthActors(deps: AuthActorDeps) {
  const once = createOnce();
  return {
    redirectToProvider: fromPromise<void, RedirectToProviderInput>(({ input }) =>
      once(`redirect:${JSON.stringify(input)}`, false, () => redirectToProvider(input, deps)),
    ),
    exchangeCode: fromPromise<ExchangeCodeOutput, ExchangeCodeInput>(({ input }) => once(`exchange:${input.url}`, true, () => exchangeCode(input, deps))),
    fetchUserInfo: fromPromise<FetchUserInfoOutput, FetchUserInfoInput>(async ({ input, signal }) =>
      (await loadHttp()).fetchUserInfo(input.area, input.fiscalCode, input.accessToken, signal),
    ),
    checkIdentity: fromPromise<CheckIdentityOutput, CheckIdentityInput>(async ({ input, signal }) =>
      (await loadHttp()).checkPerson(input.person, input.accessToken, signal),
    ),
    renewTokens: fromPromise<TokenResponse, RenewTokensInput>(({ input }) =>
      once(`renew:${input.refreshToken}`, false, async () =>
        (await loadHttp()).exchangeToken(input.area, { grant_type: 'refresh_token', refresh_token: input.refreshToken }),
      ),
    ),
    revokeToken: fromPromise<void, RevokeTokenInput>(({ input }) =>
      once(`revoke:${input.accessToken}`, false, async () => (await loadHttp()).revokeAccessToken(input.accessToken)),
    ),
    endProviderSession: fromPromise<void, ProviderLogoutInput>(({ input }) => once(`logout:${input.idToken}`, false, () => endProviderSession(input, deps))),
    idle: idleMachine.provide({ actors: { loadIdleMinutes: fromPromise<number, void>(() => deps.idleMinutes()) } }),
  };
}
