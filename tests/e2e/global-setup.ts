// Builds the SPA and starts one real portal for the browser suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startServer } from '../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const server = await startServer();
  project.provide('portalUrl', server.baseUrl);
  return async () => {
    await server.stop();
    await fs.rm(server.dataDir, { recursive: true, force: true });
  };
}
