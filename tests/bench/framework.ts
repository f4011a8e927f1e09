// The framework's own cost, measured beside the reference: the reference's work served by a bare
// Fastify app (reference/fastify-server.ts), run twice right after the case's reference and our
// route, the better kept like theirs. No target: it tells how much of the gap between our route
// and the reference the framework takes by itself, and how much is ours.
import { bestOf, type LoadResult } from './load.ts';
import { FRAMEWORK_ROW, type BenchRow } from './report.ts';

export async function frameworkRow(
  suite: string,
  concurrency: number,
  reference: LoadResult,
  run: () => Promise<LoadResult>,
  label?: string,
): Promise<BenchRow[]> {
  const result = bestOf(await run(), await run());
  return [
    {
      suite,
      name: label ? `${label}: ${FRAMEWORK_ROW}` : FRAMEWORK_ROW,
      concurrency,
      rps: result.rps,
      p95: result.p95,
      errors: result.errors,
      cpuPerCall: result.cpuPerCall,
      reference: { name: 'reference', rps: reference.rps, p95: reference.p95 },
      targets: [],
    },
  ];
}
