// The job queue for time-driven events (docs/architecture.md "Time-driven work (the job queue)"):
// a job is delivered at its time and not a millisecond before, once per key, again after its
// handler throws or its instance dies holding it, and never to two instances at once. Two
// instances are two connection pools on one PostgreSQL database, or two workers on PGlite's single
// connection. The clock is moved, never waited for.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { backoffMs, cancel, claimDue, complete, enqueue, MAX_BACKOFF_MS, type Job } from '#server/services/jobs/queue.ts';
import { startJobWorker, type JobHandler, type JobWorker, type JobWorkerOptions } from '#server/services/jobs/worker.ts';
import { testDatabases } from './support/databases.ts';
import { postgresUrlFor, uniqueDatabaseName } from './support/names.ts';
import { createDatabase, dropDatabase } from './support/postgres-admin.ts';

interface Instances {
  first: DatabaseHandle;
  second: DatabaseHandle;
  close(): Promise<void>;
}

/** Two instances on one database: two pools on PostgreSQL; on PGlite, whose one connection an instance owns, the same handle. */
async function openInstances(kind: 'pglite' | 'postgres', open: () => Promise<DatabaseHandle>): Promise<Instances> {
  if (kind === 'pglite') {
    const handle = await open();
    return { first: handle, second: handle, close: () => handle.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = uniqueDatabaseName('suap_jobs');
  await createDatabase(baseUrl, name, inject('postgresTemplate')!);
  const url = postgresUrlFor(baseUrl, name);
  const [first, second] = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url, pgliteDir: null, poolSize: 5 })));
  return {
    first: first!,
    second: second!,
    close: async () => {
      await Promise.all([first!.close(), second!.close()]);
      await dropDatabase(baseUrl, name);
    },
  };
}

const T = new Date('2030-03-01T09:00:00.000Z');
const at = (ms: number) => new Date(T.getTime() + ms);
const LEASE_MS = 60_000;

