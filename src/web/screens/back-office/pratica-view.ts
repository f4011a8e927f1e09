// What the desk shows of a pratica's lifecycle (docs/architecture.md "The pratica's lifecycle"), as
// pure rules over the request and the signed-in staff member: the actions to offer are the events
// the lifecycle machine itself allows them now (allowedEvents, the same function the server's
// decide() runs), restricted to the events staff fire; whether it is late is the machine's isOverdue.
import { allowedEvents, isOverdue } from '#machines/pratica/decide.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { officeDayOf } from '#shared/dates.ts';
import type { User } from '#shared/domain.ts';
import { PraticaState, STAFF_EVENT_TYPES, type PraticaRoleId, type PraticaStateId, type StaffEventType } from '#shared/pratica.ts';

const STATE_IDS = new Set<number>(Object.values(PraticaState));

/** The staff member as the lifecycle machine knows them: profile, user id, offices. */
export function praticaActorOf(user: Pick<User, 'userId' | 'profile' | 'officeIds'>) {
  return { role: user.profile.profileId as PraticaRoleId, userId: user.userId, officeIds: user.officeIds ?? [] };
}

/**
 * The staff events `user` may fire on the request at `nowIso`, in the desk's order (STAFF_EVENT_TYPES);
 * none for a draft, a state the machine does not know, or a caller it lets do nothing.
 */
export function staffActionsOf(
  request: Pick<SuapRequest, 'stateOfRequest' | 'pratica'>,
  user: Pick<User, 'userId' | 'profile' | 'officeIds'> | null,
  nowIso: string,
): StaffEventType[] {
  const state = request.stateOfRequest.stateOfRequestId;
  if (!user || !request.pratica || !STATE_IDS.has(state)) return [];
  const allowed = new Set<string>(allowedEvents({ state: state as PraticaStateId, context: request.pratica }, praticaActorOf(user), nowIso));
  return STAFF_EVENT_TYPES.filter((type) => allowed.has(type));
}

/** Whether the pratica is late on the office's day of `nowIso` (AUTORIZZAZIONE past due, still open). */
export function isPraticaOverdue(request: Pick<SuapRequest, 'pratica'>, nowIso: string): boolean {
  return request.pratica ? isOverdue(request.pratica, officeDayOf(nowIso)) : false;
}
