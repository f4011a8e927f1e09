// Spec §4 "Login" acceptance rules as pure functions: the auth machine's guards call them, and
// tests check them one by one.
import type { IdentityClaims, TokenResponse } from '#shared/api/auth.ts';
import { Role, type RoleId } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';
import { BACK_OFFICE_LANDING, BACK_OFFICE_MOUNT, BACK_OFFICE_REQUESTS_PATH, HOME_PATH, isAppPath, isBackOfficePath } from '../support/routes.ts';
import type { Area, CheckIdentityOutput, FetchUserInfoOutput, LoginCancelled, LoginFailure, SilentLoginDeclined } from './types.ts';

/** Profiles that may log in to each area. */
export const ALLOWED_PROFILES: Readonly<Record<Area, readonly RoleId[]>> = {
  FO: [Role.FRONT_OFFICE],
  BO: [Role.BO_ADMIN, Role.BO_COLLAB, Role.CLERK],
};

/** Message keys of spec §8 used by the login flow. */
export const AuthMessages = {
  authFailedTitle: 'modals.auth-failed.title',
  authFailedDescription: 'modals.auth-failed.description',
  revokeTokenFailed: 'modals.revoke-token-failed',
  identityInvalid: 'errors.invalid-message',
  identityInvalidDescription: 'errors.invalid-description',
  identityGeneric: 'errors.generic-message',
  identityGenericDescription: 'errors.generic-description',
  identityTaken: 'errors.identity-taken-message',
  identityTakenDescription: 'errors.identity-taken-description',
} as const;

/** The authentication-failed dialog's texts for each reason (locales: modals.auth-failed.*). */
export const LOGIN_FAILURE_MESSAGES: Readonly<Record<LoginFailure, { titleKey: string; descriptionKey: string }>> = {
  unreachable: { titleKey: 'modals.auth-failed.unreachable.title', descriptionKey: 'modals.auth-failed.unreachable.description' },
  refused: { titleKey: AuthMessages.authFailedTitle, descriptionKey: AuthMessages.authFailedDescription },
  deactivated: { titleKey: 'modals.auth-failed.deactivated.title', descriptionKey: 'modals.auth-failed.deactivated.description' },
  cancelled: { titleKey: 'modals.auth-failed.cancelled.title', descriptionKey: 'modals.auth-failed.cancelled.description' },
};

/**
 * Why a user lookup that did not let the user in failed: no answer, a server error or a rate
 * limit is "unreachable" (try again later); an account found but not active is "deactivated";
 * anything else (no account, wrong profile, 403) is "refused".
 */
export function userInfoFailure(lookup: FetchUserInfoOutput): LoginFailure {
  if (lookup.status === 0 || lookup.status === 429 || lookup.status >= 500) return 'unreachable';
  if (lookup.status === 200 && lookup.user !== null && lookup.user.active !== 1) return 'deactivated';
  return 'refused';
}

export function hasFiscalNumber(claims: IdentityClaims | null): boolean {
  return typeof claims?.fiscalNumber === 'string' && claims.fiscalNumber.trim() !== '';
}

/**
 * The fiscal code the portal bound to this identity at an earlier login (the token answer's
 * `bound_fiscal_code`): the identity matcher is asked once, not at every login (docs/architecture.md
 * "Identity").
 */
export function boundFiscalCode(tokens: Pick<TokenResponse, 'bound_fiscal_code'> | null): string | null {
  const code = tokens?.bound_fiscal_code;
  return typeof code === 'string' && code.trim() !== '' ? code : null;
}

export function isProfileAllowed(area: Area, user: Pick<User, 'profile'>): boolean {
  return ALLOWED_PROFILES[area].some((profileId) => profileId === user.profile.profileId);
}

/** A user is accepted only if the lookup returned 200, the user is active (1) and the profile fits the area. */
export function isUserAccepted(area: Area, lookup: FetchUserInfoOutput): boolean {
  return lookup.status === 200 && lookup.user !== null && isAcceptableUser(area, lookup.user);
}

export function isAcceptableUser(area: Area, user: User): boolean {
  return user.active === 1 && isProfileAllowed(area, user);
}

/** Back office: only a login that began from the back-office root, with a fiscal number in the token. */
export function isBackOfficeLoginAllowed(fromBackOfficeRoot: boolean, claims: IdentityClaims | null): boolean {
  return fromBackOfficeRoot && hasFiscalNumber(claims);
}

export type IdentityVerdict = 'valid' | 'invalid' | 'taken' | 'error';

/**
 * Identity matcher: invalid if `valido` is false or the status is 400 (spec §5); taken when the
 * server refuses the code because another identity or account holds it (409); valid only when the
 * check answered 200 with `valido` true; anything else is a generic error.
 */
export function classifyIdentityCheck(result: CheckIdentityOutput): IdentityVerdict {
  if (result.valido === false || result.status === 400) return 'invalid';
  if (result.status === 409) return 'taken';
  if (result.status === 200 && result.valido === true) return 'valid';
  return 'error';
}

/** After login: front office to the stored origin or home; back office to the request list. */
export function destinationAfterLogin(area: Area, loginOrigin: string | null): string {
  if (area === 'BO') return isBackOfficeDeepLink(loginOrigin) ? loginOrigin : BACK_OFFICE_LANDING;
  return isAppPath(loginOrigin) ? loginOrigin : HOME_PATH;
}

/**
 * A back-office page other than the mount itself (a request, the desk with a search, a staff
 * record): a clerk who followed such a link lands on it after signing in (docs/architecture.md "The clerks' desk") instead of
 * the spec's default landing on the request list.
 */
export function isBackOfficeDeepLink(path: string | null): path is string {
  if (!isAppPath(path) || !isBackOfficePath(path)) return false;
  // The mount and the bare request list are the spec's landing itself (with its language).
  return ![BACK_OFFICE_MOUNT, `${BACK_OFFICE_MOUNT}/`, BACK_OFFICE_REQUESTS_PATH].includes(path);
}

/** The rejection of a silent sign-in that found no provider session (see SilentLoginDeclined). */
export function isSilentLoginDeclined(error: unknown): error is SilentLoginDeclined {
  const value = error as Partial<SilentLoginDeclined> | null;
  return typeof value === 'object' && value !== null && value.kind === 'silent-login-declined' && (value.area === 'FO' || value.area === 'BO');
}

/** The rejection of a login the person cancelled at the identity provider (see LoginCancelled). */
export function isLoginCancelled(error: unknown): error is LoginCancelled {
  const value = error as Partial<LoginCancelled> | null;
  return typeof value === 'object' && value !== null && value.kind === 'login-cancelled' && (value.area === 'FO' || value.area === 'BO');
}

/** After logout the provider sends the user back to the stored origin, or home. */
/**
 * Whose typed back-office forms a sign-in may get back after an idle sign-out: the account (area and
 * user id, no personal data), so the same person finds them and nobody else does.
 */
export function keptFormsOwner(area: Area, user: Pick<User, 'userId'>): string {
  return `${area}:${user.userId}`;
}

export function destinationAfterLogout(logoutOrigin: string | null): string {
  return isAppPath(logoutOrigin) ? logoutOrigin : HOME_PATH;
}

/** The buttons of the auth dialogs (components/modals/ModalContent.tsx renders them). */
export const AuthModalActions = {
  /** Authentication failed: try again. */
  login: 'login',
  /** Back-office logout: confirmed. */
  confirm: 'confirm',
  /** Back-office logout: not now (closes the dialog, nothing sent). */
  cancel: 'cancel',
} as const;
