// Every change of a pratica's state goes through here (docs/architecture.md "The pratica's
// lifecycle"): the stored request is locked, the lifecycle machine decides (machines/pratica/decide.ts)
// and, when it allows the event, the new state, the machine's context, the due day and the history
// entry are written in the caller's transaction, with the clock's next events scheduled in it too.
// Who may see the request is settled first: a request of another office, or another person's,
// answers exactly like a missing one (404); then the machine: 403 for the wrong role, 409 with the
// reason for a state or term that does not allow the event; a stale version 409 stale-version.
// Each refusal changes nothing. The clock's refused events (a pratica that moved on) are no-ops.
import type { Kysely } from 'kysely';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { elapsesAt } from '#shared/calendar.ts';
import { CLOCK, CONCLUDED_STATES, PraticaRole, PraticaState, type PraticaActor, type PraticaStateId } from '#shared/pratica.ts';
import { decide, phaseDueOn, startPratica, type PersistedPratica, type PraticaCommand, type PraticaHistoryEntry } from '#machines/pratica/decide.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../plugins/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { requestNotFound, staffRequestNotFound } from '../requests/ownership.ts';
import { initiativeTimes } from './times.ts';

/** An event as a caller asks for it: the instant is the server's clock, never the caller's. */
export type PraticaRequest = PraticaCommand extends infer E ? (E extends PraticaCommand ? Omit<E, 'at'> : never) : never;

/** The clock's events, each a pg-boss queue of its kind: the one definition (clock-events.ts makes the queues and handlers from it). */
export const CLOCK_JOBS = {
  termElapsed: { kind: 'pratica-term-elapsed', event: 'CLOCK_TERM_ELAPSED' },
  integrationOverdue: { kind: 'pratica-integration-overdue', event: 'CLOCK_INTEGRATION_OVERDUE' },
} as const;
/** What a clock job carries: the request it is about. */
export interface ClockJobPayload {
  requestId: number;
}

export interface TransitionDeps {
  /** The server's clock (tests move it). */
  now: () => Date;
  /** Where the clock's events are scheduled; without one (a tool, a test of something else) none is. */
  jobs?: Pick<Jobs, 'schedule'> | null;
  /** Runs in the same transaction after each change: the applicant's and the office's messages. */
  onTransition?: (trx: Kysely<Database>, change: Transition) => Promise<void>;
}

export interface Transition {
  requestId: number;
  before: PersistedPratica;
  after: PersistedPratica;
  history: PraticaHistoryEntry;
  /** The version the request has now. */
  version: number;
}

/**
 * Fires `request` by `actor` on request `requestId` in `trx`, at the deps' now. `version`, when
 * given, must be the stored one. Answers the change, or null when the clock's event finds nothing
 * to do; throws the API's refusal for a person.
 */
