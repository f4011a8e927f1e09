// Spec §4 "Login" and "Logout" for both areas. The identity provider round trip, the token
// exchange, the user lookup, the identity check, the revocation and the provider logout are
// actors the app provides; the acceptance rules live in ./auth/rules.ts and the guards and actions
// in ./auth/setup.ts. Modals and navigations leave the machine as emitted events ('modal',
// 'navigate') for the app to forward.
import { assertEvent, type SnapshotFrom } from 'xstate';
import type { User } from '#shared/domain.ts';
import { userInfoFailure } from './auth/rules.ts';
import { authSetup, initialContext, requireArea, requireAuth, requireFiscalCode, requirePendingLogout } from './auth/setup.ts';
import type { Area } from './auth/types.ts';
import { IDLE_ACTOR_ID } from './idle.ts';
import type { MachineInfo } from './support/machine-info.ts';
import { HOME_PATH } from './support/routes.ts';

export const authMachine = authSetup.createMachine({
  id: 'auth',
  description: 'Front-office and back-office login and logout.',
  initial: 'loggedOut',
  context: initialContext,
  states: {
    loggedOut: {
      description: 'No user. Login starts here; a stored session may be restored.',
      on: {
        LOGIN: {
          target: 'redirecting',
          actions: {
            type: 'startLogin',
            params: ({ event }) => ({
              area: event.area,
              origin: event.origin,
              fromBackOfficeRoot: event.fromBackOfficeRoot ?? false,
              silent: event.silent ?? false,
            }),
          },
        },
        CALLBACK: { target: 'exchanging', actions: { type: 'beginCallback', params: ({ event }) => ({ area: event.area }) } },
        RESTORE: {
          guard: { type: 'isRestorable', params: ({ event }) => ({ user: event.user, area: event.area }) },
          target: 'loggedIn',
          actions: { type: 'restoreSession', params: ({ event }) => ({ user: event.user, auth: event.auth, area: event.area }) },
        },
        // Spec §4 "Logout": without a user the session is cleared and the user goes to the app root.
        LOGOUT: { actions: ['clearSession', 'navigateHome'] },
      },
    },
    redirecting: {
      tags: 'busy',
      description: 'Leaving for the identity provider (authorization-code flow).',
      invoke: {
        id: 'redirectToProvider',
        src: 'redirectToProvider',
        input: ({ context }) => ({
          area: requireArea(context),
          origin: context.loginOrigin ?? HOME_PATH,
          fromBackOfficeRoot: context.fromBackOfficeRoot,
          silent: context.silent,
        }),
        onError: { target: 'rejected', actions: { type: 'setFailure', params: { failure: 'unreachable' } } },
      },
    },
    exchanging: {
      tags: 'busy',
      description: 'Back from the provider: exchanging the code for tokens.',
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ event }) => {
          assertEvent(event, 'CALLBACK');
          return { area: event.area, url: event.url };
        },
        onDone: { target: 'routing', actions: { type: 'storeExchange', params: ({ event }) => event.output } },
        onError: [
          // A silent sign-in found no provider session: ask for a real sign-in, same page to return to.
          {
            guard: { type: 'isSilentSignInDeclined', params: ({ event }) => ({ error: event.error }) },
            target: 'redirecting',
            actions: { type: 'resumeInteractiveLogin', params: ({ event }) => ({ error: event.error }) },
          },
          // The person cancelled at the provider: the dialog says so, and offers the login again.
          {
            guard: { type: 'isLoginCancelled', params: ({ event }) => ({ error: event.error }) },
            target: 'rejected',
            actions: { type: 'setFailure', params: { failure: 'cancelled' } },
          },
          // Spec §4: token exchange failure logs the user out; the next step is to try again.
          { target: 'rejected', actions: { type: 'setFailure', params: { failure: 'unreachable' } } },
        ],
      },
    },
    routing: {
      description: 'Chooses the check the identity token calls for.',
      always: [
        { guard: 'isFrontOfficeWithFiscalNumber', target: 'fetchingUser', actions: 'useClaimsFiscalNumber' },
        // eIDAS identities carry no Italian fiscal code: the identity matcher asks for one once; at
        // later logins the server answers with the code it bound (docs/architecture.md "Identity").
        { guard: 'isFrontOfficeWithBoundCode', target: 'fetchingUser', actions: 'useBoundFiscalCode' },
        { guard: 'isFrontOffice', target: 'identityMatcher', actions: 'navigateToMatcher' },
        { guard: 'isBackOfficeLoginAllowed', target: 'fetchingUser', actions: 'useClaimsFiscalNumber' },
        { target: 'rejected', actions: { type: 'setFailure', params: { failure: 'refused' } } },
      ],
    },
    identityMatcher: {
      description: 'Front-office user without fiscal code: asks for personal data and checks it.',
      // The form (values and errors, machines/identity-form.ts) is the page's, started while the person
      // is asked and kept across refused checks; it sends a complete form here as IDENTITY_SUBMIT.
      initial: 'editing',
      states: {
        editing: {
          description: 'Form on screen, with the error of the previous check if any.',
          on: {
            IDENTITY_SUBMIT: {
              target: 'checking',
              actions: { type: 'submitIdentity', params: ({ event }) => ({ fiscalCode: event.person.codiceFiscale }) },
            },
            IDENTITY_CANCEL: { target: '#auth.loggedOut', actions: ['clearSession', 'navigateHome'] },
          },
        },
        checking: {
          tags: 'busy',
          description: 'Fiscal-code check of the submitted person.',
          invoke: {
            id: 'checkIdentity',
            src: 'checkIdentity',
            input: ({ context, event }) => {
              assertEvent(event, 'IDENTITY_SUBMIT');
              return { person: event.person, accessToken: requireAuth(context).access_token };
            },
            onDone: [
              { guard: { type: 'isIdentityValid', params: ({ event }) => event.output }, target: '#auth.fetchingUser' },
              {
                guard: { type: 'isIdentityInvalid', params: ({ event }) => event.output },
                target: 'editing',
                actions: 'setIdentityInvalid',
              },
              {
                guard: { type: 'isIdentityTaken', params: ({ event }) => event.output },
                target: 'editing',
                actions: 'setIdentityTaken',
              },
              { target: 'editing', actions: 'setIdentityError' },
            ],
            onError: { target: 'editing', actions: 'setIdentityError' },
          },
        },
      },
    },
    fetchingUser: {
      tags: 'busy',
      description: 'User-info lookup by fiscal code; accepts only 200, active and an allowed profile.',
      invoke: {
        id: 'fetchUserInfo',
        src: 'fetchUserInfo',
        input: ({ context }) => ({
          area: requireArea(context),
          fiscalCode: requireFiscalCode(context),
          accessToken: requireAuth(context).access_token,
        }),
        onDone: [
          {
            guard: { type: 'isUserAccepted', params: ({ event }) => event.output },
            target: 'loggedIn',
            actions: [{ type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) }, 'navigateAfterLogin'],
          },
          { target: 'rejected', actions: { type: 'setFailure', params: ({ event }) => ({ failure: userInfoFailure(event.output) }) } },
        ],
        onError: { target: 'rejected', actions: { type: 'setFailure', params: { failure: 'unreachable' } } },
      },
    },
    rejected: {
      description: 'Login refused: the authentication-failed modal of the area is queued, the session cleared.',
      entry: ['queueAuthFailedModal', 'clearSession'],
      always: { target: 'loggedOut' },
    },
    loggedIn: {
      description: 'User accepted for the area. Staff are signed out after the configured idle time.',
      initial: 'active',
      // Forms typed before an idle sign-out go back to the same person only; anyone else's are dropped.
      entry: 'claimTypedForms',
      invoke: { id: IDLE_ACTOR_ID, src: 'idle', input: ({ context }) => ({ area: requireArea(context) }) },
      on: {
        LOGOUT: { target: 'loggingOut', actions: { type: 'rememberLogoutOrigin', params: ({ event }) => ({ origin: event.origin }) } },
        IDLE_TIMEOUT: { target: 'loggingOut', actions: ['keepTypedForms', 'rememberIdleSignOut'] },
      },
      states: {
        active: {
          description: 'The session’s token is in use.',
          on: {
            EXPIRED: [
              // An expired access token is renewed without a page, and the call retried,
              // so a long form loses nothing; only a session that cannot be renewed ends.
              { guard: 'canRenew', target: 'renewing' },
              { target: '#auth.loggedOut', actions: 'clearSession' },
            ],
          },
        },
        renewing: {
          description: 'Renewing the tokens with the refresh token; calls that failed wait and are retried.',
          invoke: {
            id: 'renewTokens',
            src: 'renewTokens',
            input: ({ context }) => ({ area: requireArea(context), refreshToken: requireAuth(context).refresh_token ?? '' }),
            onDone: { target: 'active', actions: { type: 'storeRenewedTokens', params: ({ event }) => ({ tokens: event.output }) } },
            // The provider's session ended (logout elsewhere, its 8 hours): the session ends here too.
            onError: { target: '#auth.loggedOut', actions: 'clearSession' },
          },
        },
      },
    },
    loggingOut: {
      tags: 'busy',
      description: 'Revoking the access token; the session stays until that succeeds.',
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ area: requireArea(context), accessToken: requireAuth(context).access_token }),
        onDone: [
          { guard: 'isIdleSignOut', target: 'endingProviderSession', actions: ['prepareProviderLogout', 'clearSession'] },
          // Logout drops everything of the person, the forms they typed included.
          { target: 'endingProviderSession', actions: ['prepareProviderLogout', 'dropTypedForms', 'clearSession'] },
        ],
        onError: { target: 'loggedIn', actions: 'warnRevokeFailed' },
      },
    },
    endingProviderSession: {
      tags: 'busy',
      description: "Session cleared; leaving for the provider's logout page.",
      invoke: {
        id: 'endProviderSession',
        src: 'endProviderSession',
        input: ({ context }) => requirePendingLogout(context),
        onDone: { target: 'loggedOut', actions: 'forgetProviderLogout' },
        // The local session is gone already; without the provider page, go straight to the return path.
        onError: { target: 'loggedOut', actions: ['navigateAfterLogout', 'forgetProviderLogout'] },
      },
    },
  },
});

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export function selectIsLoggedIn(snapshot: AuthSnapshot): boolean {
  return snapshot.context.user !== null && snapshot.context.auth !== null;
}

