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
  }
}

export default async function setup(project: TestProject) {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-e2e-dist-'));
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const server = await startServer({ STATIC_DIR: outDir });
  project.provide('portalUrl', server.baseUrl);
  return async () => {
    await server.stop();
    await fs.rm(server.dataDir, { recursive: true, force: true });
    await fs.rm(outDir, { recursive: true, force: true });
  };
}
