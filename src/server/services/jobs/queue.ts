// The job queue for time-driven events (docs/architecture.md "Time-driven work (the job queue)"):
// pg-boss on the portal's database, PostgreSQL through its own small pool, PGlite through its
// adapter on the same PGlite instance. Each kind of event is a pg-boss queue with the `exclusive`
// policy, so a key has at most one job waiting or running; its clock seam (a pg-boss Clock, which a
// TestClock moves in JavaScript and in the database's job_now() alike) is also the portal's now().
import { fromKysely, fromPglite, PgBoss, systemClock, type Clock, type ConstructorOptions, type JobWithMetadata, type Queue } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** Where pg-boss keeps its tables in the portal's database: out of our migrations' way. */
export const JOBS_SCHEMA = 'pgboss';

/** A job as its handler receives it. */
export interface Job<P = unknown> {
  id: string;
  kind: string;
  key: string;
  payload: P;
  /** When the event was scheduled for; a retry moves pg-boss's start time, not this. */
  runAt: Date;
  /** 1 on the first delivery; more when a handler failed or an instance died holding it. */
  attempt: number;
}

/** Runs one kind of job. It may run more than once for the same job (at least once): make it idempotent. */
export type JobHandler<P = unknown> = (job: Job<P>) => Promise<void>;

/**
 * Every kind's queue: a key waits or runs once (exclusive); a job an instance holds for five minutes
 * without finishing is handed on (expiration); a failed one is tried again after 5 s, doubling up
 * to an hour, for about four days; done and failed jobs are kept a month for operators.
 */
export const QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  policy: 'exclusive',
  expireInSeconds: 300,
  retryLimit: 100,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 3600,
  // Counted from the time the job is due, so a deadline months away is kept until then and a year past it.
  retentionSeconds: 365 * 86_400,
  deleteAfterSeconds: 30 * 86_400,
};

export interface JobsOptions {
  /** Time for pg-boss and, through now(), for the portal: a TestClock in tests. */
  clock?: Clock;
  /** The schema pg-boss installs into (default JOBS_SCHEMA; tests take one of their own). */
  schema?: string;
  /**
   * The kinds to create queues for: every kind this portal schedules must have one before the first
   * schedule (the pratica's clock: services/pratica/clock-events.ts CLOCK_JOB_KINDS).
   */
  kinds: readonly string[];
  /** How often a worker looks for due jobs (default 5 s). */
  pollingIntervalSeconds?: number;
  /** pg-boss's maintenance (expiration, retention) on a timer; off in tests, which call supervise(). */
  supervise?: boolean;
  /** Connections pg-boss opens to PostgreSQL (default 4); PGlite has its one. */
  poolSize?: number;
  /** Told of failures by job id and kind only: payloads and errors may hold personal data. */
  log?: { warn: (obj: object, msg: string) => void };
}

/** One job of a batch for scheduleMany(). */
export interface ScheduledJob {
  payload: object | null;
  runAt: Date;
  key: string;
}

export interface DrainReport {
  done: number;
  failed: number;
}

export interface Jobs {
  /** The clock's time, as the portal's `now()`: one TestClock moves the server and the queue. */
  now(): Date;
  /**
   * Schedules event `key` of `kind` at `runAt`. Name the entity, the event and its round
   * (`pratica:42:integration-overdue:1`). While a job with that key waits or runs, another schedule
   * is dropped and the first stands (false); once it ran or was cancelled, the key is free again.
   * Pass the caller's transaction to schedule only if the change that calls for it commits.
   */
  schedule(kind: string, payload: object | null, runAt: Date, key: string, trx?: Kysely<Database>): Promise<boolean>;
  /**
   * Schedules many jobs of `kind` in one statement each thousand, with schedule()'s rule per key (a
   * key already waiting or running keeps its job): a catch-up run on every start costs one insert per
   * thousand jobs, not one per job. Answers how many were added.
   */
  scheduleMany(kind: string, jobs: readonly ScheduledJob[]): Promise<number>;
  /** Cancels the job of `key` still waiting (not one running). True when one was cancelled. */
  cancel(kind: string, key: string): Promise<boolean>;
  /** Runs `kind`'s jobs on this instance as they fall due, polling (at least once per key at a time across instances). */
  work<P = unknown>(kind: string, handler: JobHandler<P>): Promise<void>;
  /** Runs every job of `kinds` due now with `handlers`, until none is left: tests and tools, no polling. */
  runDue(handlers: Readonly<Record<string, JobHandler>>): Promise<DrainReport>;
  /** pg-boss's maintenance pass now: hands on jobs held past their expiration (tests; a worker runs it on its timer). */
  supervise(): Promise<void>;
  /** Stops polling, waits for the jobs in hand, and closes pg-boss's connections (not the portal's). */
  stop(): Promise<void>;
  /** The pg-boss instance, for what this interface leaves out. */
  readonly boss: PgBoss;
}

function connectionOf(handle: DatabaseHandle, options: JobsOptions): ConstructorOptions {
  const { source } = handle;
  if (source.kind === 'pglite') return { db: fromPglite(source.pglite), backend: 'pglite' };
  return { connectionString: source.url, max: options.poolSize ?? 4, application_name: 'suap-jobs' };
}

