// Where a case misses its target, the report shows why: the suite runs again, briefly, against a
// portal started with V8's CPU profiler (never during the measured runs: profiling slows the
// server), twice — the first pass warms it up (Ajv compiles some validators on first use, half a
// second) — and the profile of the second pass is summarised: top frames by self time and the
// packages they belong to.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, summarise, type Profile } from './profile-summary.ts';
import { startPortal, startProcess, startReference, publicUrlOf, type Started } from './processes.ts';
import { FRAMEWORK_ROW, type BenchRow } from './report.ts';

export interface ProfileSummary {
  busyMs: number;
  frames: [string, number][];
  packages: [string, number][];
  /**
   * Where our route spends more per call than the same work in a bare Fastify app (also profiled),
   * by package, in µs of main-thread time per call (each profile's shares times its CPU per call).
   */
  versus?: { total: number; packages: [string, number][] };
}

async function readProfile(dir: string): Promise<Profile> {
  const [file] = (await fs.readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile was written in ${dir}`);
  return JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as Profile;
}

/** µs per call by package: each package's share of the profile times the CPU a call cost. */
function perCall(profile: Profile, cpuPerCallMs: number): Map<string, number> {
  const { packages } = summarise(profile, Number.POSITIVE_INFINITY);
  return new Map(packages.map(([name, share]) => [name, share * cpuPerCallMs * 1000]));
}

const average = (rows: BenchRow[]) => rows.reduce((sum, r) => sum + (r.cpuPerCall ?? 0), 0) / Math.max(1, rows.length);

export async function profileSuite(
  databaseUrl: string,
  run: (portal: Started, reference: Started, framework?: Started) => Promise<unknown>,
): Promise<ProfileSummary> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-bench-profile-'));
  const frameworkDir = path.join(dir, 'framework');
  await fs.mkdir(frameworkDir);
  try {
    const portal = await startPortal(databaseUrl, { IPA_CODE: 'suap_bench' }, dir);
    const reference = await startReference(databaseUrl, portal);
    const framework = await startProcess(
      'tests/bench/reference/fastify-server.ts',
      { REF_DATABASE_URL: databaseUrl, REF_PORTAL_ORIGIN: portal.origin, REF_PUBLIC_URL: publicUrlOf(portal) },
      '/ready',
      frameworkDir,
    );
    let from = 0;
    let fromFramework = 0;
    let rows: unknown;
    try {
      await run(portal, reference, framework);
      from = performance.now() - portal.spawnedAt;
      fromFramework = performance.now() - framework.spawnedAt;
      rows = await run(portal, reference, framework);
    } finally {
      await framework.stop();
      await reference.stop();
      await portal.stop();
    }
    // Each profile starts with its process: only the second pass counts.
    const ours = after(await readProfile(dir), from);
    const { busyMs, frames, packages } = summarise(ours, 8);
    const summary: ProfileSummary = { busyMs, frames, packages: packages.slice(0, 6) };
    const measured = Array.isArray(rows) ? (rows as BenchRow[]) : [];
    const ourRows = measured.filter((r) => r.targets && r.targets.length > 0);
    const frameworkRows = measured.filter((r) => r.name.endsWith(FRAMEWORK_ROW));
    if (ourRows.length > 0 && frameworkRows.length > 0) {
      const mine = perCall(ours, average(ourRows));
      const theirs = perCall(after(await readProfile(frameworkDir), fromFramework), average(frameworkRows));
      const names = new Set([...mine.keys(), ...theirs.keys()]);
      const more = [...names].map((name): [string, number] => [name, (mine.get(name) ?? 0) - (theirs.get(name) ?? 0)]).sort((a, b) => b[1] - a[1]);
      summary.versus = { total: (average(ourRows) - average(frameworkRows)) * 1000, packages: more.filter(([, us]) => us >= 1).slice(0, 8) };
    }
    return summary;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function describeProfile(p: ProfileSummary): string {
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
  return [
    `  Top frames of our server by self time: ${p.frames.map(([name, share]) => `\`${name}\` ${pct(share)}`).join(', ')}.`,
    `  By package: ${p.packages.map(([name, share]) => `${name} ${pct(share)}`).join(', ')}.`,
    ...(p.versus
      ? [
          `  Against the same work in a bare Fastify app, profiled in the same pass: ${p.versus.total.toFixed(0)} µs more CPU per call; where our main thread spends more (µs per call, by package): ${p.versus.packages.map(([name, us]) => `${name} +${us.toFixed(0)}`).join(', ')}.`,
        ]
      : []),
  ].join('\n');
}
