// Runs the job queue's due jobs on this instance (docs/architecture.md "Time-driven work (the job
// queue)"): every `pollMs` it leases a batch, runs each job's handler, and marks it done, or due
// again after a backoff when the handler throws. Every instance runs one; the lease keeps them from
// running a job at the same time, and a lease that runs out (the instance died) hands it on.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { claimDue, complete, retryLater, type Job } from './queue.ts';

/** Runs one kind of job. It may run more than once for the same job (at least once): make it idempotent. */
export type JobHandler = (job: Job) => Promise<void>;

export interface JobWorkerOptions {
  /** The clock: what is due, and when a lease runs out (tests move it). */
  now?: () => Date;
  /** How often to look for due jobs (default 5 s). */
  pollMs?: number;
  /** How long a leased job is this instance's before another may take it (default 5 min). */
  leaseMs?: number;
  /** Jobs leased at a time (default 10). */
  batch?: number;
  /** This instance's name in `leased_by` (default a random one). */
  workerId?: string;
  /** Told of failures by job id and kind only: payloads and errors may hold personal data. */
  log?: { warn: (obj: object, msg: string) => void };
}

export interface DrainReport {
  done: number;
  failed: number;
}

export interface JobWorker {
  readonly workerId: string;
  /** Runs every job due by now(), batch after batch, until none is left (tests; shutdown). */
  drain(): Promise<DrainReport>;
  /** Stops polling and waits for the jobs in hand. */
  stop(): Promise<void>;
}

export function startJobWorker(db: Kysely<Database>, handlers: Readonly<Record<string, JobHandler>>, options: JobWorkerOptions = {}): JobWorker {
  const now = options.now ?? (() => new Date());
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 300_000;
  const batch = options.batch ?? 10;
  const kinds = Object.keys(handlers);
  const log = options.log;

  async function runBatch(report: DrainReport): Promise<number> {
    const jobs = await claimDue(db, { now: now(), workerId, kinds, batch, leaseMs });
    for (const job of jobs) {
      const lease = { workerId, attempt: job.attempt };
      try {
        await handlers[job.kind]!(job);
      } catch (error) {
        report.failed++;
        log?.warn({ jobId: job.id, kind: job.kind, attempt: job.attempt }, 'job failed; it will be tried again');
        await retryLater(db, job, lease, now(), error instanceof Error ? error.message : String(error));
        continue;
      }
      report.done++;
      await complete(db, job, lease, now());
    }
    return jobs.length;
  }

  async function drainDue(): Promise<DrainReport> {
    const report = { done: 0, failed: 0 };
    // A failed job moves past now(), so each batch makes progress and the loop ends.
    while ((await runBatch(report)) > 0);
    return report;
  }

  // One pass at a time on this instance: a poll and a drain() queue behind each other.
  let running: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work);
    running = next.catch(() => undefined);
    return next;
  };
  const poll = () => {
    serial(drainDue).catch((error: unknown) => log?.warn({ err: error instanceof Error ? { name: error.name } : {} }, 'job queue poll failed'));
  };
  // The first poll comes one period after the start, as the following ones: a caller that wants the
  // due jobs run at once calls drain(), and tests set the clock before anything is claimed.
  const timer = setInterval(poll, options.pollMs ?? 5000);
  timer.unref();

  return {
    workerId,
    drain: () => serial(drainDue),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
