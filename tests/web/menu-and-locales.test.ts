import { describe, expect, it } from 'vitest';
import en from '#locales/en.json' with { type: 'json' };
import it_ from '#locales/it.json' with { type: 'json' };
import { Role } from '#shared/constants.ts';
import { frontOfficeMenu, isPermitted, NEGATION_MARKER, visibleMenuItems } from '#web/routes/menu.ts';

describe('menu permissions', () => {
  it('lets everyone see entries without a permission list', () => {
    expect(isPermitted(undefined, null)).toBe(true);
    expect(isPermitted([], Role.BO_ADMIN)).toBe(true);
  });

  it('restricts a positive list to the listed profiles', () => {
    expect(isPermitted([Role.BO_ADMIN], Role.BO_ADMIN)).toBe(true);
    expect(isPermitted([Role.BO_ADMIN], Role.BO_COLLAB)).toBe(false);
    expect(isPermitted([Role.BO_ADMIN], null)).toBe(false);
  });

  it('reads a list starting with the negation marker as "everyone except"', () => {
    const notBackOffice = [NEGATION_MARKER, Role.BO_ADMIN, Role.BO_COLLAB] as const;
    expect(isPermitted(notBackOffice, Role.FRONT_OFFICE)).toBe(true);
    expect(isPermitted(notBackOffice, null)).toBe(true);
    expect(isPermitted(notBackOffice, Role.BO_COLLAB)).toBe(false);
  });

  it('hides home and privacy policy from the front-office menu', () => {
    expect(visibleMenuItems(frontOfficeMenu, null).map((item) => item.labelKey)).toEqual(['nav.startup-service', 'nav.help-page']);
  });
});

describe('locales', () => {
  it('have the same keys in Italian and English, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(it_).sort());
    for (const [key, value] of [...Object.entries(it_), ...Object.entries(en)]) {
      expect(value.trim(), key).not.toBe('');
    }
  });
});