describe.each(testDatabases())('job queue on $kind', ({ kind, open }) => {
  let instances: Instances;
  let time: Date;
  const now = () => time;
  let workers: JobWorker[] = [];
  // Polls only when a test drains, so each step happens at the time the test set.
  const start = (handle: DatabaseHandle, handlers: Record<string, JobHandler>, options: JobWorkerOptions = {}) => {
    const worker = startJobWorker(handle.db, handlers, { now, pollMs: 3_600_000, leaseMs: LEASE_MS, ...options });
    workers.push(worker);
    return worker;
  };
  const row = (key: string) => instances.first.db.selectFrom('job').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

  beforeAll(async () => {
    instances = await openInstances(kind, open);
  });
  afterAll(async () => {
    await instances.close();
  });
  beforeEach(async () => {
    time = at(-600_000);
    await instances.first.db.deleteFrom('job').execute();
  });
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
  });

  it('delivers a job at its time, not a millisecond before, and once', async () => {
    expect(await enqueue(instances.first.db, 'deadline', { pratica: 7 }, T, 'pratica:7:deadline')).toBe(true);
    const seen: Job[] = [];
    const worker = start(instances.second, { deadline: async (job) => void seen.push(job) });
    time = at(-1);
    expect(await worker.drain()).toEqual({ done: 0, failed: 0 });
    expect(seen).toEqual([]);
    time = T;
    expect(await worker.drain()).toEqual({ done: 1, failed: 0 });
    expect(seen).toEqual([{ id: expect.any(Number), kind: 'deadline', key: 'pratica:7:deadline', payload: { pratica: 7 }, runAt: T, attempt: 1 }]);
    time = at(10 * LEASE_MS);
    expect(await worker.drain()).toEqual({ done: 0, failed: 0 });
    expect(seen).toHaveLength(1);
    expect(await row('pratica:7:deadline')).toMatchObject({ outcome: 'done', done_at: T, leased_until: null });
  });

  it('schedules one job for one key: from two instances at once, again later, or after it ran', async () => {
    const twice = await Promise.all([
      enqueue(instances.first.db, 'deadline', { from: 'first' }, T, 'pratica:8:deadline'),
      enqueue(instances.second.db, 'deadline', { from: 'second' }, at(1000), 'pratica:8:deadline'),
    ]);
    expect(twice.filter(Boolean)).toHaveLength(1);
    expect(await enqueue(instances.first.db, 'deadline', { from: 'later' }, at(5000), 'pratica:8:deadline')).toBe(false);
    const seen: Job[] = [];
    const worker = start(instances.first, { deadline: async (job) => void seen.push(job) });
    time = at(5000);
    expect(await worker.drain()).toEqual({ done: 1, failed: 0 });
    expect(seen).toHaveLength(1);
    expect(['first', 'second']).toContain((seen[0]!.payload as { from: string }).from);
    expect(await enqueue(instances.second.db, 'deadline', { from: 'after' }, at(6000), 'pratica:8:deadline')).toBe(false);
    expect(await worker.drain()).toEqual({ done: 0, failed: 0 });
    const rows = await instances.first.db.selectFrom('job').select('key').execute();
    expect(rows).toEqual([{ key: 'pratica:8:deadline' }]);
  });

  it('schedules nothing when the transaction that scheduled it rolls back, or when the job is malformed', async () => {
    await expect(
      instances.first.db.transaction().execute(async (trx) => {
        await enqueue(trx, 'deadline', {}, T, 'pratica:9:deadline');
        throw new Error('the change that called for it failed');
      }),
    ).rejects.toThrow('the change that called for it failed');
    await expect(enqueue(instances.first.db, 'deadline', {}, new Date(Number.NaN), 'pratica:9:bad-time')).rejects.toThrow('valid time');
    await expect(enqueue(instances.first.db, 'deadline', {}, T, ' ')).rejects.toThrow('a kind and a key');
    await expect(enqueue(instances.first.db, '', {}, T, 'pratica:9:no-kind')).rejects.toThrow('a kind and a key');
    expect(await instances.first.db.selectFrom('job').select('key').execute()).toEqual([]);
  });

  it('tries a job whose handler threw again after the backoff, keeping its time and leaving the reason out of the log', async () => {
    await enqueue(instances.first.db, 'deadline', { pratica: 10 }, T, 'pratica:10:deadline');
    const seen: Job[] = [];
    const logged: object[] = [];
    const worker = start(
      instances.first,
      {
        deadline: async (job) => {
          seen.push(job);
          if (job.attempt === 1) throw new Error('register down for RSSMRA80A01H501U');
        },
      },
      { log: { warn: (obj, msg) => void logged.push({ obj, msg }) } },
    );
    time = T;
    expect(await worker.drain()).toEqual({ done: 0, failed: 1 });
    const retry = at(backoffMs(1));
    expect(await row('pratica:10:deadline')).toMatchObject({
      done_at: null,
      leased_until: null,
      attempts: 1,
      available_at: retry,
      last_error: 'register down for RSSMRA80A01H501U',
    });
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('RSSMRA80A01H501U');
    time = new Date(retry.getTime() - 1);
    expect(await worker.drain()).toEqual({ done: 0, failed: 0 });
    time = retry;
    expect(await worker.drain()).toEqual({ done: 1, failed: 0 });
    expect(seen.map((job) => [job.attempt, job.runAt])).toEqual([
      [1, T],
      [2, T],
    ]);
    expect(await row('pratica:10:deadline')).toMatchObject({ outcome: 'done', attempts: 2, last_error: null });
  });

  it('backs off longer after each failure, up to an hour', () => {
    const waits = [1, 2, 3, 4, 30].map(backoffMs);
    expect(waits[0]).toBeGreaterThan(0);
    for (let i = 1; i < 4; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
    expect(waits[4]).toBe(MAX_BACKOFF_MS);
  });

  it('never hands a job one instance is running to another', async () => {
    await enqueue(instances.first.db, 'deadline', { pratica: 11 }, T, 'pratica:11:deadline');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    time = T;
    const first = start(instances.first, {
      deadline: async () => {
        entered();
        await gate;
      },
    });
    const firstDrain = first.drain();
    await inHandler;
    let secondRuns = 0;
    const second = start(instances.second, { deadline: async () => void secondRuns++ });
    time = at(LEASE_MS - 1);
    expect(await second.drain()).toEqual({ done: 0, failed: 0 });
    expect(secondRuns).toBe(0);
    release();
    await firstDrain;
    time = at(10 * LEASE_MS);
    expect(await second.drain()).toEqual({ done: 0, failed: 0 });
    expect(secondRuns).toBe(0);
    expect(await row('pratica:11:deadline')).toMatchObject({ outcome: 'done', attempts: 1 });
  });

  it('delivers again a job whose instance died holding it, once its lease has run out', async () => {
    await enqueue(instances.first.db, 'deadline', { pratica: 12 }, T, 'pratica:12:deadline');
    // The first instance leases the job and dies before finishing it.
    const [leased] = await claimDue(instances.first.db, { now: T, workerId: 'instance-that-died', kinds: ['deadline'], batch: 10, leaseMs: LEASE_MS });
    expect(leased).toMatchObject({ key: 'pratica:12:deadline', attempt: 1 });
    const seen: Job[] = [];
    const survivor = start(instances.second, { deadline: async (job) => void seen.push(job) });
    time = at(LEASE_MS - 1);
    expect(await survivor.drain()).toEqual({ done: 0, failed: 0 });
    time = at(LEASE_MS);
    expect(await survivor.drain()).toEqual({ done: 1, failed: 0 });
    expect(seen).toMatchObject([{ key: 'pratica:12:deadline', payload: { pratica: 12 }, attempt: 2, runAt: T }]);
    // Should the first instance come back, its lease no longer counts.
    expect(await complete(instances.first.db, leased!, { workerId: 'instance-that-died', attempt: 1 }, at(LEASE_MS + 1))).toBe(false);
    expect(await row('pratica:12:deadline')).toMatchObject({ outcome: 'done', done_at: at(LEASE_MS), leased_by: expect.stringMatching(/^worker-/) });
  });

  it('shares many due jobs between two instances claiming at once, each job to one of them', async () => {
    const keys = Array.from({ length: 60 }, (_, i) => `pratica:${100 + i}:deadline`);
    for (const [i, key] of keys.entries()) await enqueue(instances.first.db, 'deadline', { i }, at(i), key);
    const claims = Array.from({ length: 20 }, (_, i) =>
      claimDue((i % 2 ? instances.second : instances.first).db, { now: at(1000), workerId: `claimer-${i}`, kinds: ['deadline'], batch: 4, leaseMs: LEASE_MS }),
    );
    const claimed = (await Promise.all(claims)).flat().map((job) => job.key);
    expect(claimed).toHaveLength(keys.length);
    expect(new Set(claimed)).toEqual(new Set(keys));
  });

  it('runs every due job exactly once across two polling workers', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `pratica:${200 + i}:deadline`);
    for (const key of keys) await enqueue(instances.first.db, 'deadline', {}, T, key);
    const runs = new Map<string, number>();
    const inFlight = new Set<string>();
    let overlaps = 0;
    const handlerOn =
      (handle: DatabaseHandle): JobHandler =>
      async (job) => {
        if (inFlight.has(job.key)) overlaps++;
        inFlight.add(job.key);
        runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
        // A round trip of its own, so the other worker's claims interleave with this handler.
        await handle.db.selectFrom('job').select('job_id').where('key', '=', job.key).execute();
        inFlight.delete(job.key);
      };
    time = T;
    const a = start(instances.first, { deadline: handlerOn(instances.first) }, { batch: 3 });
    const b = start(instances.second, { deadline: handlerOn(instances.second) }, { batch: 3 });
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(overlaps).toBe(0);
    expect([...runs.keys()].sort()).toEqual([...keys].sort());
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(ra.failed + rb.failed).toBe(0);
    const left = await instances.first.db.selectFrom('job').select('key').where('done_at', 'is', null).execute();
    expect(left).toEqual([]);
  });

  it('leaves a kind it has no handler for to the instances that have one', async () => {
    await enqueue(instances.first.db, 'proceeding-elapsed', { pratica: 13 }, T, 'pratica:13:elapsed');
    time = T;
    const older = start(instances.first, { deadline: async () => {} });
    expect(await older.drain()).toEqual({ done: 0, failed: 0 });
    expect(await row('pratica:13:elapsed')).toMatchObject({ attempts: 0, leased_by: null });
    const seen: Job[] = [];
    const newer = start(instances.second, { 'proceeding-elapsed': async (job) => void seen.push(job) });
    expect(await newer.drain()).toEqual({ done: 1, failed: 0 });
    expect(seen).toMatchObject([{ kind: 'proceeding-elapsed', attempt: 1 }]);
  });

  it('cancels a job that has not run: it is not delivered and its key stays taken', async () => {
    await enqueue(instances.first.db, 'deadline', {}, T, 'pratica:14:deadline');
    expect(await cancel(instances.second.db, 'pratica:14:deadline', at(-1))).toBe(true);
    expect(await cancel(instances.second.db, 'pratica:14:deadline', at(-1))).toBe(false);
    let runs = 0;
    const worker = start(instances.first, { deadline: async () => void runs++ });
    time = at(LEASE_MS);
    expect(await worker.drain()).toEqual({ done: 0, failed: 0 });
    expect(runs).toBe(0);
    expect(await row('pratica:14:deadline')).toMatchObject({ outcome: 'cancelled', done_at: at(-1) });
    expect(await enqueue(instances.first.db, 'deadline', {}, at(LEASE_MS), 'pratica:14:deadline')).toBe(false);
  });

  it('polls on its own, and stop() waits for the job in hand to be marked done', async () => {
    time = T;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const worker = startJobWorker(
      instances.first.db,
      {
        deadline: async () => {
          entered();
          await gate;
        },
      },
      { now, pollMs: 10, leaseMs: LEASE_MS },
    );
    // Scheduled after the worker started: a later poll finds it.
    await enqueue(instances.second.db, 'deadline', {}, T, 'pratica:15:deadline');
    await inHandler;
    const stopped = worker.stop();
    release();
    await stopped;
    expect(await row('pratica:15:deadline')).toMatchObject({ outcome: 'done', done_at: T });
  });
});
