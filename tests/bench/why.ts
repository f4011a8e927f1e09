// Where a case misses its target, the report shows why: the suite runs again, briefly, against a
// portal started with V8's CPU profiler (never during the measured runs: profiling slows the
// server), twice — the first pass warms it up (Ajv compiles some validators on first use, half a
// second) — and the profile of the second pass is summarised: top frames by self time and the
// packages they belong to.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, summarise, type Profile } from './profile-summary.ts';
import { startPortal, startReference, type Started } from './processes.ts';

export interface ProfileSummary {
  busyMs: number;
  frames: [string, number][];
  packages: [string, number][];
}

export async function profileSuite(databaseUrl: string, run: (portal: Started, reference: Started) => Promise<unknown>): Promise<ProfileSummary> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-bench-profile-'));
  try {
    const portal = await startPortal(databaseUrl, { IPA_CODE: 'suap_bench' }, dir);
    const reference = await startReference(databaseUrl, portal);
    let from = 0;
    try {
      await run(portal, reference);
      from = performance.now() - portal.spawnedAt;
      await run(portal, reference);
    } finally {
      await reference.stop();
      await portal.stop();
    }
    const [file] = (await fs.readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the profiled portal wrote no profile');
    const profile = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as Profile;
    // The profile starts with the process: only the second pass counts.
    const { busyMs, frames, packages } = summarise(after(profile, from), 8);
    return { busyMs, frames, packages: packages.slice(0, 6) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function describeProfile(p: ProfileSummary): string {
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
  return [
    `  Top frames of our server by self time: ${p.frames.map(([name, share]) => `\`${name}\` ${pct(share)}`).join(', ')}.`,
    `  By package: ${p.packages.map(([name, share]) => `${name} ${pct(share)}`).join(', ')}.`,
  ].join('\n');
}
