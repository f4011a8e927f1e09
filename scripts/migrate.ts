// Brings the configured database to the latest migration and exits: the migration step of a
// deployment (the Helm chart's job, docs/deployment.md "Containers"), run before new instances
// start so they find nothing left to apply. It reads the portal's own configuration; the embedded
// database is opened only while no portal runs on it.
import { runDatabaseCommand } from '#server/db/command-database.ts';

await runDatabaseCommand('node scripts/migrate.ts', async (database) => {
  console.log(`The ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database is at the latest migration.`);
});
