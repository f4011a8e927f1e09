// A citizen reaches only their own requests, and changes (saves, sends, deletes) only their own
// draft, at the version they read (spec §7 "Requests (front office)"). Someone else's request
// answers exactly like a missing one: no existence oracle. Owner, draft state and version are
// conditions of the UPDATE itself: one statement decides, no lock is held across round trips, and a
// stale copy never overwrites a newer one. Only a refused change spends one more query, to say why.
import type { Kysely, UpdateQueryBuilder } from 'kysely';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { RequestState } from '#shared/constants.ts';
import type { CallerRow, Database } from '../../db/schema.ts';
import { ApiError } from '../../plugins/errors.ts';

/** The one answer for a request that is missing or not the caller's: the same bytes for both. */
export const requestNotFound = () => new ApiError({ status: 404, description: 'No such request among yours.' });

/** The desk's answer for a request that is missing or of an office the caller does not work for: the same bytes for both, whatever the number. */
export const staffRequestNotFound = () => new ApiError({ status: 404, description: 'No such request among those of your offices.' });

/** `row` when it is the caller's; else the answer a missing request gets. */
export function ownOrNotFound<Row extends { user_id: number }>(row: Row | undefined, caller: CallerRow): Row {
  if (!row || row.user_id !== caller.user_id) throw requestNotFound();
  return row;
}

/** The draft a change targets: whose it must be, and the version the caller read (a deletion carries none). */
export type DraftTarget = { requestId: number; userId: number; version?: number };

/** `query` narrowed to the target: the caller's own draft, at the version they read. */
export function whereOwnDraft<O>(query: UpdateQueryBuilder<Database, 'requests', 'requests', O>, { requestId, userId, version }: DraftTarget) {
  const ownDraft = query.where('request_id', '=', requestId).where('user_id', '=', userId).where('state_of_request_id', '=', RequestState.DRAFT);
  return version === undefined ? ownDraft : ownDraft.where('version', '=', version);
}

/** Why a change narrowed by whereOwnDraft touched nothing: missing or someone else's, deleted, not a draft, or stale. */
export async function whyNotChanged(db: Kysely<Database>, { requestId, userId, version }: DraftTarget, change: 'changed' | 'deleted'): Promise<ApiError> {
  const current = await db.selectFrom('requests').select(['user_id', 'state_of_request_id', 'version']).where('request_id', '=', requestId).executeTakeFirst();
  if (!current || current.user_id !== userId) return requestNotFound();
  // A deleted draft says so, so the wizard offers a new request instead of a retry that cannot succeed.
  if (current.state_of_request_id === RequestState.DELETED)
    return new ApiError({ status: 409, errorKey: ErrorKey.draftDeleted, description: `The draft was deleted: it can no longer be ${change}.` });
  if (current.state_of_request_id !== RequestState.DRAFT || version === undefined)
    return new ApiError({ status: 409, description: `Only a draft can be ${change}.` });
  return new ApiError({
    status: 409,
    errorKey: ErrorKey.staleVersion,
    description: `The request changed elsewhere (version ${current.version}, yours ${version}): reload the latest version.`,
  });
}
