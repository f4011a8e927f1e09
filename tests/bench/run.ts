// `npm run bench`: every benchmark in one go on PostgreSQL, each beside its bare reference measured
// in the same run; rewrites docs/performance.md. Not part of `npm test` (timings vary by machine).
import { createDatabase, dropDatabase } from '../server/support/postgres-admin.ts';
import { postgresUrlFor } from '../server/support/names.ts';
import { seedBench } from '../../scripts/seed-bench.ts';
import { benchDesk, explainDesk } from './desk.bench.ts';
import { benchDraftSaves } from './drafts.bench.ts';
import { benchMasterData } from './master-data.bench.ts';
import { benchPdf } from './pdf.bench.ts';
import { startBare, startPortal } from './processes.ts';
import { writeReport, type BenchRow } from './report.ts';

const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const durationMs = Number(process.env.BENCH_SECONDS || 5) * 1000;
const database = 'suap_bench';

const requestCount = Number(process.env.BENCH_REQUESTS || 1_000_000);

async function prepareDatabase(): Promise<string> {
  await dropDatabase(adminUrl, database);
  await createDatabase(adminUrl, database);
  const url = postgresUrlFor(adminUrl, database);
  console.log(`› seeding ${requestCount.toLocaleString('en')} requests`);
  await seedBench(url, requestCount);
  return url;
}

const url = await prepareDatabase();
const bare = await startBare({ BARE_DATABASE_URL: url });
const portal = await startPortal(url, { IPA_CODE: 'suap_bench' });
const rows: BenchRow[] = [];
let plans: { name: string; plans: string[] }[] = [];
try {
  console.log('› master data');
  rows.push(...(await benchMasterData(portal, bare, durationMs)));
  console.log('› request desk');
  rows.push(...(await benchDesk(portal, bare, durationMs)));
  plans = await explainDesk(url);
  console.log('› draft saves');
  rows.push(...(await benchDraftSaves(portal, bare, durationMs)));
  console.log('› PDF recap');
  rows.push(...(await benchPdf(portal, durationMs)));
} finally {
  await portal.stop();
  await bare.stop();
}
const seqScans = plans.filter((p) => p.plans.some((plan) => /Seq Scan on requests/.test(plan)));
for (const r of rows) console.log(`${r.suite} | ${r.name}: ${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms, ${r.errors} errors`);
await writeReport('docs/performance.md', rows, [
  `Each case ran ${durationMs / 1000} s after a 1 s warm-up. Database: PostgreSQL at ${new URL(adminUrl).host}, freshly seeded with ${requestCount.toLocaleString('en')} requests (\`scripts/seed-bench.ts\`).`,
  'The load generator shares the machine with the servers, so absolute figures are lower than on separate hosts; the ratios are what the targets judge.',
  '',
  '## Query plans of the request desk',
  '',
  seqScans.length === 0 ? 'No plan scans the requests table sequentially.' : `Sequential scans over requests in: ${seqScans.map((p) => p.name).join(', ')}.`,
  '',
  ...plans.flatMap((p) => [`### ${p.name}`, '', ...p.plans.map((plan) => ['```', plan, '```', ''].join('\n'))]),
]);
console.log('› wrote docs/performance.md');
