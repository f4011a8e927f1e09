// Writes docs/performance.md from the figures of one `npm run bench` run.
import fs from 'node:fs/promises';
import os from 'node:os';

export interface BenchRow {
  suite: string;
  name: string;
  concurrency: number;
  rps: number;
  p95: number;
  errors: number;
  /** The bare reference row this one is compared with, and the target ratio of its throughput. */
  reference?: { name: string; rps: number; p95: number };
  target?: { kind: 'rps-ratio'; min: number } | { kind: 'p95-ratio'; max: number };
}

export function verdict(row: BenchRow): string {
  if (!row.reference || !row.target) return '';
  if (row.target.kind === 'rps-ratio') {
    const ratio = row.rps / row.reference.rps;
    return `${(ratio * 100).toFixed(0)}% of bare (target ≥ ${(row.target.min * 100).toFixed(0)}%) ${ratio >= row.target.min ? '✅ met' : '❌ not met'}`;
  }
  const ratio = row.p95 / row.reference.p95;
  return `p95 ${ratio.toFixed(1)}× bare (target < ${row.target.max}×) ${ratio < row.target.max ? '✅ met' : '❌ not met'}`;
}

export async function writeReport(file: string, rows: BenchRow[], notes: string[]): Promise<void> {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Performance',
    '',
    'Written by `npm run bench` — do not edit by hand. Every figure is measured in the same run as its',
    'bare reference (a Fastify route with no database work), on the same machine, with the load',
    'generator in a separate process from the servers.',
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    `- Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
    `- Node ${process.version}`,
    `- Load average (1 min) when the report was written: ${os.loadavg()[0]!.toFixed(2)} — other work on the machine lowers every figure`,
    '',
    '| suite | case | clients | req/s | p95 (ms) | errors | against the reference |',
    '|---|---|---:|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.suite} | ${r.name} | ${r.concurrency} | ${r.rps.toFixed(0)} | ${r.p95.toFixed(1)} | ${r.errors} | ${verdict(r)} |`),
    '',
    ...notes,
    '',
  ];
  // `npm run lighthouse` keeps its own section between markers in the same file: carry it over.
  const previous = await fs.readFile(file, 'utf8').catch(() => '');
  const kept = /<!-- lighthouse:start -->[\s\S]*?<!-- lighthouse:end -->/.exec(previous)?.[0];
  await fs.writeFile(file, kept ? `${lines.join('\n')}\n${kept}\n` : lines.join('\n'));
}
