// One writer per embedded database: PGlite is a single-process PostgreSQL, so two processes on one
// DATA_DIR would each run their own server over the same files and silently lose each other's
// writes. Whoever opens the embedded database first holds a lock (proper-lockfile: an atomic mkdir
// whose mtime the holder keeps fresh); everyone else refuses with one sentence naming the folder and
// the holder. docs/deployment.md, "One process per data folder".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** A lock not refreshed for this long belongs to a process that died (crash, kill -9, power loss). */
export const STALE_LOCK_MS = 10_000;

export class DataDirInUseError extends Error {}

interface Owner {
  pid: number;
  hostname: string;
  command: string;
  since: string;
}

export interface DataDirLock {
  release(): Promise<void>;
}

function lockPath(dataDir: string): string {
  return path.join(dataDir, 'portal.lock');
}

function ownerPath(dataDir: string): string {
  return path.join(dataDir, 'portal.lock.json');
}

function readOwner(dataDir: string): Owner | null {
  try {
    return JSON.parse(fs.readFileSync(ownerPath(dataDir), 'utf8')) as Owner;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(dataDir: string, owner: Owner | null): DataDirInUseError {
  const holder = owner
    ? `process ${owner.pid} ("${owner.command}", since ${owner.since}${owner.hostname === os.hostname() ? '' : ` on ${owner.hostname}`})`
    : 'another process';
  return new DataDirInUseError(
    `the embedded database in DATA_DIR (${dataDir}) is in use by ${holder}; stop it first, run this through it, or give this process its own DATA_DIR.`,
  );
}

/**
 * Throws DataDirInUseError when a live process holds the folder's lock, without taking it: `npm start`
 * asks before it rebuilds the SPA, so a refused second start never replaces the files the running
 * portal serves.
 */
export async function assertDataDirFree(dataDir: string): Promise<void> {
  if (!fs.existsSync(lockPath(dataDir))) return;
  const held = await lockfile.check(dataDir, { realpath: false, lockfilePath: lockPath(dataDir), stale: STALE_LOCK_MS });
  const owner = readOwner(dataDir);
  if (held && (owner === null || owner.hostname !== os.hostname() || isAlive(owner.pid))) throw inUse(dataDir, owner);
}

/**
 * Takes the data folder's lock for `command` or throws DataDirInUseError. A lock left by a process
 * that ended without releasing it (this machine's process table says so, or nobody refreshed it for
 * STALE_LOCK_MS) is taken over once it is stale, so a crash never needs a hand to clean up.
 */
export async function lockDataDir(dataDir: string, command: string, onCompromised: (error: Error) => void): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const options = { realpath: false, lockfilePath: lockPath(dataDir), stale: STALE_LOCK_MS, onCompromised };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(dataDir);
    const ownerAlive = owner !== null && (owner.hostname !== os.hostname() || isAlive(owner.pid));
    if (ownerAlive) throw inUse(dataDir, owner);
    // The holder is gone: wait until its lock is stale (proper-lockfile then removes it atomically).
    // If someone keeps refreshing it meanwhile, it was not gone after all.
    const retries = { retries: Math.ceil(STALE_LOCK_MS / 500) + 4, minTimeout: 500, maxTimeout: 500, factor: 1 };
    try {
      release = await lockfile.lock(dataDir, { ...options, retries });
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code === 'ELOCKED') throw inUse(dataDir, readOwner(dataDir));
      throw retryError;
    }
  }
  const owner: Owner = { pid: process.pid, hostname: os.hostname(), command, since: new Date().toISOString() };
  fs.writeFileSync(ownerPath(dataDir), JSON.stringify(owner), { mode: 0o600 });
  return {
    async release() {
      fs.rmSync(ownerPath(dataDir), { force: true });
      await release();
    },
  };
}
