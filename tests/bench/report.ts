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
  /** The server's CPU time per call (ms): what the call costs it, whatever else the machine does. */
  cpuPerCall?: number;
  /** The reference row this one is compared with (measured in the same run), and the targets. */
  reference?: { name: string; rps: number; p95: number };
  targets?: Target[];
}

export type Target = { kind: 'rps-ratio'; min: number } | { kind: 'p95-ratio'; max: number };

/** The targets of docs/performance.md against the authenticated reference. */
export const AUTHENTICATED_TARGETS: Target[] = [
  { kind: 'rps-ratio', min: 0.8 },
  { kind: 'p95-ratio', max: 1.25 },
];

function judge(row: BenchRow & { reference: NonNullable<BenchRow['reference']> }, target: Target): { text: string; met: boolean } {
  if (target.kind === 'rps-ratio') {
    const ratio = row.rps / row.reference.rps;
    const met = ratio >= target.min;
    return {
      met,
      text: `throughput ${(ratio * 100).toFixed(0)}% of ${row.reference.name} (target ≥ ${(target.min * 100).toFixed(0)}%) ${met ? '✅ met' : '❌ not met'}`,
    };
  }
  const ratio = row.p95 / row.reference.p95;
  const met = ratio <= target.max;
  return { met, text: `p95 ${ratio.toFixed(2)}× ${row.reference.name}'s (target ≤ ${target.max}×) ${met ? '✅ met' : '❌ not met'}` };
}

/** The same work in a bare Fastify app: what the framework alone costs, beside the reference. */
export const FRAMEWORK_ROW = "the reference's work in a bare Fastify app (the framework's own cost, no target)";

export function verdict(row: BenchRow): string {
  const { reference, targets } = row;
  if (!reference || !targets) return '';
  if (targets.length === 0)
    return `throughput ${((row.rps / reference.rps) * 100).toFixed(0)}% of ${reference.name}, p95 ${(row.p95 / reference.p95).toFixed(2)}×`;
  return targets.map((t) => judge({ ...row, reference }, t).text).join('; ');
}

export function missesTarget(row: BenchRow): boolean {
  const { reference, targets } = row;
  return !!reference && !!targets && targets.some((t) => !judge({ ...row, reference }, t).met);
}

export async function writeReport(file: string, rows: BenchRow[], notes: string[], loadDuringRun: string, banner?: string): Promise<void> {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Performance',
    '',
    ...(banner ? [banner, ''] : []),
    'Written by `npm run bench` — do not edit by hand. Every figure is measured in the same run as its',
    'reference, on the same machine, with the load generator in a separate process from the servers.',
    'Master data is compared with a bare Fastify hello-world; draft saves, the request desk and the PDF',
    'recap with the authenticated hand-written reference (`tests/bench/reference`): `node:http`, `pg`',
    'with the same pool size and `jose`, verifying the same bearer token, one prepared statement for the',
    'caller (account state, role, revocation), the same data statements as our route and the same answer',
    'bytes, and nothing else. Each case runs twice between two measurements of its reference, and each',
    'side keeps the better of its two: the same number of chances on both sides, and no case pays for',
    "being the first to wake the server's JIT.",
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    `- Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
    `- Node ${process.version}`,
    `- Load average (1 min) ${loadDuringRun} — other work on the machine lowers every figure`,
    '',
    '| suite | case | clients | req/s | p95 (ms) | server CPU per call (ms) | errors | against the reference (target, result) |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.suite} | ${r.name} | ${r.concurrency} | ${r.rps.toFixed(0)} | ${r.p95.toFixed(1)} | ${r.cpuPerCall?.toFixed(3) ?? ''} | ${r.errors} | ${verdict(r)} |`,
    ),
    '',
    ...notes,
    '',
  ];
  // `npm run lighthouse`, the PDF storm and the documents suite keep their own sections between
  // markers in the same file (writeMarkedSection): carry them over.
  const previous = await fs.readFile(file, 'utf8').catch(() => '');
  const kept = [...previous.matchAll(MARKED_SECTION)].map((match) => match[0]);
  await fs.writeFile(file, [lines.join('\n'), ...kept].join('\n') + (kept.length > 0 ? '\n' : ''));
}

const MARKED_SECTION = /<!-- ([a-z-]+):start -->[\s\S]*?<!-- \1:end -->/g;

/** Writes (or replaces) a suite's own section of `file`, between `<!-- name:start -->` and `<!-- name:end -->`. */
export async function writeMarkedSection(file: string, name: string, lines: string[]): Promise<void> {
  const text = [`<!-- ${name}:start -->`, ...lines, `<!-- ${name}:end -->`].join('\n');
  const previous = await fs.readFile(file, 'utf8').catch(() => '');
  const pattern = new RegExp(`<!-- ${name}:start -->[\\s\\S]*?<!-- ${name}:end -->`);
  await fs.writeFile(file, pattern.test(previous) ? previous.replace(pattern, () => text) : `${previous.replace(/\s*$/, '')}\n\n${text}\n`);
}
