// The request lifecycle (issue decisions filling spec §4 "transitions not shown"):
// draft → sent (applicant submits), draft → deleted (applicant deletes, or the draft expires),
// sent → accepted / rejected (staff decide, with a reason). Every transition is written to the
// request's history in the same transaction as the change.
import type { Transaction } from 'kysely';
import { RequestState } from '#shared/constants.ts';
import type { Database } from '../../db/schema.ts';

const ALLOWED: Record<number, number[]> = {
  [RequestState.DRAFT]: [RequestState.SENT, RequestState.DELETED],
  [RequestState.SENT]: [RequestState.ACCEPTED, RequestState.REJECTED],
};

export function canMove(from: number, to: number): boolean {
  return ALLOWED[from]?.includes(to) ?? false;
}

export interface Actor {
  userId: number | null;
  profileId: number | null;
}

export async function recordTransition(
  trx: Transaction<Database>,
  requestId: number,
  from: number | null,
  to: number,
  actor: Actor,
  reason: string | null = null,
): Promise<void> {
  await trx
    .insertInto('request_history')
    .values({ request_id: requestId, from_state: from, to_state: to, actor_user_id: actor.userId, actor_profile_id: actor.profileId, reason })
    .execute();
}
