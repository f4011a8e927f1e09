// The PDF recap at 10 concurrent users, between two measurements of the authenticated reference
// (the same statements — the caller, the recap's key; the whole request and its history only to
// render — the same template function, the same per-version cache, the same bytes).
// Targets (docs/performance.md): throughput ≥ 80% of the reference, p95 ≤ 1.25× the reference's.
import { againstBare, bestOf, runLoad } from './load.ts';
import { publicUrlOf, type Started } from './processes.ts';
import { AUTHENTICATED_TARGETS, type BenchRow } from './report.ts';
import { frameworkRow } from './framework.ts';
import { sameAnswer } from './same-answer.ts';
import { signInOverHttp } from '../support/sign-in.ts';

export async function benchPdf(portal: Started, reference: Started, durationMs: number, framework?: Started): Promise<BenchRow[]> {
  const token = await signInOverHttp(portal.origin, publicUrlOf(portal), 'FO', 'giulia');
  const headers = { authorization: `Bearer ${token}` };
  await fetch(`${portal.origin}/api/suap/v1/request/getUserInfo?fiscalCode=BNCGLI85M41F205B`, { headers });
  const list = (await (await fetch(`${portal.origin}/api/suap/v1/request/list`, { headers })).json()) as { requestList: { requestId: number }[] };
  const id = list.requestList[0]!.requestId;
  const path = `/api/suap/v1/request/getPdfRecap/${id}`;
  let size = 0;
  await sameAnswer('PDF recap', [portal.origin, reference.origin], async (origin) => {
    const response = await fetch(`${origin}${path}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    size = bytes.length;
    // The same document but for the instants pdfkit writes (creation date, "generated on" line, IDs).
    return `${response.status} ${response.headers.get('content-type')} ${response.headers.get('content-disposition')} ${bytes.length} bytes`;
  });
  const concurrency = 10;
  const run = (server: Started) =>
    runLoad({ origin: server.origin, cpuSeconds: server.cpuSeconds, request: () => ({ path, headers }) }, { concurrency, durationMs, warmupMs: 1000 });
  const { bare: ref, cases: result } = await againstBare(
    () => run(reference),
    () => run(portal),
    bestOf,
  );
  const floor = framework ? await frameworkRow('PDF recap', concurrency, ref, () => run(framework)) : [];
  return [
    {
      suite: 'PDF recap',
      name: `reference: token, caller, the recap's key (4 columns), the cached ${(size / 1024).toFixed(0)} KB (better of before and after)`,
      concurrency,
      rps: ref.rps,
      p95: ref.p95,
      errors: ref.errors,
      cpuPerCall: ref.cpuPerCall,
    },
    ...floor,
    {
      suite: 'PDF recap',
      name: 'GET /suap/v1/request/getPdfRecap/{id} (better of two passes)',
      concurrency,
      rps: result.rps,
      p95: result.p95,
      errors: result.errors,
      cpuPerCall: result.cpuPerCall,
      reference: { name: 'reference', rps: ref.rps, p95: ref.p95 },
      targets: AUTHENTICATED_TARGETS,
    },
  ];
}
