// Draft retention: a draft not changed by the end of its storage limit (a day, Europe/Rome) is
// marked deleted, with an "expired" history entry. One statement does both, so concurrent sweeps on several instances
// expire each draft exactly once (the second sweeper finds the row no longer a draft).
import { type Kysely, sql } from 'kysely';
import { RequestState } from '../../../shared/constants.ts';
import { draftStorageDay, officeToday } from '../../../shared/dates.ts';
import type { Database } from '../../db/schema.ts';

export const EXPIRED_REASON = 'expired';

/**
 * The storage limit a change gives a draft: the office's day (Europe/Rome) `retentionDays` after
 * `from`, a calendar day. A day rather than an instant, like the limits staff set: every save on
 * the same day gives the same limit, so PostgreSQL can update the row in place (a HOT update, no
 * index touched) instead of re-indexing it on every step of the wizard.
 */
export function draftStorageLimit(from: Date, retentionDays: number): string {
  // Every save of the same minute gets the same day (the office's midnight falls on a whole UTC
  // hour), so the day is worked out once a minute instead of on every save (issue #17).
  const minute = Math.floor(from.getTime() / 60_000);
  if (minute !== lastLimit.minute || retentionDays !== lastLimit.retentionDays) {
    lastLimit = { minute, retentionDays, day: draftStorageDay(from, retentionDays) };
  }
  return lastLimit.day;
}

let lastLimit = { minute: Number.NaN, retentionDays: 0, day: '' };

/**
 * Marks deleted every draft whose storage limit is a day before the office's today: a draft is
 * kept through its limit day, in Europe/Rome, and goes on the first sweep of the day after.
 */
export async function sweepExpiredDrafts(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await sql<{ request_id: number }>`
    WITH expired AS (
      UPDATE requests
         SET state_of_request_id = ${RequestState.DELETED}, updated_on = ${now}, storage_limit = NULL, version = version + 1
       WHERE state_of_request_id = ${RequestState.DRAFT} AND storage_limit < ${officeToday(now)}
       RETURNING request_id
    )
    INSERT INTO request_history (request_id, from_state, to_state, at, actor_user_id, actor_profile_id, reason)
    SELECT request_id, ${RequestState.DRAFT}, ${RequestState.DELETED}, ${now}, NULL, NULL, ${EXPIRED_REASON} FROM expired
    RETURNING request_id
  `.execute(db);
  return result.rows.length;
}
