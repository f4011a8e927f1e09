// Spec §4 "Logout" and the session entry points of the auth machine (RESTORE, EXPIRED).
import { describe, expect, it } from 'vitest';
import { authMachine, selectIsLoggedIn } from '#machines/auth.ts';
import type { Area } from '#machines/auth/types.ts';
import type { User } from '#shared/domain.ts';
import { boAdmin, citizen, inactiveCitizen, tokens, tokensWithoutRefresh } from './fixtures/identities.ts';
import { drive } from './support/drive.ts';

function loggedIn(user: User = citizen, area: Area = 'FO') {
  const auth = drive(authMachine);
  auth.actor.send({ type: 'RESTORE', user, auth: tokens, area });
  expect(selectIsLoggedIn(auth.snapshot())).toBe(true);
  return auth;
}

describe('logout', () => {
  it('revokes the access token before touching the session', () => {
    const auth = loggedIn();
    auth.actor.send({ type: 'LOGOUT' });
    expect(auth.snapshot().value).toBe('loggingOut');
    expect(auth.snapshot().context.user).toEqual(citizen);
    expect(auth.inputOf('revokeToken')).toEqual({ area: 'FO', accessToken: tokens.access_token });
  });

  it('then clears the session and goes to the provider logout with the id token and the return path', async () => {
    const auth = loggedIn(boAdmin, 'BO');
    auth.actor.send({ type: 'LOGOUT', origin: '/startup' });
    await auth.release('revokeToken');
    expect(auth.snapshot().value).toBe('endingProviderSession');
    expect(auth.snapshot().context).toMatchObject({ user: null, auth: null, area: null });
    expect(auth.inputOf('endProviderSession')).toEqual({ area: 'BO', idToken: tokens.id_token, returnTo: '/startup' });
    await auth.release('endProviderSession');
    expect(auth.snapshot().value).toBe('loggedOut');
    expect(auth.snapshot().context.pendingLogout).toBeNull();
  });

  it('returns home after logout when no origin was stored', async () => {
    const auth = loggedIn();
    auth.actor.send({ type: 'LOGOUT' });
    await auth.release('revokeToken');
    expect(auth.inputOf('endProviderSession')).toMatchObject({ returnTo: '/' });
  });

  it('goes to the return path itself when the provider logout cannot start', async () => {
    const auth = loggedIn();
    auth.actor.send({ type: 'LOGOUT', origin: '/startup' });
    await auth.release('revokeToken');
    await auth.fail('endProviderSession');
    expect(auth.snapshot().value).toBe('loggedOut');
    expect(auth.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup', replace: true }]);
  });

  it('keeps the session and warns with modals.revoke-token-failed when revocation fails', async () => {
    const auth = loggedIn();
    auth.actor.send({ type: 'LOGOUT' });
    await auth.fail('revokeToken');
    expect(auth.snapshot().value).toEqual({ loggedIn: 'active' });
    expect(auth.snapshot().context.user).toEqual(citizen);
    expect(auth.snapshot().context.auth).toEqual(tokens);
    expect(auth.emittedOf('modal')).toEqual([{ type: 'modal', modal: { kind: 'alert', type: 'warning', titleKey: 'modals.revoke-token-failed' } }]);
  });

  it('without a user clears the session and goes to the app root', () => {
    const auth = drive(authMachine);
    auth.actor.send({ type: 'LOGOUT' });
    expect(auth.snapshot().value).toBe('loggedOut');
    expect(auth.gates.calls).toEqual([]);
    expect(auth.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/', replace: false }]);
  });
});

describe('restore and expiry', () => {
  it('restores a stored session only for an active user whose profile fits the area', () => {
    for (const [user, area] of [
      [inactiveCitizen, 'FO'],
      [citizen, 'BO'],
      [boAdmin, 'FO'],
    ] as const) {
      const auth = drive(authMachine);
      auth.actor.send({ type: 'RESTORE', user, auth: tokens, area });
      expect(auth.snapshot().value).toBe('loggedOut');
    }
  });

  it('logs out on expiry of a session that cannot be renewed, and keeps the login origin for the next login', async () => {
    const auth = drive(authMachine);
    auth.actor.send({ type: 'CALLBACK', area: 'FO', url: '/auth/login?code=x' });
    await auth.release('exchangeCode', {
      tokens: tokensWithoutRefresh,
      claims: { name: 'M', familyName: 'R', birthdate: null, fiscalNumber: 'RSSMRA80C52H501X', email: null, gender: null, identities: null },
      loginOrigin: '/private-area',
      fromBackOfficeRoot: false,
    });
    await auth.release('fetchUserInfo', { status: 200, user: citizen });
    auth.actor.send({ type: 'EXPIRED' });
    expect(auth.snapshot().value).toBe('loggedOut');
    expect(auth.snapshot().context).toMatchObject({ user: null, auth: null, loginOrigin: '/private-area' });
  });

  it('renews an expired session that holds a refresh token, through the same area’s client, and keeps the person', async () => {
    const auth = drive(authMachine);
    auth.actor.send({ type: 'RESTORE', user: citizen, auth: { ...tokens, refresh_token: 'refresh-1' }, area: 'FO' });
    auth.actor.send({ type: 'EXPIRED' });
    expect(auth.snapshot().value).toEqual({ loggedIn: 'renewing' });
    expect(auth.inputOf('renewTokens')).toEqual({ area: 'FO', refreshToken: 'refresh-1' });
    // More calls failing meanwhile change nothing: one renewal runs.
    auth.actor.send({ type: 'EXPIRED' });
    await auth.release('renewTokens', { ...tokens, access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(auth.snapshot().value).toEqual({ loggedIn: 'active' });
    expect(auth.snapshot().context).toMatchObject({ user: citizen, auth: { access_token: 'access-2', refresh_token: 'refresh-2' } });
    expect(auth.gates.calls.filter((call) => call.id === 'renewTokens')).toHaveLength(1);
  });

  it('keeps the refresh token when the provider renews without rotating it, and ends the session when it refuses', async () => {
    const auth = drive(authMachine);
    auth.actor.send({ type: 'RESTORE', user: citizen, auth: { ...tokens, refresh_token: 'refresh-1' }, area: 'FO' });
    auth.actor.send({ type: 'EXPIRED' });
    await auth.release('renewTokens', { ...tokensWithoutRefresh, access_token: 'access-2' });
    expect(auth.snapshot().context.auth).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-1' });
    auth.actor.send({ type: 'EXPIRED' });
    await auth.fail('renewTokens', new Error('invalid_grant'));
    expect(auth.snapshot().value).toBe('loggedOut');
    expect(auth.snapshot().context).toMatchObject({ user: null, auth: null });
  });
});
