// The back-office request desk over 1,000,000 requests at 20 concurrent clerks: the default page, a
// text search and a sort by another column, beside the bare hello-world of the same run. Target:
// p95 under 5× the bare p95; the query plans (EXPLAIN) must not scan the requests table sequentially.
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { resolveListQuery } from '../../src/shared/api/list-query.ts';
import { BoRequestListDefaults } from '../../src/shared/api/back-office.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { BackOfficeRequests } from '../../src/server/services/back-office/requests.ts';
import { ReferenceCatalog } from '../../src/server/services/reference-catalog.ts';
import { againstBare, runLoad, type LoadResult } from './load.ts';
import type { Started } from './processes.ts';
import type { BenchRow } from './report.ts';
import { signInOverHttp } from '../support/sign-in.ts';

const CASES: { name: string; query: string; raw: Record<string, unknown>; state?: number }[] = [
  { name: 'default page (requestId desc)', query: '', raw: {} },
  { name: 'text search "Bianchi"', query: '?filter=Bianchi', raw: { filter: 'Bianchi' } },
  { name: 'sort by applicant name', query: '?sort=firstName;asc&page=3', raw: { sort: 'firstName;asc', page: 3 } },
  // Issue #15's filters and searches: an applicant's fiscal code, a request number, a state with
  // each sort the desk offers.
  { name: 'fiscal code search', query: '?filter=AAAAAB80A01H501Z', raw: { filter: 'AAAAAB80A01H501Z' } },
  { name: 'request number search', query: '?filter=4242', raw: { filter: '4242' } },
  { name: 'state "sent", newest first', query: '?state=3', raw: {}, state: 3 },
  { name: 'state "draft" by sent date', query: '?state=1&sort=sentRequestDate;desc&page=2', raw: { sort: 'sentRequestDate;desc', page: 2 }, state: 1 },
  { name: 'state "accepted" by applicant name', query: '?state=4&sort=firstName;asc', raw: { sort: 'firstName;asc' }, state: 4 },
  { name: 'state "rejected" and text search', query: '?state=5&filter=Bianchi', raw: { filter: 'Bianchi' }, state: 5 },
];

/** The SQL the desk really runs for each case, and PostgreSQL's plan for it. */
export async function explainDesk(databaseUrl: string): Promise<{ name: string; plans: string[] }[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const captured: CompiledQuery[] = [];
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => void captured.push(event.query) });
  const desk = new BackOfficeRequests(db, 'http://localhost', new ReferenceCatalog(db));
  const out: { name: string; plans: string[] }[] = [];
  try {
    for (const c of CASES) {
      captured.length = 0;
      await desk.list(resolveListQuery(c.raw, BoRequestListDefaults), c.state ?? null);
      const plans: string[] = [];
      for (const query of [...captured]) {
        const { rows } = await pool.query(`EXPLAIN ${query.sql}`, query.parameters as unknown[]);
        plans.push(rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n'));
      }
      out.push({ name: c.name, plans });
    }
  } finally {
    await db.destroy();
  }
  return out;
}

export async function benchDesk(portal: Started, bare: Started, durationMs: number): Promise<BenchRow[]> {
  const publicUrl = portal.origin.replace('127.0.0.1', 'localhost');
  const token = await signInOverHttp(portal.origin, publicUrl, 'BO', 'luca');
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const concurrency = 20;
  const runBare = () => runLoad({ origin: bare.origin, request: () => ({ path: '/hello' }) }, { concurrency, durationMs, warmupMs: 1000 });
  const { bare: bareResult, cases: results } = await againstBare(runBare, async () => {
    const measured: LoadResult[] = [];
    for (const c of CASES) measured.push(await runLoad({ origin: portal.origin, request: () => ({ path: `/api/suap/v1/backoffice/list${c.query}`, headers }) }, { concurrency, durationMs, warmupMs: 1000 }));
    return measured;
  });
  const reference = { name: 'bare hello-world', rps: bareResult.rps, p95: bareResult.p95 };
  const rows: BenchRow[] = [{ suite: 'request desk (1M)', name: `${reference.name} (better of before and after)`, concurrency, rps: bareResult.rps, p95: bareResult.p95, errors: bareResult.errors }];
  CASES.forEach((c, i) => {
    const result = results[i]!;
    rows.push({ suite: 'request desk (1M)', name: c.name, concurrency, rps: result.rps, p95: result.p95, errors: result.errors, reference, target: { kind: 'p95-ratio', max: 5 } });
  });
  return rows;
}
