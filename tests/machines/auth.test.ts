// Auth machine (spec §4 "Login", "Logout"): every model path replayed on the pure machine with the
// invariants below. Example tests per rule: auth-login.test.ts, auth-logout.test.ts, auth-rules.test.ts.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { authMachine } from '#machines/auth.ts';
import { destinationAfterLogin, isProfileAllowed } from '#machines/auth/rules.ts';
import type { AuthEmitted, ExchangeCodeOutput } from '#machines/auth/types.ts';
import { authModel } from './models/auth.model.ts';
import { defineModelSuite } from './support/harness.ts';
import type { StepCheck } from './support/runner.ts';

type Check = StepCheck<typeof authMachine>;

const modals = (emitted: readonly AnyEventObject[]) => (emitted as AuthEmitted[]).flatMap((event) => (event.type === 'modal' ? [event.modal] : []));
const navigations = (emitted: readonly AnyEventObject[]) => (emitted as AuthEmitted[]).flatMap((event) => (event.type === 'navigate' ? [event.to] : []));

/** A login attempt ends in `loggedOut` only when it was refused. */
const isRejection = ({ before, after }: Check) =>
  before !== null && ['redirecting', 'exchanging', 'fetchingUser'].some((state) => before.matches(state as 'exchanging')) && after.matches('loggedOut');

