// A staff event's body as the lifecycle machine takes it (POST boRequestEvent, src/shared/api/pratica.ts
// StaffEventRequestSchema): the schema knows each field's shape, this knows which fields each event
// takes. A field the event needs and lacks, or one it does not take, is a 400 naming the field, before
// anything is read or locked; the colleague an assignment names is resolved from their stored account.
import type { Kysely } from 'kysely';
import type { StaffEventRequest } from '#shared/api/pratica.ts';
import { EVENTS_NEEDING_NOTE } from '#shared/pratica.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../plugins/errors.ts';
import { assigneeActor } from './actor.ts';
import type { PraticaRequest } from './transition.ts';

const refuse = (field: string, description: string) => new ApiError({ status: 400, field, description });

/** The machine's event for `body`, or the 400 of its first field at fault. */
export async function staffEventOf(db: Kysely<Database>, body: StaffEventRequest): Promise<PraticaRequest> {
  const { type, note, assigneeId, outcome } = body;
  if (EVENTS_NEEDING_NOTE.includes(type) && note === undefined) throw refuse('note', `required for ${type}: what is asked, or the reason of the act.`);
  if (type !== 'ASSIGN' && assigneeId !== undefined) throw refuse('assigneeId', `only ASSIGN names a colleague, not ${type}.`);
  if (type !== 'PROPOSE_OUTCOME' && outcome !== undefined) throw refuse('outcome', `only PROPOSE_OUTCOME names an outcome, not ${type}.`);
  const stamp = note === undefined ? {} : { note };
  if (type === 'PROPOSE_OUTCOME') {
    if (outcome === undefined) throw refuse('outcome', 'required for PROPOSE_OUTCOME: positive or negative.');
    return { type, outcome, ...stamp };
  }
  if (type === 'ASSIGN') {
    if (assigneeId === undefined) throw refuse('assigneeId', 'required for ASSIGN: the colleague put in charge.');
    const assignee = await assigneeActor(db, assigneeId);
    if (!assignee) throw refuse('assigneeId', 'names no active staff account.');
    return { type, assignee, ...stamp };
  }
  return { type, ...stamp };
}
