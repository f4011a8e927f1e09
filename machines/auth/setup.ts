// The auth machine's implementation half: the side effects the app must provide (placeholders
// here), the guards (spec §4 acceptance rules from ./rules.ts) and the actions. The state chart
// itself is in ../auth.ts.
import { assign, emit, setup } from 'xstate';
import type { TokenResponse } from '#shared/api/auth.ts';
import type { User } from '#shared/domain.ts';
import type { ModalReplies, ModalRequest } from '../modals.ts';
import { notProvided } from '../support/not-provided.ts';
import { BACK_OFFICE_REQUESTS_PATH, HOME_PATH, IDENTITY_MATCHER_PATH, isAppPath } from '../support/routes.ts';
import {
  AuthMessages,
  AuthModalActions,
  classifyIdentityCheck,
  destinationAfterLogin,
  destinationAfterLogout,
  boundFiscalCode,
  hasFiscalNumber,
  isAcceptableUser,
  isBackOfficeLoginAllowed,
  isLoginCancelled,
  isSilentLoginDeclined,
  isUserAccepted,
  keptFormsOwner,
  LOGIN_FAILURE_MESSAGES,
} from './rules.ts';
import { idleMachine } from '../idle.ts';
import type {
  Area,
  AuthContext,
  AuthEmitted,
  AuthEvent,
  CheckIdentityInput,
  CheckIdentityOutput,
  ExchangeCodeInput,
  ExchangeCodeOutput,
  FetchUserInfoInput,
  FetchUserInfoOutput,
  KeptFormsCommand,
  LoginFailure,
  ProviderLogoutInput,
  RedirectToProviderInput,
  RenewTokensInput,
  RevokeTokenInput,
} from './types.ts';

export const initialContext: AuthContext = {
  user: null,
  auth: null,
  area: null,
  claims: null,
  fiscalCode: null,
  fromBackOfficeRoot: false,
  loginOrigin: null,
  logoutOrigin: null,
  errorKey: null,
  errorDescriptionKey: null,
  pendingLogout: null,
  failure: null,
  silent: false,
  idleSignOut: false,
};