defineModelSuite(authModel, {
  'logged in means an active user with an allowed profile and tokens': ({ after }) => {
    if (!after.matches('loggedIn')) return;
    const { user, auth, area } = after.context;
    expect(user).not.toBeNull();
    expect(auth).not.toBeNull();
    expect(area).not.toBeNull();
    expect(user?.active).toBe(1);
    expect(user && area && isProfileAllowed(area, user)).toBe(true);
  },
  'logged out means no user and no token': ({ after }) => {
    if (!after.matches('loggedOut') && !after.matches('endingProviderSession')) return;
    expect(after.context.user).toBeNull();
    expect(after.context.auth).toBeNull();
  },
  'a user is present only once accepted, and stays until logout or expiry': ({ after }) => {
    const hasUser = after.context.user !== null;
    expect(hasUser).toBe(after.matches('loggedIn') || after.matches('loggingOut'));
  },
  'a rejected login emits exactly one authentication-failed modal of its area': (check) => {
    const failed = modals(check.emitted).filter((modal) => modal.kind === 'authFailed');
    if (isRejection(check)) {
      expect(failed).toHaveLength(1);
      expect(failed[0]?.variant).toBe(check.before?.context.area);
    } else {
      expect(failed).toEqual([]);
    }
  },
  'a revoke failure keeps the session and warns with modals.revoke-token-failed': ({ event, before, after, emitted }) => {
    const warnings = modals(emitted).filter((modal) => modal.titleKey === 'modals.revoke-token-failed');
    if (event.type !== 'xstate.error.actor.revokeToken') {
      expect(warnings).toEqual([]);
      return;
    }
    expect(after.matches('loggedIn')).toBe(true);
    expect(after.context.user).toBe(before?.context.user);
    expect(after.context.auth).toBe(before?.context.auth);
    expect(warnings).toEqual([{ kind: 'alert', type: 'warning', titleKey: 'modals.revoke-token-failed' }]);
  },
  'navigations: login destination, identity matcher, home, or the logout return path; nothing else': ({ event, before, after, emitted }) => {
    let expected: string[] = [];
    if (event.type === 'xstate.done.actor.fetchUserInfo' && after.matches('loggedIn')) {
      const area = after.context.area;
      if (!area) throw new Error('logged in without area');
      expected = [destinationAfterLogin(area, after.context.loginOrigin)];
    } else if (event.type === 'xstate.done.actor.exchangeCode' && after.matches('identityMatcher')) {
      expected = ['/auth/identity-matcher'];
    } else if (event.type === 'IDENTITY_CANCEL' || (event.type === 'LOGOUT' && before?.matches('loggedOut'))) {
      expected = ['/'];
    } else if (event.type === 'xstate.error.actor.endProviderSession') {
      expected = [before?.context.pendingLogout?.returnTo ?? 'missing returnTo'];
    }
    expect(navigations(emitted)).toEqual(expected);
  },
  'an eIDAS citizen meets the identity matcher only while no code is bound to them (asked once)': ({ event, after }) => {
    if (event.type !== 'xstate.done.actor.exchangeCode' || after.context.area !== 'FO' || after.context.claims?.fiscalNumber) return;
    const bound = (event.output as ExchangeCodeOutput).tokens.bound_fiscal_code;
    expect(after.matches('identityMatcher')).toBe(!bound);
    if (bound) expect(after.context.fiscalCode).toBe(bound);
  },
  'the session is cleared only after the token is revoked': ({ event, before, after, calls }) => {
    if (event.type === 'LOGOUT' && after.matches('loggingOut')) {
      expect(after.context.user).toBe(before?.context.user);
      expect(calls).toEqual([
        { id: 'revokeToken', src: 'revokeToken', input: { area: before?.context.area, accessToken: before?.context.auth?.access_token } },
      ]);
    }
    if (event.type === 'xstate.done.actor.revokeToken') {
      expect(calls.map((call) => call.input)).toEqual([
        { area: before?.context.area, idToken: before?.context.auth?.id_token, returnTo: expect.stringMatching(/^\//) },
      ]);
    }
  },
  'the user lookup gets the area, the fiscal code and the access token': ({ after, calls }) => {
    for (const call of calls.filter((started) => started.id === 'fetchUserInfo')) {
      expect(call.input).toEqual({ area: after.context.area, fiscalCode: after.context.fiscalCode, accessToken: after.context.auth?.access_token });
      expect(after.context.fiscalCode).toBeTruthy();
    }
  },
  'the back office looks up only logins from its root with a fiscal number': ({ after, calls }) => {
    if (calls.some((call) => call.id === 'fetchUserInfo') && after.context.area === 'BO') {
      expect(after.context.fromBackOfficeRoot).toBe(true);
      expect(after.context.claims?.fiscalNumber).toBeTruthy();
    }
  },
  'identity matcher errors follow the check verdict': ({ event, after }) => {
    if (!after.matches({ identityMatcher: 'editing' })) return;
    if (event.type === 'xstate.done.actor.checkIdentity') {
      const { status, valido } = event.output as { status: number; valido: boolean | null };
      const invalid = valido === false || status === 400;
      // 409: the code belongs to another identity or account (docs/architecture.md "Identity").
      const kind = invalid ? 'invalid' : status === 409 ? 'identity-taken' : 'generic';
      expect(after.context.errorKey).toBe(`errors.${kind}-message`);
      expect(after.context.errorDescriptionKey).toBe(`errors.${kind}-description`);
    } else if (event.type === 'xstate.error.actor.checkIdentity') {
      expect(after.context.errorKey).toBe('errors.generic-message');
    }
  },
  'expiry renews a session holding a refresh token, else logs out keeping the login origin': ({ event, before, after }) => {
    if (event.type !== 'EXPIRED' || !before?.matches({ loggedIn: 'active' })) return;
    if (typeof before.context.auth?.refresh_token === 'string') {
      expect(after.matches({ loggedIn: 'renewing' })).toBe(true);
      expect(after.context.user).toBe(before.context.user);
      return;
    }
    expect(after.matches('loggedOut')).toBe(true);
    expect(after.context.loginOrigin).toBe(before.context.loginOrigin);
  },
  'a renewal keeps the person and only changes the tokens': ({ event, before, after }) => {
    if (event.type !== 'xstate.done.actor.renewTokens') return;
    expect(after.matches({ loggedIn: 'active' })).toBe(true);
    expect(after.context.user).toBe(before?.context.user);
    expect(after.context.auth?.access_token).toBe((event.output as { access_token: string }).access_token);
    expect(after.context.auth?.refresh_token).toBe(before?.context.auth?.refresh_token);
  },
});
