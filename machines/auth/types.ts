// The contract of the auth machine: its context, the events the app sends, the events it emits,
// and the input and output of every side effect the app must provide (`machine.provide({ actors })`).
import type { CheckPersonRequest, IdentityClaims, TokenResponse } from '#shared/api/auth.ts';
import type { User } from '#shared/domain.ts';
import type { ModalRequest } from '../modals.ts';

/** Front office (citizens) or back office (staff): two identity-provider clients, two sets of rules. */
export type Area = 'FO' | 'BO';

export interface AuthContext {
  user: User | null;
  auth: TokenResponse | null;
  /** Area of the login in progress or of the logged-in user; null when logged out. */
  area: Area | null;
  claims: IdentityClaims | null;
  /** Fiscal code used for the user lookup: from the identity token, or confirmed by the identity matcher. */
  fiscalCode: string | null;
  /** Whether the back-office login began from the back-office root (spec §4, back-office rule). */
  fromBackOfficeRoot: boolean;
  /** Where to return after login (front office). Survives a failed login and an expired session. */
  loginOrigin: string | null;
  /** Where to return after logout. */
  logoutOrigin: string | null;
  /** Identity matcher errors (spec §8), message keys. */
  errorKey: string | null;
  errorDescriptionKey: string | null;
  /** Provider logout to perform once the local session is cleared. */
  pendingLogout: ProviderLogoutInput | null;
  /** Why the login in progress was refused: picks the authentication-failed dialog's texts. */
  failure: LoginFailure | null;
  /** The login in progress asks the provider for no page of its own (prompt=none). */
  silent: boolean;
  /** The logout in progress is the back office's idle sign-out: what was typed is kept for the same person. */
  idleSignOut: boolean;
}

/**
 * Why a login failed (docs/architecture.md "The citizen's journey with real data"), each with its own message and next step: the provider or the
 * portal could not be reached ("try again"), the profile is not allowed in the area, or the account
 * is deactivated (both "contact the office").
 */
export type LoginFailure = 'unreachable' | 'refused' | 'deactivated' | 'cancelled';

export type AuthEvent =
  /**
   * `silent`: ask the provider to sign in without any page of its own (OIDC prompt=none), for a
   * back-office link opened in a new tab while the provider's session lives (docs/architecture.md "The clerks' desk").
   */
  | { type: 'LOGIN'; area: Area; origin: string; fromBackOfficeRoot?: boolean; silent?: boolean }
  /** The app loaded the login callback route; `url` carries the authorization code. */
  | { type: 'CALLBACK'; area: Area; url: string }
  | { type: 'IDENTITY_SUBMIT'; person: CheckPersonRequest }
  | { type: 'IDENTITY_CANCEL' }
  | { type: 'LOGOUT'; origin?: string }
  /** Session restore (see the session machine): put a stored, still valid session back. */
  | { type: 'RESTORE'; user: User; auth: TokenResponse; area: Area }
  /** A call with the session's token answered 401: the access token expired (or was refused). */
  | { type: 'EXPIRED' }
  /** The idle machine (../idle.ts, invoked while logged in): staff were idle for the configured time. */
  | { type: 'IDLE_TIMEOUT' };

export type AuthEmitted =
  /** Forward to the modals machine as OPEN. */
  | { type: 'modal'; modal: ModalRequest }
  /** Forward to the router. `replace` keeps callback URLs out of the history. */
  | { type: 'navigate'; to: string; replace: boolean }
  /**
   * For the kept-forms adapter (src/web/auth/kept-forms.ts): what was typed in back-office forms is
   * kept for `owner` at an idle sign-out ('keep'), handed only to the same owner at their next sign-in
   * and dropped for anyone else ('claim'), and dropped by a logout ('drop').
   */
  | { type: 'keptForms'; command: KeptFormsCommand; owner: string | null };

export type KeptFormsCommand = 'keep' | 'claim' | 'drop';

export interface RedirectToProviderInput {
  area: Area;
  origin: string;
  /** To be carried through the provider round trip and handed back by `exchangeCode`. */
  fromBackOfficeRoot: boolean;
  /** prompt=none: the provider answers at once, with a code or with `login_required`. */
  silent: boolean;
}

/**
 * What `exchangeCode` rejects with when a silent sign-in came back without a code because the
 * provider has no session (login_required and its kin): the machine then asks for a real sign-in,
 * keeping the page the login began from.
 */
export interface SilentLoginDeclined {
  kind: 'silent-login-declined';
  area: Area;
  origin: string | null;
  fromBackOfficeRoot: boolean;
}

/**
 * What `exchangeCode` rejects with when the person cancelled at the identity provider (OAuth 2.0,
 * RFC 6749 §4.1.2.1: `error=access_denied` on the callback): nothing failed, so the machine says
 * the login was cancelled, not that the service is unreachable.
 */
export interface LoginCancelled {
  kind: 'login-cancelled';
  area: Area;
}

export interface ExchangeCodeInput {
  area: Area;
  url: string;
}

export interface ExchangeCodeOutput {
  tokens: TokenResponse;
  /** Decoded identity token, fiscal number prefix removed. */
  claims: IdentityClaims;
  /** The origin stored before leaving for the provider. */
  loginOrigin: string | null;
  fromBackOfficeRoot: boolean;
}

export interface FetchUserInfoInput {
  area: Area;
  fiscalCode: string;
  accessToken: string;
}

/** HTTP status and the user of the answer (null when there is none). */
export interface FetchUserInfoOutput {
  status: number;
  user: User | null;
}

export interface CheckIdentityInput {
  person: CheckPersonRequest;
  accessToken: string;
}

/** `valido` is null when the answer carried none (e.g. a 5xx). */
export interface CheckIdentityOutput {
  status: number;
  valido: boolean | null;
}

/** Renewal of the session's tokens with its refresh token (docs/architecture.md "The API contract"). */
export interface RenewTokensInput {
  area: Area;
  refreshToken: string;
}

export interface RevokeTokenInput {
  area: Area;
  accessToken: string;
}

export interface ProviderLogoutInput {
  area: Area;
  idToken: string;
  /** App path the provider sends the user back to. */
  returnTo: string;
}