export async function transition(
  trx: Kysely<Database>,
  requestId: number,
  request: PraticaRequest,
  actor: PraticaActor,
  deps: TransitionDeps,
  options: { version?: number } = {},
): Promise<Transition | null> {
  const row = await trx
    .selectFrom('requests as r')
    .leftJoin('iniziative as i', 'i.iniziative_id', 'r.iniziative_id')
    .select([
      'r.state_of_request_id',
      'r.version',
      'r.user_id',
      'r.suap_id',
      'r.pratica',
      'i.regime',
      'i.proceeding_days',
      'i.integration_request_days',
      'i.integration_answer_days',
    ])
    .where('r.request_id', '=', requestId)
    .forUpdate('r')
    .executeTakeFirst();
  const isClock = actor.role === CLOCK;
  if (!row || !visibleTo(actor, row)) {
    if (isClock) return null;
    throw actor.role === PraticaRole.APPLICANT ? requestNotFound() : staffRequestNotFound();
  }
  const before = persistedOf(row);
  const now = deps.now();
  const decision = decide(before, { ...request, at: now.toISOString() } as PraticaCommand, actor);
  if (!decision.ok) {
    if (isClock) return null;
    if (decision.status === 403) throw new ApiError({ status: 403, description: `Not allowed: ${decision.reason}.` });
  }
  if (options.version !== undefined && options.version !== row.version) {
    throw new ApiError({
      status: 409,
      errorKey: ErrorKey.staleVersion,
      description: `The request changed meanwhile (version ${row.version}, yours ${options.version}): reload it.`,
    });
  }
  if (!decision.ok) throw new ApiError({ status: 409, errorKey: ErrorKey.transitionNotAllowed, description: `Not possible now: ${decision.reason}.` });

  const { next: after, history } = decision;
  const version = row.version + 1;
  const concluded = CONCLUDED_STATES.includes(after.state) && !CONCLUDED_STATES.includes(before.state);
  const note = history.note;
  await trx
    .updateTable('requests')
    .set({
      state_of_request_id: after.state,
      pratica: after.state === PraticaState.DRAFT || after.state === PraticaState.DELETED ? null : JSON.stringify(after.context),
      assignee_user_id: after.context.assigneeId,
      due_on: after.state === PraticaState.DRAFT ? null : phaseDueOn(after),
      version,
      updated_on: now,
      ...(request.type === 'SEND' ? { sent_request_date: now } : {}),
      ...(concluded && after.state !== PraticaState.DELETED ? { decided_on: now, decision_reason: note } : {}),
    })
    .where('request_id', '=', requestId)
    .execute();
  await trx
    .insertInto('request_history')
    .values({
      request_id: requestId,
      from_state: history.from,
      to_state: history.to,
      at: now,
      actor_user_id: actor.userId,
      actor_profile_id: actor.role === CLOCK ? null : actor.role,
      reason: note,
      event: history.event,
      assignee_user_id: request.type === 'ASSIGN' ? request.assignee.userId : null,
    })
    .execute();
  if (deps.jobs) await scheduleClock(trx, deps.jobs, requestId, after);
  const change: Transition = { requestId, before, after, history, version };
  if (deps.onTransition) await deps.onTransition(trx, change);
  return change;
}

/**
 * The applicant sees their own requests; staff those of the offices they work for, and drafts that
 * name no office yet, as the desk shows them (services/back-office/office-scope.ts); the clock all.
 */
function visibleTo(actor: PraticaActor, row: { user_id: number; suap_id: number | null }): boolean {
  if (actor.role === CLOCK) return true;
  if (actor.role === PraticaRole.APPLICANT) return row.user_id === actor.userId;
  return row.suap_id === null || (actor.officeIds ?? []).includes(row.suap_id);
}

type LockedRow = {
  state_of_request_id: number;
  user_id: number;
  suap_id: number | null;
  pratica: PersistedPratica['context'] | null;
  regime: string | null;
  proceeding_days: number | null;
  integration_request_days: number | null;
  integration_answer_days: number | null;
};

/** The stored pratica; a draft's is started from its initiative's regime as it is today. */
function persistedOf(row: LockedRow): PersistedPratica {
  const state = row.state_of_request_id as PraticaStateId;
  if (row.pratica) return { state, context: row.pratica };
  const { regime, times } = initiativeTimes(row.regime === null ? null : { ...row, regime: row.regime });
  const draft = startPratica({ regime, times, applicantId: row.user_id, officeId: row.suap_id ?? 0 });
  return { state, context: draft.context };
}

/**
 * Schedules the clock's next event for the pratica as it is now, in the same transaction: the
 * integration answer's deadline while one is awaited, the term's while it runs. A job's key names
 * its deadline, so a term moved by a pause gets a job of its own; one left for an old deadline finds
 * the pratica moved on and changes nothing.
 */
export async function scheduleClock(trx: Kysely<Database>, jobs: Pick<Jobs, 'schedule'>, requestId: number, pratica: PersistedPratica): Promise<void> {
  const { state, context } = pratica;
  if (context.concludedOn !== null) return;
  const payload: ClockJobPayload = { requestId };
  if (state === PraticaState.INTEGRATION_REQUESTED && context.integrationDueOn) {
    const { kind } = CLOCK_JOBS.integrationOverdue;
    await jobs.schedule(kind, payload, elapsesAt(context.integrationDueOn), `pratica:${requestId}:integration:${context.integrationDueOn}`, trx);
    return;
  }
  const due = phaseDueOn(pratica);
  if (due && !context.overdue) {
    const { kind } = CLOCK_JOBS.termElapsed;
    await jobs.schedule(kind, payload, elapsesAt(due), `pratica:${requestId}:term:${due}`, trx);
  }
}
