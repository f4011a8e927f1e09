// Who may open which area (spec §2 "Route areas and access", §6). Pure rules: the guard component
// renders what `decideAccess` answers. Profile checks reuse the header menu's permission lists.
import type { Area } from '#machines/auth/types.ts';
import { Role } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';
import { isPermitted, type Permissions } from './menu.ts';
import { Mounts, Paths, isUnderMount } from './paths.ts';

export interface Requirement {
  /** The login that can satisfy it. */
  area: Area;
  permissions: Permissions;
}

const FRONT_OFFICE: Requirement = { area: 'FO', permissions: [Role.FRONT_OFFICE] };
// The clerk ("istruttore", docs/architecture.md "The pratica's lifecycle") goes where a collaborator goes.
const STAFF: Requirement = { area: 'BO', permissions: [Role.BO_ADMIN, Role.BO_COLLAB, Role.CLERK] };
const ADMIN: Requirement = { area: 'BO', permissions: [Role.BO_ADMIN] };

/** Most specific first. */
const RULES: ReadonlyArray<[mount: string, requirement: Requirement]> = [
  [Paths.boUsers, ADMIN],
  [Paths.boAuditLog, ADMIN],
  [Mounts.backOffice, STAFF],
  [Mounts.privateArea, FRONT_OFFICE],
  [Paths.helpOnlinePrivate, FRONT_OFFICE],
  [Paths.helpOnlineBackOffice, { area: 'BO', permissions: [Role.BACK_OFFICE, Role.BO_ADMIN, Role.BO_COLLAB, Role.CLERK] }],
  [Paths.helpOnlineAdmin, { area: 'BO', permissions: [Role.BACK_OFFICE, Role.BO_ADMIN] }],
  [Paths.helpOnlineCollab, { area: 'BO', permissions: [Role.BACK_OFFICE, Role.BO_COLLAB, Role.CLERK] }],
];

/** What a path asks of its visitor; null means open to all (public, auth, enrolment, front office). */
export function requirementFor(path: string): Requirement | null {
  return RULES.find(([mount]) => isUnderMount(path, mount))?.[1] ?? null;
}

export type AccessDecision =
  | { kind: 'allowed' }
  /** Nobody logged in: a login of this area lets them in. */
  | { kind: 'login'; area: Area }
  /** Logged in, but not with a profile this area admits. */
  | { kind: 'forbidden' };

export function decideAccess(requirement: Requirement | null, user: User | null): AccessDecision {
  if (!requirement) return { kind: 'allowed' };
  if (!user) return { kind: 'login', area: requirement.area };
  const profileId = user.profile.profileId as Parameters<typeof isPermitted>[1];
  return isPermitted(requirement.permissions, profileId) ? { kind: 'allowed' } : { kind: 'forbidden' };
}
