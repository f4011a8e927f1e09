// The machines name a few client paths they may not import from the web app; this keeps them equal.
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_MOUNT, BACK_OFFICE_REQUESTS_PATH, HOME_PATH, IDENTITY_MATCHER_PATH, isAppPath, isBackOfficePath } from '#machines/support/routes.ts';
import { Mounts, Paths } from '#web/routes/paths.ts';

describe('machine routes', () => {
  it('match the web app paths', () => {
    expect(HOME_PATH).toBe(Paths.home);
    expect(BACK_OFFICE_MOUNT).toBe(Mounts.backOffice);
    expect(BACK_OFFICE_REQUESTS_PATH).toBe(Paths.boRequests);
    expect(IDENTITY_MATCHER_PATH).toBe(Paths.identityMatcher);
  });

  it('recognise back-office paths by mount, not by prefix text', () => {
    expect(isBackOfficePath('/back-office')).toBe(true);
    expect(isBackOfficePath('/back-office/users?page=2')).toBe(true);
    expect(isBackOfficePath('/back-office?lang=it')).toBe(true);
    expect(isBackOfficePath('/back-officer')).toBe(false);
    expect(isBackOfficePath(Paths.backOfficeLogin)).toBe(false);
  });

  it('accept only paths of this app as return addresses', () => {
    expect(isAppPath('/startup')).toBe(true);
    expect(isAppPath('//evil.example')).toBe(false);
    expect(isAppPath('https://evil.example')).toBe(false);
    expect(isAppPath(null)).toBe(false);
  });
});
