// Who fires a pratica's event, as the lifecycle machine reads it (src/shared/pratica.ts PraticaActor):
// only from the verified caller's stored account, never from anything the request body says.
import type { Kysely } from 'kysely';
import { Role } from '#shared/constants.ts';
import { CLOCK, PraticaRole, type PraticaActor, type PraticaRoleId } from '#shared/pratica.ts';
import type { CallerRow, Database } from '../../db/schema.ts';
import { officesOf } from '../back-office/staff-offices.ts';

const STAFF_ROLES: Readonly<Record<number, PraticaRoleId>> = {
  [Role.BO_ADMIN]: PraticaRole.BO_ADMIN,
  [Role.BO_COLLAB]: PraticaRole.BO_COLLAB,
  [Role.CLERK]: PraticaRole.CLERK,
};

/** The scheduler: the only actor of CLOCK_… events. */
export const CLOCK_ACTOR: PraticaActor = { role: CLOCK, userId: null };

/** A citizen acting on their own request. */
export function applicantActor(caller: Pick<CallerRow, 'user_id'>): PraticaActor {
  return { role: PraticaRole.APPLICANT, userId: caller.user_id };
}

/** A staff member with their profile's role and the offices they work for; an inactive account or another profile acts as nobody. */
export async function staffActor(db: Kysely<Database>, staff: Pick<CallerRow, 'user_id' | 'profile_id' | 'active' | 'realm'>): Promise<PraticaActor | null> {
  const role = staff.realm === 'BO' && staff.active === 1 ? STAFF_ROLES[staff.profile_id] : undefined;
  if (role === undefined) return null;
  return { role, userId: staff.user_id, officeIds: await officesOf(db, staff.user_id) };
}

/** The colleague an ASSIGN names, as the machine checks them (a clerk of the pratica's office); null when no active staff account has that id. */
export async function assigneeActor(db: Kysely<Database>, userId: number): Promise<PraticaActor | null> {
  const user = await db.selectFrom('users').select(['user_id', 'profile_id', 'active', 'realm']).where('user_id', '=', userId).executeTakeFirst();
  return user ? staffActor(db, user) : null;
}
