// The job queue for time-driven events on pg-boss (docs/architecture.md "Time-driven work (the job
// queue)"): a job is delivered at its time and not a millisecond before, once per key, again after
// its handler throws or its instance dies holding it, and never to two instances at once. Two
// instances are two pg-boss instances on one database: two connection pools on PostgreSQL, two
// adapters on PGlite's one connection. One TestClock moves pg-boss's timers, the database's
// job_now() and the portal's now(); nothing sleeps.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TestClock } from 'pg-boss';
import type { DatabaseHandle } from '#server/db/database.ts';
import { QUEUE_OPTIONS, startJobs, type Job, type Jobs, type JobsOptions } from '#server/services/jobs/queue.ts';
import { testDatabases } from './support/databases.ts';
import { uniqueDatabaseName } from './support/names.ts';

const T = new Date('2030-03-01T09:00:00.000Z');
const at = (ms: number) => new Date(T.getTime() + ms);
const KIND = 'deadline';
const EXPIRE_MS = QUEUE_OPTIONS.expireInSeconds! * 1000;

/** A promise the test opens by hand, and one that tells when a handler got there. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  return { open, opened, reached, arrived };
}

describe.each(testDatabases())('job queue (pg-boss) on $kind', ({ kind, open }) => {
  let handle: DatabaseHandle;
  let clock: TestClock;
  let running: Jobs[] = [];
  // A schema per test: each starts from an empty queue, and every one is dropped.
  let schema: string;
  const schemas: string[] = [];

  const start = async (options: Partial<JobsOptions> = {}) => {
    const jobs = await startJobs(handle, { clock, schema, kinds: [KIND], supervise: false, pollingIntervalSeconds: 1, ...options });
    running.push(jobs);
    return jobs;
  };
  const states = async (jobs: Jobs, key: string) => (await jobs.boss.findJobs(KIND, { key })).map((job) => job.state);

  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    for (const name of schemas) await sql`DROP SCHEMA IF EXISTS ${sql.id(name)} CASCADE`.execute(handle.db);
    const left = await sql<{ name: string }>`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'pgboss_test%'`.execute(handle.db);
    expect(left.rows).toEqual([]);
    await handle.close();
  });
  beforeEach(() => {
    clock = new TestClock(at(-600_000));
    schema = uniqueDatabaseName('pgboss_test');
    schemas.push(schema);
  });
  afterEach(async () => {
    await Promise.all(running.map((jobs) => jobs.stop()));
    running = [];
  });

  it('delivers a job at its time, not a millisecond before, and once; the portal reads the same clock', async () => {
    const jobs = await start();
    expect(await jobs.schedule(KIND, { pratica: 7 }, T, 'pratica:7:deadline')).toBe(true);
    const seen: Job[] = [];
    const handlers = { [KIND]: async (job: Job) => void seen.push(job) };
    await clock.setTime(at(-1));
    expect(jobs.now()).toEqual(at(-1));
    expect(await jobs.runDue(handlers)).toEqual({ done: 0, failed: 0 });
    await clock.setTime(T);
    expect(await jobs.runDue(handlers)).toEqual({ done: 1, failed: 0 });
    expect(seen).toEqual([{ id: expect.any(String), kind: KIND, key: 'pratica:7:deadline', payload: { pratica: 7 }, runAt: T, attempt: 1 }]);
    await clock.setTime(at(10 * EXPIRE_MS));
    await jobs.supervise();
    expect(await jobs.runDue(handlers)).toEqual({ done: 0, failed: 0 });
    expect(seen).toHaveLength(1);
    expect(await states(jobs, 'pratica:7:deadline')).toEqual(['completed']);
  });

  it('polls on its own as the clock moves: work() runs the job when it falls due', async () => {
    const jobs = await start();
    await jobs.schedule(KIND, { pratica: 8 }, T, 'pratica:8:deadline');
    const seen: Job[] = [];
    await jobs.work(KIND, async (job) => void seen.push(job));
    await clock.setTime(at(-2000));
    await clock.tick(1000);
    expect(seen).toEqual([]);
    await clock.tick(2000);
    await clock.tick(1000);
    expect(seen).toMatchObject([{ key: 'pratica:8:deadline', payload: { pratica: 8 }, runAt: T, attempt: 1 }]);
    await jobs.stop();
    running = running.filter((j) => j !== jobs);
    const again = await start();
    expect(await states(again, 'pratica:8:deadline')).toEqual(['completed']);
  });

  it('keeps one job for one key: scheduled twice, and from two instances at once; free again once it ran', async () => {
    const first = await start();
    const second = await start();
    const twice = await Promise.all([
      first.schedule(KIND, { from: 'first' }, T, 'pratica:9:deadline'),
      second.schedule(KIND, { from: 'second' }, at(1000), 'pratica:9:deadline'),
    ]);
    expect(twice.filter(Boolean)).toHaveLength(1);
    expect(await first.schedule(KIND, { from: 'later' }, at(5000), 'pratica:9:deadline')).toBe(false);
    expect(await states(first, 'pratica:9:deadline')).toEqual(['created']);
    const seen: Job[] = [];
    await clock.setTime(at(5000));
    expect(await second.runDue({ [KIND]: async (job) => void seen.push(job) })).toEqual({ done: 1, failed: 0 });
    expect(['first', 'second']).toContain((seen[0]!.payload as { from: string }).from);
    // Once it ran, the key names a new round of the event.
    expect(await first.schedule(KIND, { from: 'after' }, at(6000), 'pratica:9:deadline')).toBe(true);
  });

  it('schedules a batch with the same rule per key: a key already waiting keeps its job, a second batch adds nothing', async () => {
    const first = await start();
    const second = await start();
    expect(await first.schedule(KIND, { from: 'single' }, T, 'pratica:20:deadline')).toBe(true);
    // More than one statement's worth (a thousand), with a key a single schedule already holds.
    const batch = Array.from({ length: 1500 }, (_, i) => ({ payload: { from: 'batch', i }, runAt: at(i), key: `pratica:${20 + i}:deadline` }));
    const both = await Promise.all([first.scheduleMany(KIND, batch), second.scheduleMany(KIND, batch)]);
    expect(both[0] + both[1]).toBe(1499);
    expect(await first.scheduleMany(KIND, batch)).toBe(0);
    await expect(first.scheduleMany(KIND, [{ payload: {}, runAt: new Date(Number.NaN), key: 'pratica:1:bad' }])).rejects.toThrow('valid time');
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(schema, 'job')} WHERE name = ${KIND}`.execute(handle.db);
    expect(count.rows).toEqual([{ n: 1500 }]);
    const seen: Job[] = [];
    await clock.setTime(at(1));
    expect(await second.runDue({ [KIND]: async (job) => void seen.push(job) })).toEqual({ done: 2, failed: 0 });
    expect(seen.map(({ key, payload, runAt, attempt }) => ({ key, payload, runAt, attempt }))).toEqual([
      { key: 'pratica:20:deadline', payload: { from: 'single' }, runAt: T, attempt: 1 },
      { key: 'pratica:21:deadline', payload: { from: 'batch', i: 1 }, runAt: at(1), attempt: 1 },
    ]);
  });

  it('schedules nothing when the transaction that scheduled it rolls back, or when the job is malformed', async () => {
    const jobs = await start();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await jobs.schedule(KIND, {}, T, 'pratica:10:deadline', trx);
        throw new Error('the change that called for it failed');
      }),
    ).rejects.toThrow('the change that called for it failed');
    await handle.db.transaction().execute(async (trx) => {
      expect(await jobs.schedule(KIND, {}, T, 'pratica:10:committed', trx)).toBe(true);
    });
    await expect(jobs.schedule(KIND, {}, new Date(Number.NaN), 'pratica:10:bad-time')).rejects.toThrow('valid time');
    await expect(jobs.schedule(KIND, {}, T, ' ')).rejects.toThrow('a kind and a key');
    const stored = await jobs.boss.findJobs(KIND);
    expect(stored.map((job) => job.singletonKey)).toEqual(['pratica:10:committed']);
  });

  it('tries a job whose handler threw again after the retry delay, keeping its time and leaving the reason out of the log', async () => {
    const logged: object[] = [];
    const jobs = await start({ log: { warn: (obj, msg) => void logged.push({ obj, msg }) } });
    await jobs.schedule(KIND, { pratica: 11 }, T, 'pratica:11:deadline');
    const seen: Job[] = [];
    const handlers = {
      [KIND]: async (job: Job) => {
        seen.push(job);
        if (job.attempt === 1) throw new Error('register down for RSSMRA80A01H501U');
      },
    };
    await clock.setTime(T);
    expect(await jobs.runDue(handlers)).toEqual({ done: 0, failed: 1 });
    const [waiting] = await jobs.boss.findJobs(KIND, { key: 'pratica:11:deadline' });
    expect(waiting).toMatchObject({ state: 'retry' });
    expect(waiting!.startAfter.getTime()).toBeGreaterThan(T.getTime());
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('RSSMRA80A01H501U');
    await clock.setTime(new Date(waiting!.startAfter.getTime() - 1));
    expect(await jobs.runDue(handlers)).toEqual({ done: 0, failed: 0 });
    // The database keeps microseconds; the Date read back has milliseconds.
    await clock.setTime(new Date(waiting!.startAfter.getTime() + 1));
    expect(await jobs.runDue(handlers)).toEqual({ done: 1, failed: 0 });
    expect(seen.map((job) => [job.attempt, job.runAt])).toEqual([
      [1, T],
      [2, T],
    ]);
    expect(await states(jobs, 'pratica:11:deadline')).toEqual(['completed']);
  });

  it('never hands a job one instance is running to another', async () => {
    const first = await start();
    const second = await start();
    await first.schedule(KIND, { pratica: 12 }, T, 'pratica:12:deadline');
    await clock.setTime(T);
    const held = gate();
    const firstRun = first.runDue({
      [KIND]: async () => {
        held.reached();
        await held.opened;
      },
    });
    await held.arrived;
    let secondRuns = 0;
    await clock.setTime(at(EXPIRE_MS - 1000));
    await second.supervise();
    expect(await second.runDue({ [KIND]: async () => void secondRuns++ })).toEqual({ done: 0, failed: 0 });
    held.open();
    expect(await firstRun).toEqual({ done: 1, failed: 0 });
    await clock.setTime(at(10 * EXPIRE_MS));
    await second.supervise();
    expect(await second.runDue({ [KIND]: async () => void secondRuns++ })).toEqual({ done: 0, failed: 0 });
    expect(secondRuns).toBe(0);
  });

  it('runs every due job exactly once across two instances fetching at once', async () => {
    const first = await start();
    const second = await start();
    const keys = Array.from({ length: 40 }, (_, i) => `pratica:${100 + i}:deadline`);
    for (const key of keys) await first.schedule(KIND, {}, T, key);
    const runs = new Map<string, number>();
    const inFlight = new Set<string>();
    let overlaps = 0;
    const handler = async (job: Job) => {
      if (inFlight.has(job.key)) overlaps++;
      inFlight.add(job.key);
      runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
      // A round trip of its own, so the other instance's fetches interleave with this handler.
      await sql`SELECT 1`.execute(handle.db);
      inFlight.delete(job.key);
    };
    await clock.setTime(T);
    const [a, b] = await Promise.all([first.runDue({ [KIND]: handler }), second.runDue({ [KIND]: handler })]);
    expect(overlaps).toBe(0);
    expect([...runs.keys()].sort()).toEqual([...keys].sort());
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(a.done + b.done).toBe(keys.length);
    expect(a.failed + b.failed).toBe(0);
  });

  it('delivers again a job whose instance died holding it, once it expired', async () => {
    const first = await start();
    const survivor = await start();
    await first.schedule(KIND, { pratica: 13 }, T, 'pratica:13:deadline');
    await clock.setTime(T);
    // The first instance takes the job and dies before finishing it.
    const [taken] = await first.boss.fetch(KIND);
    expect(taken).toBeDefined();
    const seen: Job[] = [];
    const handlers = { [KIND]: async (job: Job) => void seen.push(job) };
    await clock.setTime(at(EXPIRE_MS - 1000));
    await survivor.supervise();
    expect(await survivor.runDue(handlers)).toEqual({ done: 0, failed: 0 });
    // pg-boss's maintenance looks for expired jobs at most once a minute (monitorIntervalSeconds).
    await clock.setTime(at(EXPIRE_MS + 60_000));
    await survivor.supervise();
    expect(await states(survivor, 'pratica:13:deadline')).toEqual(['retry']);
    // Expiration counts as a failed attempt, so the job is due again after the retry delay.
    await clock.setTime(at(EXPIRE_MS + 3_600_000));
    expect(await survivor.runDue(handlers)).toEqual({ done: 1, failed: 0 });
    expect(seen).toMatchObject([{ key: 'pratica:13:deadline', payload: { pratica: 13 }, attempt: 2, runAt: T }]);
    // Should the first instance come back, its attempt no longer counts.
    const late = (await first.boss.complete(KIND, { id: taken!.id, retryCount: taken!.retryCount })) as { affected: number };
    expect(late.affected).toBe(0);
    expect(await states(first, 'pratica:13:deadline')).toEqual(['completed']);
  });

  it('cancels a job that has not run: it is not delivered', async () => {
    const first = await start();
    const second = await start();
    await first.schedule(KIND, {}, T, 'pratica:14:deadline');
    expect(await second.cancel(KIND, 'pratica:14:deadline')).toBe(true);
    expect(await second.cancel(KIND, 'pratica:14:deadline')).toBe(false);
    await clock.setTime(at(EXPIRE_MS));
    let runs = 0;
    expect(await first.runDue({ [KIND]: async () => void runs++ })).toEqual({ done: 0, failed: 0 });
    expect(runs).toBe(0);
    expect(await states(first, 'pratica:14:deadline')).toEqual(['cancelled']);
  });

  it('stop() waits for the job in hand to be marked done', async () => {
    const jobs = await start();
    await jobs.schedule(KIND, {}, T, 'pratica:15:deadline');
    const held = gate();
    await jobs.work(KIND, async () => {
      held.reached();
      await held.opened;
    });
    await clock.setTime(T);
    await clock.tick(1000);
    await held.arrived;
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await sql`SELECT 1`.execute(handle.db);
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    running = running.filter((j) => j !== jobs);
    // Read at once, from the portal's own connection: marked done before stop() resolved.
    const row = await sql<{ state: string }>`SELECT state FROM ${sql.id(schema, 'job')} WHERE singleton_key = 'pratica:15:deadline'`.execute(handle.db);
    expect(row.rows).toEqual([{ state: 'completed' }]);
  });
});

// PGlite has one connection: Kysely's transactions take it whole (pglite.transaction()), and pg-boss's
// adapter sends each of its statements, and each BEGIN…COMMIT block of its own, as one query() or
// exec(), which waits for that lock. So neither lands inside the other.
describe('job queue (pg-boss) sharing PGlite with Kysely', () => {
  let handle: DatabaseHandle;
  let jobs: Jobs;
  const pglite = testDatabases().find((database) => database.kind === 'pglite')!;

  beforeAll(async () => {
    handle = await pglite.open();
    jobs = await startJobs(handle, { clock: new TestClock(at(-600_000)), schema: uniqueDatabaseName('pgboss_test'), kinds: [KIND], supervise: false });
  });
  afterAll(async () => {
    await jobs.stop();
    await handle.close();
  });

  const states = async (key: string) => (await jobs.boss.findJobs(KIND, { key })).map((job) => job.state);

  it.each([
    ['rolls back', true],
    ['commits', false],
  ] as const)('a Kysely transaction that %s and pg-boss statements sent while it is open each stay whole', async (_, rollBack) => {
    await sql`CREATE TABLE interleave_probe (note text NOT NULL)`.execute(handle.db);
    const gateway = gate();
    let sendsSettledInside: boolean | null = null;
    let sendsSettled = false;
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO interleave_probe VALUES ('first')`.execute(trx);
      gateway.reached();
      await gateway.opened;
      // Round trips of the transaction's own while pg-boss's statements wait for PGlite's lock.
      await sql`INSERT INTO interleave_probe VALUES ('second')`.execute(trx);
      await sql`SELECT count(*) FROM interleave_probe`.execute(trx);
      sendsSettledInside = sendsSettled;
      if (rollBack) throw new Error('rolled back');
    });
    await gateway.arrived;
    const keys = Array.from({ length: 10 }, (_, i) => `pratica:${(rollBack ? 300 : 400) + i}:deadline`);
    // Sends, and a queue created in a BEGIN…COMMIT block of pg-boss's own, issued while the transaction is open.
    const sends = Promise.all([...keys.map((key) => jobs.schedule(KIND, {}, T, key)), jobs.boss.createQueue(`other-${rollBack}`)]).then((results) => {
      sendsSettled = true;
      return results;
    });
    gateway.open();
    if (rollBack) await expect(transaction).rejects.toThrow('rolled back');
    else await transaction;
    expect(sendsSettledInside).toBe(false);
    expect((await sends).slice(0, keys.length)).toEqual(keys.map(() => true));
    const probe = await sql<{ note: string }>`SELECT note FROM interleave_probe ORDER BY note`.execute(handle.db);
    expect(probe.rows.map((row) => row.note)).toEqual(rollBack ? [] : ['first', 'second']);
    for (const key of keys) expect(await states(key)).toEqual(['created']);
    expect(await jobs.boss.getQueue(`other-${rollBack}`)).toMatchObject({ name: `other-${rollBack}` });
    await sql`DROP TABLE interleave_probe`.execute(handle.db);
  });
});
