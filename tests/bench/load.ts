// A closed-loop load generator: `concurrency` virtual users each send the next request as soon as
// the previous one answers, for a fixed time. Records every latency, so percentiles are exact.
import { gunzipSync } from 'node:zlib';
import { Pool } from 'undici';

export interface LoadTarget {
  origin: string;
  /** Builds the i-th request of virtual user `vu` (so each user can vary its query or body). */
  request: (i: number, vu: number) => { path: string; method?: 'GET' | 'PUT' | 'POST'; body?: string; headers?: Record<string, string> };
  /** Reads an answer's body, for virtual users that carry state (e.g. the next version to send). */
  onBody?: (vu: number, status: number, body: string) => void;
  /** The server process's CPU seconds so far (Started.cpuSeconds). */
  cpuSeconds?: () => number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** The server's CPU time per answered call (ms), when the target says how to read it. */
  cpuPerCall?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(target: LoadTarget, options: { concurrency: number; durationMs: number; warmupMs?: number }): Promise<LoadResult> {
  const pool = new Pool(target.origin, { connections: options.concurrency, pipelining: 1 });
  let counter = 0;
  const once = async (vu: number) => {
    const { path, method = 'GET', body, headers } = target.request(counter++, vu);
    const response = await pool.request({ path, method, body, headers });
    if (target.onBody) {
      const bytes = Buffer.from(await response.body.arrayBuffer());
      target.onBody(vu, response.statusCode, (response.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString());
    } else await response.body.dump();
    return response.statusCode;
  };
  const loop = async (vu: number, until: number, record: number[] | null, errors: { n: number }) => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const status = await once(vu);
        if (status >= 400) errors.n++;
      } catch {
        errors.n++;
      }
      record?.push(performance.now() - started);
    }
  };
  try {
    if (options.warmupMs) {
      const until = performance.now() + options.warmupMs;
      await Promise.all(Array.from({ length: options.concurrency }, (_, vu) => loop(vu, until, null, { n: 0 })));
    }
    const latencies: number[] = [];
    const errors = { n: 0 };
    const cpuBefore = target.cpuSeconds?.() ?? 0;
    const started = performance.now();
    const until = started + options.durationMs;
    await Promise.all(Array.from({ length: options.concurrency }, (_, vu) => loop(vu, until, latencies, errors)));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const cpu = target.cpuSeconds ? target.cpuSeconds() - cpuBefore : null;
    return {
      ...(cpu === null ? {} : { cpuPerCall: (cpu * 1000) / Math.max(1, latencies.length) }),
      requests: latencies.length,
      errors: errors.n,
      rps: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    };
  } finally {
    await pool.close();
  }
}

/**
 * The bare reference measured before and after the cases it is compared with, keeping the better
 * figure of each (more requests per second, lower p95): a reference slowed down by a passing
 * disturbance (autovacuum, a checkpoint) would flatter the cases, never the other way round.
 */
export function bestOf(before: LoadResult, after: LoadResult): LoadResult {
  return {
    requests: before.requests + after.requests,
    errors: before.errors + after.errors,
    rps: Math.max(before.rps, after.rps),
    p50: Math.min(before.p50, after.p50),
    p95: Math.min(before.p95, after.p95),
    p99: Math.min(before.p99, after.p99),
    ...(before.cpuPerCall !== undefined && after.cpuPerCall !== undefined ? { cpuPerCall: Math.min(before.cpuPerCall, after.cpuPerCall) } : {}),
  };
}

/**
 * Runs `cases` twice between two measurements of their reference, and keeps for each side the
 * better of its two (`better` says how for the cases' shape): both sides get the same number of
 * chances, and the first pass of the cases also warms the server up for the second (a case that
 * happens to run first would otherwise pay the JIT's start for all the others).
 */
export async function againstBare<T>(
  runBare: () => Promise<LoadResult>,
  cases: () => Promise<T>,
  better: (a: T, b: T) => T,
): Promise<{ bare: LoadResult; cases: T }> {
  const before = await runBare();
  const first = await cases();
  const second = await cases();
  return { bare: bestOf(before, await runBare()), cases: better(first, second) };
}
