// The job queue's statements (docs/architecture.md "Time-driven work (the job queue)"): schedule an
// event, lease the due ones, mark one done or due again later. Every statement takes the time from
// the caller's clock rather than the database's now(), so tests move time instead of waiting and
// every instance judges "due" and "lease ran out" by the same clock it schedules with.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A job as its handler receives it. */
export interface Job<P = unknown> {
  id: number;
  kind: string;
  key: string;
  payload: P;
  /** When the event was scheduled for (a retry does not move it). */
  runAt: Date;
  /** 1 on the first delivery; more when a handler failed or an instance died holding it. */
  attempt: number;
}

/** Who holds a lease: an instance's worker id and the attempt it leased (a fencing token). */
interface Lease {
  workerId: string;
  attempt: number;
}

/** The longest wait before a failed job is tried again. */
export const MAX_BACKOFF_MS = 3_600_000;

/** How long after its `attempt`-th failure a job is due again: 5 s, doubling, at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 5000 * 2 ** Math.min(Math.max(attempt - 1, 0), 20));
}

/**
 * Schedules event `key` (unique across kinds: name the entity and the event, e.g.
 * `pratica:42:integration-overdue:1`) to run at `runAt`. Pass the caller's transaction so the
 * event is scheduled only if the change that calls for it commits. True when scheduled, false when
 * the key was already taken (scheduled, done or cancelled): the first schedule stands.
 */
export async function enqueue(db: Kysely<Database>, kind: string, payload: unknown, runAt: Date, key: string): Promise<boolean> {
  if (kind.trim() === '' || key.trim() === '') throw new Error('a job needs a kind and a key');
  if (Number.isNaN(runAt.getTime())) throw new Error('a job needs a valid time to run at');
  const inserted = await db
    .insertInto('job')
    .values({ kind, key, payload: JSON.stringify(payload ?? null), run_at: runAt, available_at: runAt })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('job_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Cancels event `key` if it has not run yet (a job already leased still runs). True when cancelled. */
export async function cancel(db: Kysely<Database>, key: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ done_at: now, outcome: 'cancelled' })
    .where('key', '=', key)
    .where('done_at', 'is', null)
    .where((w) => w.or([w('leased_until', 'is', null), w('leased_until', '<=', now)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface ClaimOptions {
  now: Date;
  workerId: string;
  /** Only these kinds: an instance never takes a job it has no handler for (rolling upgrades). */
  kinds: readonly string[];
  batch: number;
  leaseMs: number;
}

/**
 * Leases up to `batch` due jobs to `workerId` until now + leaseMs. FOR UPDATE SKIP LOCKED lets
 * instances on one PostgreSQL claim side by side without waiting on or taking each other's rows;
 * a row another claim committed meanwhile is re-checked and, now leased, left out. PGlite has one
 * connection, so its statements run one at a time and the same statement is simply serial.
 */
export async function claimDue(db: Kysely<Database>, options: ClaimOptions): Promise<Job[]> {
  if (options.kinds.length === 0) return [];
  const { now } = options;
  const rows = await db
    .updateTable('job')
    .set({ leased_until: new Date(now.getTime() + options.leaseMs), leased_by: options.workerId, attempts: sql`attempts + 1` })
    .where('job_id', 'in', (eb) =>
      eb
        .selectFrom('job')
        .select('job_id')
        .where('done_at', 'is', null)
        .where('available_at', '<=', now)
        .where((w) => w.or([w('leased_until', 'is', null), w('leased_until', '<=', now)]))
        .where('kind', 'in', options.kinds)
        .orderBy('available_at')
        .orderBy('job_id')
        .limit(options.batch)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['job_id', 'kind', 'key', 'payload', 'run_at', 'attempts'])
    .execute();
  return rows
    .map((row) => ({ id: row.job_id, kind: row.kind, key: row.key, payload: row.payload, runAt: new Date(row.run_at), attempt: row.attempts }))
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/**
 * Marks a job done, if `lease` still holds it. False when the lease ran out and another instance
 * took the job: that delivery is now the one that counts (handlers are idempotent).
 */
export async function complete(db: Kysely<Database>, job: Job, lease: Lease, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ done_at: now, outcome: 'done', leased_until: null, last_error: null })
    .where('job_id', '=', job.id)
    .where('leased_by', '=', lease.workerId)
    .where('attempts', '=', lease.attempt)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A failed delivery: the job is due again after backoffMs(attempt), with the reason kept for operators. */
export async function retryLater(db: Kysely<Database>, job: Job, lease: Lease, now: Date, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ leased_until: null, leased_by: null, available_at: new Date(now.getTime() + backoffMs(lease.attempt)), last_error: reason.slice(0, 500) })
    .where('job_id', '=', job.id)
    .where('leased_by', '=', lease.workerId)
    .where('attempts', '=', lease.attempt)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
