// Builds the SPA into a folder of this run's own (parallel runs never overwrite each other's
// build) and starts one real portal serving it for the browser suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    /** The SPA build the shared portal serves; a suite starting a portal of its own serves it too. */
    portalDist: string;
  }
}

export default async function setup(project: TestProject) {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-e2e-dist-'));
  // The build users get: vitest sets NODE_ENV=test, with which Vite would bundle React's development
  // version (slower, and not what is shipped).
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('vite build failed');
  const server = await startServer({ STATIC_DIR: outDir });
  project.provide('portalUrl', server.baseUrl);
  project.provide('portalDist', outDir);
  return async () => {
    await server.stop();
    await fs.rm(server.dataDir, { recursive: true, force: true });
    await fs.rm(outDir, { recursive: true, force: true });
  };
}
