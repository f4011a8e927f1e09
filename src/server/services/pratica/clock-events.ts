// The pratica's clock (docs/architecture.md "Time-driven work (the job queue)"): the job queue
// delivers each event named in CLOCK_JOBS at least once, on any instance, and its handler fires it
// through transition() like any other event, as CLOCK_ACTOR. A handler is idempotent because the
// machine is: a job delivered twice, or left over from a deadline a pause moved, finds the pratica
// moved on, and transition() answers null and changes nothing. The catch-up schedules the next event
// of every open pratica whose job is missing (sent before the queue existed, or lost), and may run
// on every start of every instance: a key already waiting keeps its job.
import type { Kysely } from 'kysely';
import { PraticaState, type PraticaStateId } from '#shared/pratica.ts';
import type { Database } from '../../db/schema.ts';
import type { JobHandler, Jobs, ScheduledJob } from '../jobs/queue.ts';
import { CLOCK_ACTOR } from './actor.ts';
import { CLOCK_JOBS, scheduleClock, transition, type ClockJobPayload, type TransitionDeps } from './transition.ts';

/** The queues the clock needs (startJobs' `kinds`): one per event of CLOCK_JOBS. */
export const CLOCK_JOB_KINDS: readonly string[] = Object.values(CLOCK_JOBS).map(({ kind }) => kind);

/** Told of a job it cannot read, by job id only. */
interface ClockLog {
  warn: (obj: object, msg: string) => void;
}

function requestIdOf(payload: unknown): number | null {
  const requestId = (payload as Partial<ClockJobPayload> | null)?.requestId;
  return Number.isSafeInteger(requestId) && requestId! > 0 ? requestId! : null;
}

/**
 * One handler per clock kind: fires the kind's event on the job's pratica in a transaction of its
 * own. The event happens at the job's time at the earliest, so an instance whose clock lags the
 * database's by a few seconds still finds the term elapsed. A transition that fails throws, and the
 * queue tries the job again.
 */
export function clockHandlers(db: Kysely<Database>, deps: TransitionDeps, log?: ClockLog): Record<string, JobHandler> {
  return Object.fromEntries(
    Object.values(CLOCK_JOBS).map(({ kind, event }): [string, JobHandler] => [
      kind,
      async (job) => {
        const requestId = requestIdOf(job.payload);
        // Nothing to do, and nothing a retry would mend.
        if (requestId === null) return log?.warn({ jobId: job.id, kind }, 'clock job without a request; dropped');
        const atTheEarliest = { ...deps, now: () => new Date(Math.max(deps.now().getTime(), job.runAt.getTime())) };
        await db.transaction().execute((trx) => transition(trx, requestId, { type: event }, CLOCK_ACTOR, atTheEarliest));
      },
    ]),
  );
}

/** The states whose pratica may still have a clock event ahead: those of a proceeding not concluded. */
const OPEN_STATES: readonly PraticaStateId[] = [
  PraticaState.PRESENTED,
  PraticaState.CORRECTION_REQUESTED,
  PraticaState.CORRECTED,
  PraticaState.INTEGRATION_REQUESTED,
  PraticaState.INTEGRATED,
];

/**
 * Schedules the next clock event of every open pratica with a due day, a page of `pageSize` at a
 * time, in one insert per kind and page; a key already waiting or running keeps its job. The jobs are
 * the ones a transition schedules (scheduleClock), so the keys match. Answers how many were added.
 */
export async function scheduleOpenPratiche(db: Kysely<Database>, jobs: Pick<Jobs, 'scheduleMany'>, pageSize = 1000): Promise<number> {
  let added = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('requests')
      .select(['request_id', 'state_of_request_id', 'pratica'])
      .where('state_of_request_id', 'in', OPEN_STATES)
      .where('due_on', 'is not', null)
      .where('pratica', 'is not', null)
      .where('request_id', '>', after)
      .orderBy('request_id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return added;
    after = rows.at(-1)!.request_id;
    const byKind = new Map<string, ScheduledJob[]>();
    // scheduleClock decides what to schedule; here it writes into lists instead of the queue.
    const collect = {
      schedule: async (kind: string, payload: object | null, runAt: Date, key: string) => {
        byKind.set(kind, [...(byKind.get(kind) ?? []), { payload, runAt, key }]);
        return true;
      },
    };
    for (const row of rows) {
      await scheduleClock(db, collect, row.request_id, { state: row.state_of_request_id as PraticaStateId, context: row.pratica! });
    }
    for (const [kind, list] of byKind) added += await jobs.scheduleMany(kind, list);
  }
}
