// Summarises a V8 CPU profile (node --cpu-prof; BENCH_CPU_PROF=<folder> makes the bench's servers
// write one): the share of busy time by package and the top frames by self time.
// Usage: node tests/bench/profile-summary.ts <file.cpuprofile> [top] [skip seconds] [inclusive]
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Only the samples taken `skipMs` after the profile started (leaves start-up out). */
export function after(profile: Profile, skipMs: number): Profile {
  let at = 0;
  const keep: number[] = [];
  profile.timeDeltas.forEach((d, i) => {
    at += d;
    if (at >= skipMs * 1000) keep.push(i);
  });
  return { ...profile, samples: keep.map((i) => profile.samples[i]!), timeDeltas: keep.map((i) => profile.timeDeltas[i]!) };
}

/** Inclusive time of every frame (itself and what it called), as a share of busy time. */
export function inclusive(profile: Profile, top = 25): [string, number][] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    busy += micros;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      const frame = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|src|tests)\//, '$1/')}:${lineNumber + 1}` : ''}`.trim();
      if (seen.has(frame)) continue;
      seen.add(frame);
      totals.set(frame, (totals.get(frame) ?? 0) + micros);
    }
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => [k, v / busy]);
}

/** Where a frame's code lives: a package, our source, Node itself, or V8's bookkeeping. */
export function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const src = url.indexOf('/src/');
  return src >= 0
    ? url
        .slice(src + 1)
        .split('/')
        .slice(0, 3)
        .join('/')
    : url;
}

export function summarise(profile: Profile, top = 15): { busyMs: number; packages: [string, number][]; frames: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const packages = new Map<string, number>();
  const frames = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busy += micros;
    const pkg = packageOf(url, functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
    const frame = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : ''}`.trim();
    frames.set(frame, (frames.get(frame) ?? 0) + micros);
  }
  const sorted = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => [k, v / busy] as [string, number]);
  return { busyMs: busy / 1000, packages: sorted(packages), frames: sorted(frames) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const profile = after(JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Profile, Number(process.argv[4] ?? 0) * 1000);
  if (process.argv[5]) {
    for (const [name, share] of inclusive(profile, Number(process.argv[3] ?? 25))) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
    process.exit(0);
  }
  const { busyMs, packages, frames } = summarise(profile, Number(process.argv[3] ?? 15));
  console.log(`busy ${busyMs.toFixed(0)} ms`);
  console.log('\nby package:');
  for (const [name, share] of packages) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
  console.log('\ntop frames (self time):');
  for (const [name, share] of frames) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
}
