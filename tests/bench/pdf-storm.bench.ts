// A PDF storm must not stall the portal (docs/architecture.md, "PDF rendering"): the p95 of an
// unrelated public call (the region list) measured idle, then again while 50 clients keep asking
// for recaps that were never rendered (each call a first render), in the same run. Target: the
// busy p95 at most 2× the idle one. Before the worker pool, 49 such renders made that call wait
// 23.7 s. Writes its own section of docs/performance.md (between pdf-storm markers), so it can run
// alone: BENCH_SUITES=pdf-storm npm run bench (a small seed is enough).
import fs from 'node:fs/promises';
import os from 'node:os';
import { withAdminClient } from '../server/support/postgres-admin.ts';
import { signInOverHttp } from '../support/sign-in.ts';
import { againstBare, bestOf, runLoad, type LoadResult } from './load.ts';
import { publicUrlOf, type Started } from './processes.ts';
import { verdict, type BenchRow } from './report.ts';

export const STORM_SUITE = 'PDF storm';
const START = '<!-- pdf-storm:start -->';
const END = '<!-- pdf-storm:end -->';
const PROBE = '/api/suap/v1/anagrafica/region/list';
const STORM_CLIENTS = 50;

export async function benchPdfStorm(portal: Started, databaseUrl: string, durationMs: number): Promise<BenchRow[]> {
  // Requests staff may read, in an order no earlier suite asked for: every call renders anew.
  const ids = await withAdminClient(databaseUrl, async (c) =>
    (
      await c.query<{ request_id: number }>('SELECT request_id FROM requests WHERE state_of_request_id IN (3, 4, 5) ORDER BY request_id DESC LIMIT 20000')
    ).rows.map((r) => r.request_id),
  );
  const token = await signInOverHttp(portal.origin, publicUrlOf(portal), 'BO', 'luca');
  const headers = { authorization: `Bearer ${token}` };
  const probe = () =>
    runLoad(
      { origin: portal.origin, cpuSeconds: portal.cpuSeconds, request: () => ({ path: PROBE, headers: { 'accept-encoding': 'gzip' } }) },
      { concurrency: 1, durationMs, warmupMs: 1000 },
    );

  const loadBefore = os.loadavg()[0]!.toFixed(2);
  let renders = 0;
  const storms: LoadResult[] = [];
  const duringStorm = async () => {
    // The storm starts first and outlasts the probe's warm-up and measurement; each call asks for
    // a recap no call asked for before.
    const storm = runLoad(
      { origin: portal.origin, request: () => ({ path: `/api/suap/v1/backoffice/getPdfRecap/${ids[renders++ % ids.length]}`, headers }) },
      { concurrency: STORM_CLIENTS, durationMs: durationMs + 2000 },
    );
    const busy = await probe();
    storms.push(await storm);
    return busy;
  };
  // Idle, the storm twice, idle again, each side keeping the better of its two (againstBare, as the
  // other suites measure their references): a passing disturbance of the machine flatters neither.
  const { bare: idle, cases: busy } = await againstBare(probe, duringStorm, bestOf);
  const stormResult = storms.reduce((a, b) => ({ ...bestOf(a, b), requests: a.requests + b.requests, errors: a.errors + b.errors }));
  if (renders > ids.length) console.log(`  (only ${ids.length} requests to render: ${renders - ids.length} calls were served from the recap cache)`);

  const idleRow: BenchRow = {
    suite: STORM_SUITE,
    name: 'region list, idle (1 client; better of before and after)',
    concurrency: 1,
    rps: idle.rps,
    p95: idle.p95,
    errors: idle.errors,
    cpuPerCall: idle.cpuPerCall,
  };
  const rows: BenchRow[] = [
    idleRow,
    {
      suite: STORM_SUITE,
      name: `region list while ${STORM_CLIENTS} recaps render (1 client; better of two storms)`,
      concurrency: 1,
      rps: busy.rps,
      p95: busy.p95,
      errors: busy.errors,
      reference: { name: 'idle', rps: idle.rps, p95: idle.p95 },
      targets: [{ kind: 'p95-ratio', max: 2 }],
    },
    {
      suite: STORM_SUITE,
      name: `GET /suap/v1/backoffice/getPdfRecap/{id}, each call a first render (${STORM_CLIENTS} clients; better of two)`,
      concurrency: STORM_CLIENTS,
      rps: stormResult.rps,
      p95: stormResult.p95,
      errors: stormResult.errors,
    },
  ];
  await writeStormSection(
    'docs/performance.md',
    rows,
    stormResult,
    Math.min(renders, ids.length),
    `${loadBefore} before the suite, ${os.loadavg()[0]!.toFixed(2)} after`,
  );
  return rows;
}

async function writeStormSection(file: string, rows: BenchRow[], storm: LoadResult, firstRenders: number, load: string): Promise<void> {
  const threads = Number(process.env.PDF_RENDER_THREADS || Math.max(1, os.availableParallelism() - 1));
  const text = [
    START,
    '## PDF storm',
    '',
    'Written by `npm run bench` (suite `pdf-storm`; alone: `BENCH_SUITES=pdf-storm npm run bench`) — do not edit by hand.',
    "The region list's p95 idle, then while 50 back-office clients keep asking for recaps never rendered before, in the",
    `same run (target: at most 2× idle). Recaps render in ${threads} worker thread${threads === 1 ? '' : 's'} (the portal's default here) at a lower`,
    'priority than the event loop, with a bounded queue (docs/deployment.md, "PDF rendering"); before, 49 first renders on the',
    'main thread made the same call wait 23.7 s. The load generator, the portal and PostgreSQL share the machine.',
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}; machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; load average (1 min) ${load} — other work on the machine lowers every figure`,
    `- ${firstRenders} first renders during the storm (${storm.requests} calls, ${storm.errors} errors)`,
    '',
    '| case | clients | req/s | p95 (ms) | errors | against idle (target, result) |',
    '|---|---:|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.name} | ${r.concurrency} | ${r.rps.toFixed(0)} | ${r.p95.toFixed(1)} | ${r.errors} | ${verdict(r)} |`),
    END,
  ].join('\n');
  const previous = await fs.readFile(file, 'utf8').catch(() => '');
  const pattern = new RegExp(`${START}[\\s\\S]*?${END}`);
  await fs.writeFile(file, pattern.test(previous) ? previous.replace(pattern, text) : `${previous.replace(/\s*$/, '')}\n\n${text}\n`);
}
