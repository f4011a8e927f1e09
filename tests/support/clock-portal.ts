// A portal in this process whose time a test moves (docs/architecture.md "Time-driven work (the job
// queue)"): what `npm start` runs on a new data folder (the embedded database migrated and seeded
// with the demo, the embedded identity provider, the SPA of `staticDir`, the clock's catch-up and the
// periodic work), but with one pg-boss TestClock as the app's time and the job queue's. A browser
// test signs people in, acts, moves the clock by days and runs what fell due, never waiting.
//
// Identity keeps real time: the embedded provider issues tokens, and the portal checks their expiry,
// on the wall clock (the browser's session timers run on it too), so moving the clock by days or
// months never signs anyone out or in; everything else the app dates (pratiche and their terms, the
// history, the audit log, rate-limit windows, the draft sweep) follows the test's clock.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { TestClock } from 'pg-boss';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';
import { seedDatabase } from '#server/db/seed/index.ts';
import { startBackgroundJobs } from '#server/services/background.ts';
import { startJobs, type DrainReport } from '#server/services/jobs/queue.ts';
import { emlFolderTransport } from '#server/services/notifications/transports.ts';
import { CLOCK_JOB_KINDS, clockHandlers, scheduleOpenPratiche } from '#server/services/pratica/clock-events.ts';
import { freePort } from './server.ts';

export interface PortalClock {
  now(): Date;
  /** Moves to `at`, forwards or back. */
  set(at: Date | string): Promise<void>;
  /** Moves forwards by `ms` milliseconds. */
  advance(ms: number): Promise<void>;
  /** Moves forwards by whole days (24 h each; a day in Rome around a change of hour is 23 or 25). */
  advanceDays(days: number): Promise<void>;
}

export interface ClockPortal {
  baseUrl: string;
  dataDir: string;
  /** The portal's database, for a test to set up what an administration configures (an initiative's regime). */
  db: Kysely<Database>;
  clock: PortalClock;
  /** Runs every clock job due at the clock's time (the queue's own workers are off); answers how many ran. */
  runDueJobs(): Promise<DrainReport>;
  stop(): Promise<void>;
}

export interface ClockPortalOptions {
  /** The built SPA to serve (tests/e2e/global-setup.ts provides `portalDist`); none: the API alone. */
  staticDir?: string;
  /** Where the clock starts; the wall clock's now by default, which is when the demo data is dated. */
  start?: Date;
  /** More settings, as environment variables (docs/deployment.md). */
  env?: Record<string, string>;
}

export async function startClockPortal(options: ClockPortalOptions = {}): Promise<ClockPortal> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-clock-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    STATIC_DIR: options.staticDir ?? '',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
  await migrateToLatest(database.db);
  await seedDatabase(database.db, { ipaCode: config.ipaCode, retentionDays: config.draftRetentionDays, demo: true });

  const testClock = new TestClock(options.start ?? new Date());
  const jobs = await startJobs(database, { clock: testClock, kinds: CLOCK_JOB_KINDS, supervise: false });
  const app = await buildApp({ config, database, jobs, clock: () => testClock.now() });
  await app.listen({ port, host: config.host });
  const handlers = clockHandlers(database.db, app.praticaDeps, app.log);
  // As on every start: the demo's open pratiche get their deadlines.
  await scheduleOpenPratiche(database.db, jobs);
  const now = () => new Date(testClock.now());
  const background = startBackgroundJobs(
    database.db,
    emlFolderTransport(path.join(dataDir, 'outbox'), config.mailFrom),
    app.log,
    undefined,
    (requestId) => app.officeRecapOf(requestId),
    { retentionDays: config.retention.auditDays },
    { retention: { ...config.retention, draftRetentionDays: config.draftRetentionDays, portalUrl: baseUrl }, dependencies: app.dependencies, now },
  );

  return {
    baseUrl,
    dataDir,
    db: database.db,
    clock: {
      now,
      set: (at) => testClock.setTime(new Date(at)),
      advance: (ms) => testClock.setTime(new Date(testClock.now() + ms)),
      advanceDays: (days) => testClock.setTime(new Date(testClock.now() + days * 86_400_000)),
    },
    runDueJobs: () => jobs.runDue(handlers),
    async stop() {
      await app.close();
      await background.stop();
      await jobs.stop();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
