// The pure pieces of the auth wiring: area access rules, identity-token claims, return origins,
// the staff logout confirmation, stored-session parsing and the restore at boot.
import { describe, expect, it } from 'vitest';
import { anna, luca, mario, paolo, tokensFor, unsignedJwt } from '#mocks/fixtures/identities.ts';
import { createActor } from 'xstate';
import { portalMachine } from '#machines/portal.ts';
import type { StoredSession } from '#machines/session.ts';
import { decodeIdentityClaims, stripFiscalPrefix } from '#web/auth/claims.ts';
import { loginEvent, logoutEvent } from '#web/auth/commands.ts';
import { loginFromOf, loginOriginFor, loginPageHref } from '#web/auth/origins.ts';
import { parseStoredSession } from '#web/auth/storage.ts';
import { decideAccess, requirementFor } from '#web/routes/access.ts';
import { Role } from '#shared/constants.ts';
import { backOfficeMenu, visibleMenuItems } from '#web/routes/menu.ts';

describe('area access', () => {
  it.each([
    ['/', null, 'allowed'],
    ['/startup/personal-data', null, 'allowed'],
    ['/help-online/public-area', null, 'allowed'],
    ['/private-area', null, 'login'],
    ['/private-area/request-details', mario, 'allowed'],
    ['/private-area', anna, 'forbidden'],
    ['/help-online/private-area', luca, 'forbidden'],
    ['/back-office/requests', luca, 'allowed'],
    ['/back-office/requests', mario, 'forbidden'],
    ['/back-office/users', luca, 'forbidden'],
    ['/back-office/users/create', anna, 'allowed'],
    ['/back-office/users', null, 'login'],
    ['/help-online/back-office', luca, 'allowed'],
    ['/help-online/admin-agid', luca, 'forbidden'],
    ['/help-online/admin-agid', anna, 'allowed'],
    ['/help-online/collab-agid', anna, 'forbidden'],
    ['/help-online/collab-agid', null, 'login'],
    ['/back-officer', null, 'allowed'],
  ] as const)('%s for %o → %s', (path, user, kind) => {
    expect(decideAccess(requirementFor(path), user).kind).toBe(kind);
  });

  it('asks the login of the area that can satisfy the rule', () => {
    expect(decideAccess(requirementFor('/private-area'), null)).toEqual({ kind: 'login', area: 'FO' });
    expect(decideAccess(requirementFor('/help-online/back-office'), null)).toEqual({ kind: 'login', area: 'BO' });
  });

  it('shows requests to both staff profiles and users to administrators only', () => {
    expect(visibleMenuItems(backOfficeMenu, Role.BO_ADMIN).map((item) => item.labelKey)).toEqual(['nav.bo-requests', 'nav.bo-users', 'nav.bo-audit-log']);
    expect(visibleMenuItems(backOfficeMenu, Role.BO_COLLAB).map((item) => item.labelKey)).toEqual(['nav.bo-requests']);
    expect(visibleMenuItems(backOfficeMenu, Role.FRONT_OFFICE)).toEqual([]);
  });
});

describe('identity-token claims', () => {
  it('maps SPID claims and strips the TINIT- prefix', () => {
    expect(decodeIdentityClaims(tokensFor('mario').id_token)).toEqual({
      name: 'Mario',
      familyName: 'Rossi',
      birthdate: '1980-01-01',
      fiscalNumber: 'RSSMRA80A01H501U',
      email: 'mario@example.org',
      gender: 'M',
      identities: null,
    });
    expect(stripFiscalPrefix('tinit-abc')).toBe('ABC');
    expect(stripFiscalPrefix('TINIT-')).toBeNull();
  });

  it('reads an eIDAS identity without fiscal number', () => {
    const claims = decodeIdentityClaims(tokensFor('hans').id_token);
    expect(claims).toMatchObject({ fiscalNumber: null, identities: 'DE/IT/48213975' });
    expect(decodeIdentityClaims(unsignedJwt({})).name).toBe('');
  });
});

describe('login and logout events', () => {
  it('returns citizens to their page, or to the remembered origin from the auth screens', () => {
    expect(loginEvent('FO', '/startup-service?x=1', null)).toEqual({ type: 'LOGIN', area: 'FO', origin: '/startup-service?x=1' });
    expect(loginEvent('FO', '/auth/callback?code=1', '/private-area')).toMatchObject({ origin: '/private-area' });
    expect(loginOriginFor('/auth/login', '//evil.example')).toBe('/');
  });

  it("names the page in the login link's address, and the login page takes back only the app's own pages", () => {
    const href = loginPageHref('/startup-service?x=1&y=2');
    expect(href).toBe('/auth/login?from=%2Fstartup-service%3Fx%3D1%26y%3D2');
    expect(loginFromOf(new URL(href, 'http://localhost').search)).toBe('/startup-service?x=1&y=2');
    for (const from of ['//evil.example/', 'https://evil.example/', '/\\evil.example', '/auth/callback?code=1', ''])
      expect(loginFromOf(`?from=${encodeURIComponent(from)}`), from).toBeUndefined();
    expect(loginFromOf('')).toBeUndefined();
  });

  it('starts staff logins from the back-office root', () => {
    expect(loginEvent('BO', '/anything', null)).toEqual({ type: 'LOGIN', area: 'BO', origin: '/back-office/requests', fromBackOfficeRoot: true });
  });

  it('returns to startup after a logout from the startup flow, else home', () => {
    expect(logoutEvent('/startup/personal-data')).toEqual({ type: 'LOGOUT', origin: '/startup' });
    expect(logoutEvent('/startup-service')).toEqual({ type: 'LOGOUT' });
  });
});

describe('stored session', () => {
  it('accepts only the stored shape', () => {
    const session = { user: mario, auth: tokensFor('mario'), area: 'FO' };
    expect(parseStoredSession(JSON.stringify(session))).toEqual(session);
    expect(parseStoredSession('{"user":{},"auth":{},"area":"FO"}')).toBeNull();
    expect(parseStoredSession(JSON.stringify({ ...session, area: 'XX' }))).toBeNull();
    expect(parseStoredSession('not json')).toBeNull();
    expect(parseStoredSession(null)).toBeNull();
  });

  // The app's root machine hands the session machine's restore to the login machine while starting.
  const restoredAtBoot = (stored: StoredSession) => {
    const logic = portalMachine.provide({ actions: { storeSession: () => {}, storeOrigins: () => {}, focusOpener: () => {} } });
    const root = createActor(logic, { input: { stored, path: '/' } }).start();
    const auth = root.system.get('auth') as { getSnapshot: () => { value: unknown } };
    const { value } = auth.getSnapshot();
    root.stop();
    return value;
  };

  it('is restored only when the auth machine accepts it', () => {
    expect(restoredAtBoot({ user: mario, auth: tokensFor('mario'), area: 'FO' })).toEqual({ loggedIn: 'active' });
    expect(restoredAtBoot({ user: paolo, auth: tokensFor('paolo'), area: 'FO' })).toBe('loggedOut');
    expect(restoredAtBoot({ user: mario, auth: tokensFor('mario'), area: 'BO' })).toBe('loggedOut');
  });
});
