// The applicant's e-mail after a change of their pratica (docs/architecture.md "The pratica's
// lifecycle"): written to the outbox in the transaction of the change (transition()'s onTransition),
// so it goes if and only if the change commits, and the outbox's worker delivers it at least once.
// A send has its receipt already (services/requests/citizen.ts); deleting a draft and assigning a
// clerk tell the applicant nothing.
import type { Kysely, Transaction } from 'kysely';
import { PraticaState } from '#shared/pratica.ts';
import type { Database } from '../../db/schema.ts';
import { decisionForApplicant } from '../notifications/messages.ts';
import { enqueue } from '../notifications/outbox.ts';
import type { ReferenceCatalog } from '../reference-catalog.ts';
import { requestById, toApiRequest } from '../requests/read.ts';
import type { Transition, TransitionDeps } from './transition.ts';

/** The changes the applicant hears of: a decision on their pratica. */
function tellsApplicant(change: Transition): boolean {
  if (change.history.event === 'SEND') return false;
  return change.after.state === PraticaState.ACCEPTED || change.after.state === PraticaState.REJECTED;
}

/** transition()'s onTransition: the applicant's message, from the request as it now is. */
export function applicantMessages(catalog: ReferenceCatalog, portalUrl: string): NonNullable<TransitionDeps['onTransition']> {
  return async (trx: Kysely<Database>, change: Transition) => {
    if (!tellsApplicant(change)) return;
    const [row] = await requestById(trx, { requestId: change.requestId });
    if (!row) return;
    const request = toApiRequest(row, await catalog.snapshot());
    // onTransition runs inside transition()'s transaction (its `trx` is one).
    await enqueue(trx as Transaction<Database>, change.requestId, [decisionForApplicant(request, portalUrl)]);
  };
}
