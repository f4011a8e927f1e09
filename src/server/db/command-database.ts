// The database for the project's own commands (imports, recovery): a PostgreSQL server is shared
// as usual; the embedded one is opened only when no portal holds it, under the same single-writer
// lock, so a command never writes beside a running portal (docs/deployment.md, "One process per data
// folder").
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** Opens and migrates the configured database for `command`; close() also releases the lock. */
export async function openDatabaseForCommand(config: Config, command: string): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: null, poolSize: 2 });
    await migrateToLatest(handle.db);
    return handle;
  }
  const lock = await lockDataDir(config.dataDir, command, (error) => {
    console.error(`Stopping: the lock on DATA_DIR (${config.dataDir}) was lost (${error.message}).`);
    process.exit(1);
  });
  try {
    const handle = await openDatabase({ databaseUrl: null, pgliteDir: path.join(config.dataDir, 'pglite') });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * Runs a command's body against the configured database and exits: 0 when it is done, 1 with one
 * sentence when the configuration is wrong or a portal holds the embedded database.
 */
export async function runDatabaseCommand(command: string, body: (database: DatabaseHandle, config: Config) => Promise<void>): Promise<void> {
  let database: DatabaseHandle;
  let config: Config;
  try {
    config = loadConfig();
    database = await openDatabaseForCommand(config, command);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(`Cannot run ${command}: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  try {
    await body(database, config);
  } finally {
    await database.close();
  }
}
