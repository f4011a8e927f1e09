// Before `npm start` builds the SPA: refuses, with the portal's own sentence, when another portal
// holds the embedded database of DATA_DIR, so the build never replaces the files it serves
// (docs/deployment.md, "One process per data folder").
import { ConfigError, loadConfig } from '#server/config.ts';
import { assertDataDirFree, DataDirInUseError } from '#server/db/data-dir-lock.ts';

try {
  const config = loadConfig();
  if (!config.databaseUrl) await assertDataDirFree(config.dataDir);
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(`Cannot start the portal: ${error.message}`);
    process.exit(1);
  }
  // A wrong variable is reported by the portal itself once it starts, in its own words.
  if (!(error instanceof ConfigError)) throw error;
}
