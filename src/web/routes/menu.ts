// Header menu entries (spec §2): items may be hidden from the menu while still being routes, and
// may be restricted by profile id; a permission list starting with the negation marker means
// "everyone except the listed profiles".
import { Role, type RoleId } from '#shared/constants.ts';
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

/** Staff work in the back office: the citizens' entries are for everyone else (anonymous included). A clerk sees a collaborator's entries. */
const NOT_STAFF: Permissions = [NEGATION_MARKER, Role.BO_ADMIN, Role.BO_COLLAB, Role.CLERK];
const STAFF: Permissions = [Role.BO_ADMIN, Role.BO_COLLAB, Role.CLERK];
const ADMIN: Permissions = [Role.BO_ADMIN];

export const frontOfficeMenu: readonly MenuItem[] = [
  { path: Paths.home, labelKey: 'nav.home', hidden: true, permissions: NOT_STAFF },
  { path: Paths.startupService, labelKey: 'nav.startup-service', permissions: NOT_STAFF },
  { path: Paths.helpPage, labelKey: 'nav.help-page', permissions: NOT_STAFF },
  { path: Paths.privacyPolicy, labelKey: 'nav.privacy-policy', hidden: true, permissions: NOT_STAFF },
];

/** Spec §2 "Back-office header menu": details, create and modify are routes without a visible entry. */
export const backOfficeMenu: readonly MenuItem[] = [
  { path: Paths.boRequests, labelKey: 'nav.bo-requests', permissions: STAFF },
  { path: Paths.boRequestDetails, labelKey: 'nav.bo-request-details', hidden: true, permissions: STAFF },
  { path: Paths.boUsers, labelKey: 'nav.bo-users', permissions: ADMIN },
  { path: Paths.boUserDetails, labelKey: 'nav.bo-user-details', hidden: true, permissions: ADMIN },
  { path: Paths.boUserModify, labelKey: 'nav.bo-user-modify', hidden: true, permissions: ADMIN },
  { path: Paths.boUserCreate, labelKey: 'nav.bo-user-create', hidden: true, permissions: ADMIN },
  { path: Paths.boAuditLog, labelKey: 'nav.bo-audit-log', permissions: ADMIN },
];

/** The header's one list: each visitor sees the entries their profile is permitted. */
export const headerMenu: readonly MenuItem[] = [...frontOfficeMenu, ...backOfficeMenu];

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