function toJob<P>(job: JobWithMetadata<P>, runAt: Date): Job<P> {
  return { id: job.id, kind: job.name, key: job.singletonKey ?? '', payload: job.data, runAt, attempt: job.retryCount + 1 };
}

/** Jobs a scheduleMany() statement inserts at most. */
const BATCH = 1000;

function checkJob(kind: string, runAt: Date, key: string): void {
  if (kind.trim() === '' || key.trim() === '') throw new Error('a job needs a kind and a key');
  if (Number.isNaN(runAt.getTime())) throw new Error('a job needs a valid time to run at');
}

/** The time a job was scheduled for: kept in the payload envelope, since a retry moves start_after. */
interface Envelope {
  runAt: string;
  payload: unknown;
}

function unwrap(job: JobWithMetadata<Envelope>): Job {
  return toJob({ ...job, data: job.data.payload }, new Date(job.data.runAt));
}

/** Starts pg-boss on the portal's database (installing or migrating its schema) and creates the queues. */
export async function startJobs(handle: DatabaseHandle, options: JobsOptions): Promise<Jobs> {
  const clock = options.clock ?? systemClock;
  const { kinds } = options;
  const log = options.log;
  const boss = new PgBoss({
    ...connectionOf(handle, options),
    schema: options.schema ?? JOBS_SCHEMA,
    clock,
    schedule: false,
    supervise: options.supervise ?? true,
    registerInstance: false,
  });
  // pg-boss reports failing statements and handlers here; without a listener an 'error' would crash
  // the process. Only the error's name: its message may quote a payload.
  boss.on('error', (error) => log?.warn({ err: { name: error.name } }, 'job queue error'));
  await boss.start();
  for (const kind of kinds) await boss.createQueue(kind, QUEUE_OPTIONS);

  const failed = (job: Job) => log?.warn({ jobId: job.id, kind: job.kind, attempt: job.attempt }, 'job failed; it will be tried again');
  const run = async (handler: JobHandler, job: Job) => {
    try {
      await handler(job);
    } catch (error) {
      failed(job);
      throw error;
    }
  };

  return {
    boss,
    now: () => new Date(clock.now()),

    async schedule(kind, payload, runAt, key, trx) {
      checkJob(kind, runAt, key);
      const envelope: Envelope = { runAt: runAt.toISOString(), payload };
      const id = await boss.send(kind, envelope, { startAfter: runAt, singletonKey: key, ...(trx ? { db: fromKysely(trx) } : {}) });
      return id !== null;
    },

    async scheduleMany(kind, jobs) {
      let added = 0;
      for (let start = 0; start < jobs.length; start += BATCH) {
        const batch = jobs.slice(start, start + BATCH).map(({ payload, runAt, key }) => {
          checkJob(kind, runAt, key);
          const data: Envelope = { runAt: runAt.toISOString(), payload };
          return { data, startAfter: runAt, singletonKey: key };
        });
        // pg-boss's insert skips a row whose key the exclusive index already holds (ON CONFLICT DO NOTHING).
        added += (await boss.insert(kind, batch, { returnId: true }))?.length ?? 0;
      }
      return added;
    },

    async cancel(kind, key) {
      const waiting = (await boss.findJobs(kind, { key, queued: true })).filter((job) => job.state === 'created' || job.state === 'retry');
      if (waiting.length === 0) return false;
      const result = (await boss.cancel(
        kind,
        waiting.map((job) => job.id),
      )) as { affected?: number };
      return (result.affected ?? 0) > 0;
    },

    async work<P>(kind: string, handler: JobHandler<P>) {
      const workOptions = { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 } as const;
      // One job a call: a throw fails that job alone, which pg-boss then retries.
      await boss.work(kind, workOptions, async ([job]) => {
        if (job) await run(handler as JobHandler, unwrap(job as JobWithMetadata<Envelope>));
      });
    },

    async runDue(handlers) {
      const report: DrainReport = { done: 0, failed: 0 };
      for (const [kind, handler] of Object.entries(handlers)) {
        // A failed job is due again only after its retry delay, so each fetch makes progress and the loop ends.
        for (;;) {
          const jobs = await boss.fetch<Envelope>(kind, { batchSize: 10, includeMetadata: true });
          if (jobs.length === 0) break;
          for (const raw of jobs) {
            const job = unwrap(raw);
            const attempt = { id: raw.id, retryCount: raw.retryCount };
            try {
              await run(handler, job);
            } catch (error) {
              report.failed++;
              await boss.fail(kind, attempt, { message: error instanceof Error ? error.message : String(error) });
              continue;
            }
            report.done++;
            await boss.complete(kind, attempt);
          }
        }
      }
      return report;
    },

    supervise: () => boss.supervise(),

    async stop() {
      // Graceful: the jobs in hand finish and are marked done (within 30 s of real time) before it resolves.
      await boss.stop({ graceful: true, close: true, timeout: 30_000 });
    },
  };
}
