// Starts the portal: configuration, database (migrated and seeded), the job queue and the pratica's
// clock on it, HTTP server, graceful stop.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirError, prepareDataDir } from './data-dir.ts';
import { type DataDirLock, DataDirInUseError, lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureBootstrapAdmin } from './db/seed/bootstrap-admin.ts';
import { seedDatabase } from './db/seed/index.ts';
import path from 'node:path';
import { startBackgroundJobs } from './services/background.ts';
import { startJobs, type Jobs } from './services/jobs/queue.ts';
import { CLOCK_JOB_KINDS, clockHandlers, scheduleOpenPratiche } from './services/pratica/clock-events.ts';
import { emlFolderTransport, smtpTransport } from './services/notifications/transports.ts';

function fail(sentence: string): never {
  console.error(`Cannot start the portal: ${sentence}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const started = Date.now();
  let madePrivate = 0;
  let lock: DataDirLock | null = null;
  try {
    madePrivate = prepareDataDir(config.dataDir);
    // One writer per embedded database (docs/deployment.md, "One process per data folder").
    if (!config.databaseUrl) {
      // Named as the operator started it, so a second process is told what holds the folder.
      const holder = process.env.npm_lifecycle_event ? `npm run ${process.env.npm_lifecycle_event}` : 'node scripts/serve.ts';
      lock = await lockDataDir(config.dataDir, holder, (error) => {
        console.error(
          `Stopping at once: the lock on DATA_DIR (${config.dataDir}) was taken away (${error.message}); another process may be writing the embedded database.`,
        );
        process.exit(1);
      });
    }
  } catch (error) {
    if (error instanceof DataDirError || error instanceof DataDirInUseError) fail(error.message);
    throw error;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize: config.databasePoolSize });
    await database.ping();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    fail(
      config.databaseUrl
        ? `the database named by DATABASE_URL does not answer (${reason}).`
        : `the embedded database in DATA_DIR (${config.dataDir}) cannot be opened (${reason}).`,
    );
  }
  await migrateToLatest(database.db);
  // Demo people exist only where the embedded provider lets anyone sign in as them.
  const seeded = await seedDatabase(database.db, { ipaCode: config.ipaCode, retentionDays: config.draftRetentionDays, demo: config.oidc.embedded });
  const bootstrapped = await ensureBootstrapAdmin(database.db, config.bootstrapAdmin);

  // The job queue for time-driven events (docs/architecture.md "Time-driven work (the job queue)"):
  // pg-boss on this database, on the embedded one too (same PGlite instance, same process); its
  // failures are logged by the app's logger once there is one (start-up failures throw instead).
  let app: FastifyInstance | undefined;
  let jobs: Jobs;
  try {
    jobs = await startJobs(database, { kinds: CLOCK_JOB_KINDS, log: { warn: (obj, msg) => app?.log.warn(obj, msg) } });
  } catch (error) {
    await database.close();
    await lock?.release();
    fail(`the job queue cannot start on the database (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`);
  }

  app = await buildApp({ config, database, jobs });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await jobs.stop();
    await database.close();
    await lock?.release();
    if (code === 'EADDRINUSE') fail(`PORT ${config.port} is already in use; stop the other program or set PORT to a free port.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fail(`HOST ${config.host} is not an address of this machine.`);
    if (code === 'EACCES') fail(`PORT ${config.port} needs privileges this user does not have; choose a PORT above 1023.`);
    throw error;
  }
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : emlFolderTransport(path.join(config.dataDir, 'outbox'), config.mailFrom);
  const background = startBackgroundJobs(
    database.db,
    transport,
    app.log,
    undefined,
    (requestId) => app.officeRecapOf(requestId),
    { retentionDays: config.retention.auditDays },
    {
      retention: { ...config.retention, draftRetentionDays: config.draftRetentionDays, portalUrl: config.baseUrl },
      dependencies: app.dependencies,
    },
  );
  // The pratica's clock: this instance delivers its events as they fall due, and schedules those of
  // open pratiche that have none (sent before the queue, or lost) in the background, so a large
  // office starts as fast as a small one; every instance may, as keys keep one job each.
  for (const [kind, handler] of Object.entries(clockHandlers(database.db, app.praticaDeps, app.log))) await jobs.work(kind, handler);
  const log = app.log;
  const caughtUp = scheduleOpenPratiche(database.db, jobs).then(
    (added) => added > 0 && log.info(`The clock scheduled the next deadline of ${added} open pratiche that had none.`),
    (error: Error) => log.warn({ err: { name: error.name } }, 'The clock could not schedule the deadlines of open pratiche; the next start tries again.'),
  );
  if (!config.smtpUrl) app.log.info(`Notifications are written as .eml files to ${path.join(config.dataDir, 'outbox')} (set SMTP_URL to send them).`);
  if (config.oidc.embedded) {
    // Loud on purpose: anyone can sign in as any demo person, administrators included.
    app.log.warn(
      `EMBEDDED DEVELOPMENT IDENTITY PROVIDER IS ON at ${config.oidc.issuer}: anyone can sign in as any demo person. Never expose this to the public; set OIDC_ISSUER for a real identity provider.`,
    );
  }
  if (madePrivate > 0) app.log.warn(`${madePrivate} files and folders in DATA_DIR were readable by other users and have been made private.`);
  if (bootstrapped) app.log.info('The first back-office administrator (BOOTSTRAP_ADMIN_FISCAL_CODE) was created.');
  if (!config.oidc.embedded && !config.bootstrapAdmin) {
    app.log.warn('No BOOTSTRAP_ADMIN_FISCAL_CODE: unless an administrator exists already, nobody can sign in to the back office.');
  }
  app.log.info(`Portal ready at ${config.baseUrl} (${database.kind}${seeded ? ', seeded' : ''}, ${config.mode}) in ${Date.now() - started} ms`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests`);
    await app.close();
    await background.stop();
    // The clock's jobs in hand finish (and are marked done) before the database closes.
    await caughtUp;
    await jobs.stop();
    await database.close();
    await lock?.release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

await main();
