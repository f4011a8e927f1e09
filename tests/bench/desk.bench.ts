// The back-office request desk over the seeded requests at 20 concurrent clerks. The default page,
// a text search and a sort each run between two measurements of the authenticated reference doing
// the same statements (targets of docs/performance.md: throughput ≥ 80%, p95 ≤ 1.25× the reference's); the
// other searches and filters of the clerks' desk are measured beside them. The query plans (EXPLAIN) must
// not scan the requests table sequentially.
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { resolveListQuery } from '#shared/api/list-query.ts';
import { BoRequestListDefaults } from '#shared/api/back-office.ts';
import type { Database } from '#server/db/schema.ts';
import { BackOfficeRequests } from '#server/services/back-office/requests.ts';
import { ReferenceCatalog } from '#server/services/reference-catalog.ts';
import { againstBare, bestOf, runLoad } from './load.ts';
import { publicUrlOf, type Started } from './processes.ts';
import { AUTHENTICATED_TARGETS, type BenchRow } from './report.ts';
import { frameworkRow } from './framework.ts';
import { sameAnswer } from './same-answer.ts';
import { signInOverHttp } from '../support/sign-in.ts';

/** `referenced`: the case the reference also serves, measured against it. */
const CASES: { name: string; query: string; raw: Record<string, unknown>; state?: number; referenced?: boolean }[] = [
  { name: 'default page (requestId desc)', query: '', raw: {}, referenced: true },
  { name: 'text search "Bianchi"', query: '?filter=Bianchi', raw: { filter: 'Bianchi' }, referenced: true },
  { name: 'sort by applicant name', query: '?sort=firstName;asc&page=3', raw: { sort: 'firstName;asc', page: 3 }, referenced: true },
  // The desk's filters and searches: an applicant's fiscal code, a request number, a state with
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
  const desk = new BackOfficeRequests(db, new ReferenceCatalog(db));
  const out: { name: string; plans: string[] }[] = [];
  try {
    // The bench's clerk, Luca, works for every office: the desk reads the whole table for him.
    const luca = await db.selectFrom('users').selectAll().where('realm', '=', 'BO').where('email', '=', 'luca.neri@example.org').executeTakeFirstOrThrow();
    for (const c of CASES) {
      captured.length = 0;
      await desk.list(luca, resolveListQuery(c.raw, BoRequestListDefaults), c.state ?? null);
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

export async function benchDesk(portal: Started, reference: Started, durationMs: number, framework?: Started): Promise<BenchRow[]> {
  const token = await signInOverHttp(portal.origin, publicUrlOf(portal), 'BO', 'luca');
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const concurrency = 20;
  const suite = 'request desk';
  const run = (server: Started, query: string) =>
    runLoad(
      { origin: server.origin, cpuSeconds: server.cpuSeconds, request: () => ({ path: `/api/suap/v1/backoffice/list${query}`, headers }) },
      { concurrency, durationMs, warmupMs: 1000 },
    );
  const rows: BenchRow[] = [];
  for (const c of CASES) {
    if (!c.referenced) {
      const result = await run(portal, c.query);
      rows.push({
        suite,
        name: `${c.name} (no reference)`,
        concurrency,
        rps: result.rps,
        p95: result.p95,
        errors: result.errors,
        cpuPerCall: result.cpuPerCall,
      });
      continue;
    }
    await sameAnswer(`desk: ${c.name}`, [portal.origin, reference.origin], async (origin) => {
      // undici's request leaves the body as sent: both must compress it the same way.
      const response = await request(`${origin}/api/suap/v1/backoffice/list${c.query}`, { headers });
      const bytes = Buffer.from(await response.body.arrayBuffer());
      return response.headers['content-encoding'] === 'gzip' ? `gzip:${gunzipSync(bytes).toString()}` : bytes.toString();
    });
    const { bare: ref, cases: result } = await againstBare(
      () => run(reference, c.query),
      () => run(portal, c.query),
      bestOf,
    );
    rows.push({
      suite,
      name: `${c.name}: reference (better of before and after)`,
      concurrency,
      rps: ref.rps,
      p95: ref.p95,
      errors: ref.errors,
      cpuPerCall: ref.cpuPerCall,
    });
    if (framework) rows.push(...(await frameworkRow(suite, concurrency, ref, () => run(framework, c.query), c.name)));
    rows.push({
      suite,
      name: `${c.name} (better of two passes)`,
      concurrency,
      rps: result.rps,
      p95: result.p95,
      errors: result.errors,
      cpuPerCall: result.cpuPerCall,
      reference: { name: 'reference', rps: ref.rps, p95: ref.p95 },
      targets: AUTHENTICATED_TARGETS,
    });
  }
  return rows;
}
