// Draft retention: a draft not changed before its storage limit is marked deleted, with an
// "expired" history entry. One statement does both, so concurrent sweeps on several instances
// expire each draft exactly once (the second sweeper finds the row no longer a draft).
import { type Kysely, sql } from 'kysely';
import { RequestState } from '../../../shared/constants.ts';
import type { Database } from '../../db/schema.ts';

export const EXPIRED_REASON = 'expired';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The storage limit a change gives a draft: the end (UTC) of the day `retentionDays` after `from`.
 * A whole day rather than the instant, like the limits staff set: every save on the same day gives
 * the same limit, so PostgreSQL can update the row in place (a HOT update, no index touched)
 * instead of re-indexing it on every step of the wizard. People see the limit as a date anyway.
 */
export function draftStorageLimit(from: Date, retentionDays: number): Date {
  const day = Math.floor(from.getTime() / DAY_MS) + retentionDays;
  return new Date((day + 1) * DAY_MS - 1000);
}

export async function sweepExpiredDrafts(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await sql<{ request_id: number }>`
    WITH expired AS (
      UPDATE requests
         SET state_of_request_id = ${RequestState.DELETED}, updated_on = ${now}, storage_limit = NULL, version = version + 1
       WHERE state_of_request_id = ${RequestState.DRAFT} AND storage_limit < ${now}
       RETURNING request_id
    )
    INSERT INTO request_history (request_id, from_state, to_state, at, actor_user_id, actor_profile_id, reason)
    SELECT request_id, ${RequestState.DRAFT}, ${RequestState.DELETED}, ${now}, NULL, NULL, ${EXPIRED_REASON} FROM expired
    RETURNING request_id
  `.execute(db);
  return result.rows.length;
}
