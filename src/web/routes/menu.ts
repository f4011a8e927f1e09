// Header menu entries (spec §2): items may be hidden from the menu while still being routes, and
// may be restricted by profile id; a permission list starting with the negation marker means
// "everyone except the listed profiles".
import type { RoleId } from '../../shared/constants.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { Paths } from './paths.ts';

export const NEGATION_MARKER = '!';
export type Permissions = readonly [typeof NEGATION_MARKER, ...RoleId[]] | readonly RoleId[];

export interface MenuItem {
  path: string;
  labelKey: MessageKey;
  /** A route with a menu entry that is not shown (spec: home and privacy policy). */
  hidden?: boolean;
  /** Absent: everyone, anonymous visitors included. */
  permissions?: Permissions;
}

export const frontOfficeMenu: readonly MenuItem[] = [
  { path: Paths.home, labelKey: 'nav.home', hidden: true },
  { path: Paths.startupService, labelKey: 'nav.startup-service' },
  { path: Paths.helpPage, labelKey: 'nav.help-page' },
  { path: Paths.privacyPolicy, labelKey: 'nav.privacy-policy', hidden: true },
];

/** Whether a visitor with the given profile (null: anonymous) may see an entry. */
export function isPermitted(permissions: Permissions | undefined, profileId: RoleId | null): boolean {
  if (!permissions || permissions.length === 0) return true;
  if (permissions[0] === NEGATION_MARKER) {
    const excluded = permissions.slice(1) as RoleId[];
    return profileId === null || !excluded.includes(profileId);
  }
  return profileId !== null && (permissions as readonly RoleId[]).includes(profileId);
}

export function visibleMenuItems(items: readonly MenuItem[], profileId: RoleId | null): MenuItem[] {
  return items.filter((item) => !item.hidden && isPermitted(item.permissions, profileId));
}