export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
    tags: {} as 'busy',
  },
  actors: {
    /** Sends the browser to the identity provider; the page normally unloads. */
    redirectToProvider: notProvided<void, RedirectToProviderInput>('auth', 'redirectToProvider'),
    /** Exchanges the callback's code for tokens and decodes the identity token. */
    exchangeCode: notProvided<ExchangeCodeOutput, ExchangeCodeInput>('auth', 'exchangeCode'),
    fetchUserInfo: notProvided<FetchUserInfoOutput, FetchUserInfoInput>('auth', 'fetchUserInfo'),
    checkIdentity: notProvided<CheckIdentityOutput, CheckIdentityInput>('auth', 'checkIdentity'),
    revokeToken: notProvided<void, RevokeTokenInput>('auth', 'revokeToken'),
    /** New tokens for the session's refresh token, through the same client's token endpoint. */
    renewTokens: notProvided<TokenResponse, RenewTokensInput>('auth', 'renewTokens'),
    /** Sends the browser to the provider's logout page; the page normally unloads. */
    endProviderSession: notProvided<void, ProviderLogoutInput>('auth', 'endProviderSession'),
    /** The back office's idle timer (../idle.ts); the app provides it with the configured idle time. */
    idle: idleMachine,
  },
  guards: {
    isRestorable: (_, params: { user: User; area: Area }) => isAcceptableUser(params.area, params.user),
    isFrontOfficeWithFiscalNumber: ({ context }) => context.area === 'FO' && hasFiscalNumber(context.claims),
    isFrontOfficeWithBoundCode: ({ context }) => context.area === 'FO' && boundFiscalCode(context.auth) !== null,
    isFrontOffice: ({ context }) => context.area === 'FO',
    isBackOfficeLoginAllowed: ({ context }) => context.area === 'BO' && isBackOfficeLoginAllowed(context.fromBackOfficeRoot, context.claims),
    isUserAccepted: ({ context }, params: FetchUserInfoOutput) => context.area !== null && isUserAccepted(context.area, params),
    isIdentityValid: (_, params: CheckIdentityOutput) => classifyIdentityCheck(params) === 'valid',
    isIdentityInvalid: (_, params: CheckIdentityOutput) => classifyIdentityCheck(params) === 'invalid',
    isIdentityTaken: (_, params: CheckIdentityOutput) => classifyIdentityCheck(params) === 'taken',
    isSilentSignInDeclined: (_, params: { error: unknown }) => isSilentLoginDeclined(params.error),
    isLoginCancelled: (_, params: { error: unknown }) => isLoginCancelled(params.error),
    canRenew: ({ context }) => typeof context.auth?.refresh_token === 'string' && context.auth.refresh_token !== '',
    isIdleSignOut: ({ context }) => context.idleSignOut,
  },
  actions: {
    startLogin: assign((_, params: { area: Area; origin: string; fromBackOfficeRoot: boolean; silent: boolean }) => ({
      area: params.area,
      loginOrigin: params.origin,
      fromBackOfficeRoot: params.fromBackOfficeRoot,
      silent: params.silent,
    })),
    // The provider had no session for a silent sign-in: the same login again, now with its page.
    resumeInteractiveLogin: assign((_, params: { error: unknown }) => {
      if (!isSilentLoginDeclined(params.error)) throw new Error('auth: not a declined silent sign-in');
      return { area: params.error.area, loginOrigin: params.error.origin, fromBackOfficeRoot: params.error.fromBackOfficeRoot, silent: false };
    }),
    beginCallback: assign((_, params: { area: Area }) => ({ area: params.area })),
    storeExchange: assign(({ context }, params: ExchangeCodeOutput) => ({
      auth: params.tokens,
      claims: params.claims,
      loginOrigin: params.loginOrigin ?? context.loginOrigin,
      fromBackOfficeRoot: params.fromBackOfficeRoot,
    })),
    useClaimsFiscalNumber: assign(({ context }) => ({ fiscalCode: context.claims?.fiscalNumber ?? null })),
    useBoundFiscalCode: assign(({ context }) => ({ fiscalCode: boundFiscalCode(context.auth) })),
    submitIdentity: assign((_, params: { fiscalCode: string }) => ({
      fiscalCode: params.fiscalCode,
      errorKey: null,
      errorDescriptionKey: null,
    })),
    setIdentityInvalid: assign({
      fiscalCode: null,
      errorKey: AuthMessages.identityInvalid,
      errorDescriptionKey: AuthMessages.identityInvalidDescription,
    }),
    setIdentityTaken: assign({
      fiscalCode: null,
      errorKey: AuthMessages.identityTaken,
      errorDescriptionKey: AuthMessages.identityTakenDescription,
    }),
    setIdentityError: assign({
      fiscalCode: null,
      errorKey: AuthMessages.identityGeneric,
      errorDescriptionKey: AuthMessages.identityGenericDescription,
    }),
    storeUser: assign((_, params: { user: User | null }) => ({ user: params.user })),
    // A provider that does not rotate refresh tokens answers without one: the current one stays.
    storeRenewedTokens: assign(({ context }, params: { tokens: TokenResponse }) => {
      const refreshToken = params.tokens.refresh_token ?? context.auth?.refresh_token;
      return { auth: { ...params.tokens, ...(refreshToken ? { refresh_token: refreshToken } : {}) } };
    }),
    restoreSession: assign((_, params: { user: User; auth: TokenResponse; area: Area }) => ({
      user: params.user,
      auth: params.auth,
      area: params.area,
    })),
    // Keeps loginOrigin and logoutOrigin: a retried login and a later logout still know where to go.
    clearSession: assign({
      user: null,
      auth: null,
      area: null,
      claims: null,
      fiscalCode: null,
      fromBackOfficeRoot: false,
      errorKey: null,
      errorDescriptionKey: null,
      failure: null,
      silent: false,
      idleSignOut: false,
    }),
    setFailure: assign((_, params: { failure: LoginFailure }) => ({ failure: params.failure })),
    // A logout the person asked for (after an idle sign-out whose revocation failed, too).
    rememberLogoutOrigin: assign(({ context }, params: { origin: string | undefined }) => ({
      logoutOrigin: params.origin ?? context.logoutOrigin,
      idleSignOut: false,
    })),
    // After the provider's logout, the back-office login starts again (the session machine's guard):
    // the same person signs in and finds their forms where they left them.
    rememberIdleSignOut: assign({ idleSignOut: true, logoutOrigin: BACK_OFFICE_REQUESTS_PATH }),
    // Emitted before clearSession, while the forms are still on screen and the user is known.
    keepTypedForms: emit(({ context }) => keptForms('keep', context)),
    claimTypedForms: emit(({ context }) => keptForms('claim', context)),
    dropTypedForms: emit(({ context }) => keptForms('drop', context)),
    // Captured before clearSession: the provider logout needs the id token the session is about to drop.
    prepareProviderLogout: assign(({ context }) => ({
      pendingLogout: {
        area: requireArea(context),
        idToken: requireAuth(context).id_token,
        returnTo: destinationAfterLogout(context.logoutOrigin),
      },
    })),
    forgetProviderLogout: assign({ pendingLogout: null }),
    navigateAfterLogin: emit(({ context }) => navigate(destinationAfterLogin(requireArea(context), context.loginOrigin), true)),
    navigateToMatcher: emit(() => navigate(IDENTITY_MATCHER_PATH, true)),
    navigateHome: emit(() => navigate(HOME_PATH, false)),
    navigateAfterLogout: emit(({ context }) => navigate(context.pendingLogout?.returnTo ?? HOME_PATH, true)),
    // Must run before clearSession, which forgets the area that picks the modal variant.
    queueAuthFailedModal: emit(({ context }) => modal(authFailedModal(context.area ?? 'FO', context.failure ?? 'refused', context.loginOrigin))),
    warnRevokeFailed: emit(() => modal({ kind: 'alert', type: 'warning', titleKey: AuthMessages.revokeTokenFailed })),
  },
});

