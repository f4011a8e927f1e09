// The data folder holds the embedded database, the outbox's messages and the embedded provider's
// keys: personal data and secrets. Everything the portal creates there is readable by its own user
// only (files 0600, folders 0700), and a folder that other users can write is refused, since they
// could replace the database or the keys (docs/deployment.md, "Files at rest").
import fs from 'node:fs';
import path from 'node:path';

export class DataDirError extends Error {}

/** Removes group and other permissions from everything below `folder`; returns how many changed. */
function tighten(folder: string): number {
  let changed = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const target = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) continue;
    const { mode } = fs.statSync(target);
    if (mode & 0o077) {
      fs.chmodSync(target, mode & 0o700);
      changed++;
    }
    if (entry.isDirectory()) changed += tighten(target);
  }
  return changed;
}

/**
 * Makes every file this process creates private (umask 077), creates the data folder 0700 when it
 * is missing, refuses one that other users can write, and makes private what an earlier version
 * left readable. Returns how many existing entries were made private.
 */
export function prepareDataDir(dataDir: string): number {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { mode } = fs.statSync(dataDir);
  if (mode & 0o002) {
    throw new DataDirError(
      `DATA_DIR (${dataDir}) can be written by every user of this machine (mode ${(mode & 0o777).toString(8)}); make it private with "chmod 700 ${dataDir}".`,
    );
  }
  if (mode & 0o077) fs.chmodSync(dataDir, mode & 0o700);
  return tighten(dataDir) + (mode & 0o077 ? 1 : 0);
}
