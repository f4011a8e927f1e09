// The applicant's e-mail after a change of their pratica (docs/architecture.md "The pratica on the
// server"): written to the outbox in the transaction of the change (transition()'s onTransition), so
// it goes if and only if the change commits, and the outbox's worker delivers it at least once.
// Which changes call for one, and what it says, is praticaMessageForApplicant's to decide
// (notifications/messages.ts): the conclusions, a COMUNICAZIONE accepted on receipt, and the office's
// requests for a correction or an integration.
import type { Kysely, Transaction } from 'kysely';
import { PraticaState } from '#shared/pratica.ts';
import type { Database } from '../../db/schema.ts';
import { praticaMessageForApplicant } from '../notifications/messages.ts';
import { enqueue } from '../notifications/outbox.ts';
import type { ReferenceCatalog } from '../reference-catalog.ts';
import { requestById, toApiRequest } from '../requests/read.ts';
import type { Transition, TransitionDeps } from './transition.ts';

/** transition()'s onTransition: the applicant's message, from the request as it now is, in the language they write in. */
export function applicantMessages(catalog: ReferenceCatalog, portalUrl: string): NonNullable<TransitionDeps['onTransition']> {
  return async (trx: Kysely<Database>, change: Transition) => {
    if (!mayTellApplicant(change)) return;
    const [row] = await requestById(trx, { requestId: change.requestId });
    if (!row) return;
    const { language } = await trx.selectFrom('requests').select('language').where('request_id', '=', change.requestId).executeTakeFirstOrThrow();
    const { event, to, note } = change.history;
    const message = praticaMessageForApplicant(toApiRequest(row, await catalog.snapshot()), { event, to, note }, portalUrl, language);
    // onTransition runs inside transition()'s transaction (its `trx` is one).
    if (message) await enqueue(trx as Transaction<Database>, change.requestId, [message]);
  };
}

/**
 * Whether the change may call for a message at all, before anything is read: one that leaves the
 * state where it was (taking in charge, an assignment, a proposal, a flag) or deletes a draft, which
 * was never presented, tells the applicant nothing.
 */
function mayTellApplicant(change: Transition): boolean {
  return change.before.state !== change.after.state && change.after.state !== PraticaState.DELETED;
}