/**
 * Spec §4: the dialog's "log in again" answers the auth machine itself with a new LOGIN of the same
 * area: staff from the back-office root, citizens back to the page the failed login began from.
 */
export function authFailedModal(area: Area, failure: LoginFailure = 'refused', loginOrigin: string | null = null): ModalRequest {
  const replies: ModalReplies<AuthEvent> = { to: 'auth', actions: { [AuthModalActions.login]: retryLoginEvent(area, loginOrigin) } };
  return {
    id: `auth-failed-${area}`,
    kind: 'authFailed',
    type: 'error',
    variant: area,
    ...LOGIN_FAILURE_MESSAGES[failure],
    replies,
  };
}

/** The login the authentication-failed dialog offers again (src/web/auth/commands.ts builds the same for a first login). */
export function retryLoginEvent(area: Area, loginOrigin: string | null): Extract<AuthEvent, { type: 'LOGIN' }> {
  if (area === 'BO') return { type: 'LOGIN', area: 'BO', origin: BACK_OFFICE_REQUESTS_PATH, fromBackOfficeRoot: true };
  return { type: 'LOGIN', area: 'FO', origin: isAppPath(loginOrigin) ? loginOrigin : HOME_PATH };
}

function keptForms(command: KeptFormsCommand, context: AuthContext): AuthEmitted {
  const owner = context.user && context.area ? keptFormsOwner(context.area, context.user) : null;
  return { type: 'keptForms', command, owner };
}

function modal(request: ModalRequest): AuthEmitted {
  return { type: 'modal', modal: request };
}

function navigate(to: string, replace: boolean): AuthEmitted {
  return { type: 'navigate', to, replace };
}

// The states that call these are entered only after the values were set; a missing one is a bug
// in the machine, so it fails loudly rather than sending an empty token to the server.
export function requireArea(context: AuthContext): Area {
  if (!context.area) throw new Error('auth: no area for the login in progress');
  return context.area;
}

export function requireAuth(context: AuthContext): TokenResponse {
  if (!context.auth) throw new Error('auth: no tokens');
  return context.auth;
}

export function requireFiscalCode(context: AuthContext): string {
  if (!context.fiscalCode) throw new Error('auth: no fiscal code to look up');
  return context.fiscalCode;
}

export function requirePendingLogout(context: AuthContext): ProviderLogoutInput {
  if (!context.pendingLogout) throw new Error('auth: no provider logout prepared');
  return context.pendingLogout;
}
