// `npm run bench`: every benchmark in one go on PostgreSQL, each beside its bare reference measured
// in the same run; rewrites docs/performance.md. Not part of `npm test` (timings vary by machine).
import { createDatabase, dropDatabase } from '../server/support/postgres-admin.ts';
import { postgresUrlFor } from '../server/support/names.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seedDatabase } from '../../src/server/db/seed/index.ts';
import { benchMasterData } from './master-data.bench.ts';
import { startBare, startPortal } from './processes.ts';
import { writeReport, type BenchRow } from './report.ts';

const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const durationMs = Number(process.env.BENCH_SECONDS || 5) * 1000;
const database = 'suap_bench';

async function prepareDatabase(): Promise<string> {
  await dropDatabase(adminUrl, database);
  await createDatabase(adminUrl, database);
  const url = postgresUrlFor(adminUrl, database);
  const handle = await openDatabase({ databaseUrl: url, pgliteDir: null, poolSize: 2 });
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db, { ipaCode: 'suap_bench' });
  await handle.close();
  return url;
}

const url = await prepareDatabase();
const bare = await startBare();
const portal = await startPortal(url);
const rows: BenchRow[] = [];
try {
  console.log('› master data');
  rows.push(...(await benchMasterData(portal, bare, durationMs)));
} finally {
  await portal.stop();
  await bare.stop();
}
for (const r of rows) console.log(`${r.suite} | ${r.name}: ${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms, ${r.errors} errors`);
await writeReport('docs/performance.md', rows, [
  `Each case ran ${durationMs / 1000} s after a 1 s warm-up. Database: PostgreSQL at ${new URL(adminUrl).host}, freshly seeded.`,
]);
console.log('› wrote docs/performance.md');
