// Issue: master-data lists on PostgreSQL, each at least 80% of the bare hello-world throughput.
import { againstBare, bestOf, runLoad, type LoadResult } from './load.ts';
import type { BenchRow } from './report.ts';
import type { Started } from './processes.ts';

const CASES: { name: string; path: string }[] = [
  { name: 'region list', path: '/api/suap/v1/anagrafica/region/list' },
  { name: 'province list (Lazio)', path: '/api/suap/v1/anagrafica/province/list?regionId=12' },
  { name: 'municipality list (province of Rome)', path: '/api/suap/v1/anagrafica/municipality/list?provinceId=58' },
  { name: 'office list (Rome)', path: '/api/suap/v1/anagrafica/suap/list?municipalityId=58091' },
  { name: 'office list, text search', path: '/api/suap/v1/anagrafica/suap/list?filter=milano' },
  { name: 'initiative list (page 1)', path: '/api/suap/v1/anagrafica/iniziative/list?lang=it' },
  { name: 'initiative list, type and text', path: '/api/suap/v1/anagrafica/iniziative/list?typeId=1&filter=commercio' },
  { name: 'configuration', path: '/api/suap/v1/config' },
];

export async function benchMasterData(portal: Started, bare: Started, durationMs: number): Promise<BenchRow[]> {
  const concurrency = 10;
  const runBare = () =>
    runLoad({ origin: bare.origin, cpuSeconds: bare.cpuSeconds, request: () => ({ path: '/hello' }) }, { concurrency, durationMs, warmupMs: 1000 });
  const { bare: bareResult, cases: results } = await againstBare(
    runBare,
    async () => {
      const measured: LoadResult[] = [];
      for (const c of CASES)
        measured.push(
          await runLoad(
            { origin: portal.origin, cpuSeconds: portal.cpuSeconds, request: () => ({ path: c.path, headers: { 'accept-encoding': 'gzip' } }) },
            { concurrency, durationMs, warmupMs: 1000 },
          ),
        );
      return measured;
    },
    (first, second) => first.map((result, i) => bestOf(result, second[i]!)),
  );
  const reference = { name: 'bare hello-world', rps: bareResult.rps, p95: bareResult.p95 };
  const rows: BenchRow[] = [
    {
      suite: 'master data',
      name: `${reference.name} (better of before and after)`,
      concurrency,
      rps: bareResult.rps,
      p95: bareResult.p95,
      errors: bareResult.errors,
      cpuPerCall: bareResult.cpuPerCall,
    },
  ];
  CASES.forEach((c, i) => {
    const result = results[i]!;
    rows.push({
      suite: 'master data',
      name: `${c.name} (better of two passes)`,
      concurrency,
      rps: result.rps,
      p95: result.p95,
      errors: result.errors,
      cpuPerCall: result.cpuPerCall,
      reference,
      targets: [{ kind: 'rps-ratio', min: 0.8 }],
    });
  });
  return rows;
}
