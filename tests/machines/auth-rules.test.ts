// The pure acceptance rules behind the auth machine's guards (spec §4 "Login", §5 identity).
import { describe, expect, it } from 'vitest';
import { classifyIdentityCheck, destinationAfterLogin, destinationAfterLogout, isBackOfficeLoginAllowed, isUserAccepted } from '#machines/auth/rules.ts';
import { boAdmin, boCollab, citizen, inactiveCitizen, spidClaims } from './fixtures/identities.ts';

describe('isUserAccepted', () => {
  it.each([
    ['FO', 200, citizen, true],
    ['FO', 200, inactiveCitizen, false],
    ['FO', 200, boAdmin, false],
    ['FO', 404, citizen, false],
    ['FO', 200, null, false],
    ['BO', 200, boAdmin, true],
    ['BO', 200, boCollab, true],
    ['BO', 200, citizen, false],
    ['BO', 500, boAdmin, false],
  ] as const)('%s, status %i, %o → %s', (area, status, user, accepted) => {
    expect(isUserAccepted(area, { status, user })).toBe(accepted);
  });
});

describe('classifyIdentityCheck', () => {
  it.each([
    [200, true, 'valid'],
    [200, false, 'invalid'],
    [400, true, 'invalid'],
    [400, null, 'invalid'],
    [500, false, 'invalid'],
    [409, null, 'taken'],
    [500, null, 'error'],
    [200, null, 'error'],
    [0, null, 'error'],
  ] as const)('status %i, valido %s → %s', (status, valido, verdict) => {
    expect(classifyIdentityCheck({ status, valido })).toBe(verdict);
  });
});

describe('isBackOfficeLoginAllowed', () => {
  it('needs both the back-office root and a fiscal number', () => {
    expect(isBackOfficeLoginAllowed(true, spidClaims)).toBe(true);
    expect(isBackOfficeLoginAllowed(false, spidClaims)).toBe(false);
    expect(isBackOfficeLoginAllowed(true, { ...spidClaims, fiscalNumber: null })).toBe(false);
    expect(isBackOfficeLoginAllowed(true, { ...spidClaims, fiscalNumber: '  ' })).toBe(false);
    expect(isBackOfficeLoginAllowed(true, null)).toBe(false);
  });
});

describe('destinations', () => {
  it('sends the front office to the stored origin if it is an app path, else home', () => {
    expect(destinationAfterLogin('FO', '/startup-service')).toBe('/startup-service');
    expect(destinationAfterLogin('FO', null)).toBe('/');
    expect(destinationAfterLogin('FO', '//evil.example')).toBe('/');
    expect(destinationAfterLogin('FO', '/\\evil.example')).toBe('/');
  });

  it('sends the back office to the back-office page its link pointed to, else to the request list in the first language', () => {
    expect(destinationAfterLogin('BO', '/back-office/requests/12?q=Bianchi&page=2')).toBe('/back-office/requests/12?q=Bianchi&page=2');
    expect(destinationAfterLogin('BO', '/back-office/users')).toBe('/back-office/users');
    for (const origin of [
      null,
      '/back-office',
      '/back-office/',
      '/back-office/requests',
      '/startup-service',
      '//evil.example/back-office/x',
      'https://evil.example/back-office/requests',
    ]) {
      expect(destinationAfterLogin('BO', origin)).toBe('/back-office/requests?lang=it');
    }
  });

  it('returns after logout to the stored origin, else home', () => {
    expect(destinationAfterLogout('/startup')).toBe('/startup');
    expect(destinationAfterLogout(null)).toBe('/');
    expect(destinationAfterLogout('https://evil.example')).toBe('/');
  });
});