export function selectUser(snapshot: AuthSnapshot): User | null {
  return snapshot.context.user;
}

export function selectArea(snapshot: AuthSnapshot): Area | null {
  return snapshot.context.area;
}

export function selectAccessToken(snapshot: AuthSnapshot): string | null {
  return snapshot.context.auth?.access_token ?? null;
}

/** Identity matcher screen: whether it is on, busy, and the error keys to show. */
export function selectIdentityMatcher(snapshot: AuthSnapshot) {
  return {
    active: snapshot.matches('identityMatcher'),
    checking: snapshot.matches({ identityMatcher: 'checking' }),
    errorKey: snapshot.context.errorKey,
    errorDescriptionKey: snapshot.context.errorDescriptionKey,
  };
}

/** True while a login or logout step is in flight (buttons disabled, spinner shown by the app). */
export function selectIsBusy(snapshot: AuthSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export const authMachineInfo: MachineInfo<typeof authMachine> = {
  id: 'auth',
  machine: authMachine,
  title: 'Login and logout',
  purpose:
    'Runs the login of citizens (front office) and staff (back office) through the national identity ' +
    'provider, and the logout. After the provider sends the user back, the code is exchanged for tokens; ' +
    'a citizen with a fiscal code is looked up directly, one without (eIDAS) confirms their data in the ' +
    'identity matcher at the first login only (later logins bring the code the server bound); staff are accepted only if the login began from the back-office entry and the ' +
    'token carries a fiscal code. A user is let in only when the lookup answers 200, the account is ' +
    'active and the profile belongs to the area; otherwise the "authentication failed" dialog appears and ' +
    'the user stays logged out. Logout revokes the token first: if that fails a warning is shown and the ' +
    "user stays logged in; if it succeeds the session is cleared and the user goes to the provider's " +
    'logout page. Staff idle for the configured time (BO_IDLE_MINUTES) are logged out the same way; what ' +
    'they typed in back-office forms is kept for them alone and given back when the same person signs in ' +
    'again, while a logout they ask for drops it.',
  guards: {
    isRestorable: 'The stored user is still acceptable for their area: active, with a profile of that area.',
    isFrontOfficeWithFiscalNumber: 'A citizen’s login whose identity provider asserted a fiscal code (SPID, CIE).',
    isFrontOfficeWithBoundCode:
      'A citizen’s login without an asserted fiscal code (eIDAS) whose token answer brings the code the identity matcher bound at an earlier login.',
    isFrontOffice: 'The login is a citizen’s (front office).',
    isBackOfficeLoginAllowed: 'A staff login that began from the back-office entry, with a fiscal code asserted by the provider.',
    isUserAccepted: 'The user lookup answered 200, the account is active and its profile belongs to the area.',
    isIdentityValid: 'The fiscal-code check answered 200 with valido true.',
    isIdentityInvalid: 'The fiscal-code check said valido false, or answered 400: the data do not give that code.',
    isIdentityTaken: 'The fiscal-code check answered 409: the code belongs to another identity or account.',
    canRenew: 'The session holds a refresh token from the provider.',
    isIdleSignOut: 'The logout is the back office’s sign-out after the idle time, not one the person asked for.',
    isSilentSignInDeclined:
      'A sign-in without the provider’s page (a back-office link opened in a new tab) came back without a code: the provider has no session.',
    isLoginCancelled: 'The person cancelled at the identity provider: the callback came back with access_denied instead of a code.',
  },
  actions: {
    startLogin: 'Remembers the area, the page to come back to, whether the login began from the back-office entry and whether it is silent (no provider page).',
    resumeInteractiveLogin: 'Starts the same login again with the provider’s sign-in page, keeping the page to come back to.',
    beginCallback: 'Notes which area the provider sent the user back to.',
    storeExchange: 'Keeps the tokens and the identity’s claims from the code exchange.',
    useClaimsFiscalNumber: 'Takes the fiscal code the provider asserted.',
    useBoundFiscalCode: 'Takes the fiscal code the server bound to the identity at an earlier login.',
    submitIdentity: 'Takes the fiscal code typed in the identity matcher and clears the previous verdict.',
    setIdentityInvalid: { says: 'Shows that the data do not match the fiscal code.', messages: ['errors.invalid-message', 'errors.invalid-description'] },
    setIdentityTaken: {
      says: 'Shows that the code belongs to another identity, and to contact the office.',
      messages: ['errors.identity-taken-message', 'errors.identity-taken-description'],
    },
    setIdentityError: {
      says: 'Shows that the check could not be done, to try again later.',
      messages: ['errors.generic-message', 'errors.generic-description'],
    },
    storeUser: 'Keeps the user the lookup returned.',
    storeRenewedTokens: 'Keeps the renewed tokens (and the refresh token, when the provider sent no new one).',
    restoreSession: 'Puts back the user and tokens stored in the tab.',
    clearSession: 'Forgets the user, the tokens, the claims and any verdict.',
    setFailure: 'Remembers why the login did not go through (provider unreachable, profile refused, account deactivated, login cancelled).',
    rememberLogoutOrigin: 'Remembers the page to come back to after logout (a logout the person asked for).',
    rememberIdleSignOut: 'Notes that the staff member is signed out for being idle, to come back to the back office’s sign-in.',
    keepTypedForms: 'Keeps what the staff member typed in back-office forms, for them only.',
    claimTypedForms: 'Gives the forms kept at an idle sign-out back to the same person, and drops them for anyone else.',
    dropTypedForms: 'Drops the forms the person typed: nothing of theirs stays in the tab.',
    prepareProviderLogout: 'Keeps what the provider’s logout page needs (the ID token, the page to return to).',
    forgetProviderLogout: 'Forgets the provider logout once it is done.',
    navigateAfterLogin: {
      says: 'Goes to the page the login began from (citizens), or for staff to the back-office page the link pointed to, else the request desk.',
      page: 'the stored origin or / (citizens); the back-office link or /back-office/requests (staff)',
    },
    navigateToMatcher: { says: 'Opens the identity matcher.', page: '/auth/identity-matcher' },
    navigateHome: { says: 'Goes to the home page.', page: '/' },
    navigateAfterLogout: { says: 'Goes back to the page the logout began from.', page: 'the stored logout origin, or /' },
    queueAuthFailedModal: {
      says: 'Opens the “authentication failed” dialog for the area, with the reason’s texts.',
      messages: ['modals.auth-failed.title', 'modals.auth-failed.description'],
    },
    warnRevokeFailed: { says: 'Warns that the session could not be closed; the user stays logged in.', messages: ['modals.revoke-token-failed'] },
  },
};
