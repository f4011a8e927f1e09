// How busy the machine is with work that is not the benchmark's: the share of CPU time spent outside
// idle over a short window in which the bench itself runs nothing (before each suite, its servers
// idle). The load average cannot tell: on 2 cores the bench's own load generator, servers and
// PostgreSQL keep it above 2 while a case runs, however quiet the machine is otherwise.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

interface CpuTimes {
  idle: number;
  total: number;
}

/** The machine's cumulative CPU times from /proc/stat's first line (idle counts iowait too). */
function cpuTimes(): CpuTimes {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + (fields[4] ?? 0);
  return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
}

// /proc/stat counts in the kernel's USER_HZ ticks (100 a second on Linux).
const TICKS_PER_SECOND = 100;

/**
 * The share (0–1) of the machine's CPU busy over `windowMs` while the caller waits, leaving out
 * what `own` processes (the bench's servers, given by their CPU-seconds readers) used meanwhile: a
 * server that has just started still compiles and warms its caches, which is not other work.
 */
export async function busyShare(windowMs = 2000, own: (() => number)[] = []): Promise<number> {
  const ownSeconds = () => own.reduce((sum, read) => sum + read(), 0);
  const before = cpuTimes();
  const ownBefore = ownSeconds();
  await sleep(windowMs);
  const after = cpuTimes();
  const ownTicks = (ownSeconds() - ownBefore) * TICKS_PER_SECOND;
  const total = after.total - before.total;
  return total > 0 ? Math.max(0, (total - (after.idle - before.idle) - ownTicks) / total) : 0;
}

/** Quiet enough for figures to count: other work took less than a quarter of the CPU between suites. */
export const QUIET_BUSY_SHARE = 0.25;
