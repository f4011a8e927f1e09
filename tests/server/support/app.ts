// Builds the real application on a test database, with logs captured for inspection.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig, type Config } from '../../../src/server/config.ts';
import type { DatabaseHandle } from '../../../src/server/db/database.ts';
import { TEST_IPA_CODE } from './names.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  close(): Promise<void>;
}

export async function startTestApp(database: DatabaseHandle, env: Record<string, string> = {}, options: { clock?: () => number } = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', STATIC_DIR: '', IPA_CODE: TEST_IPA_CODE, DATA_DIR: dataDir, ...env });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ config, database, logStream, ...(options.clock ? { clock: options.clock } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    close: async () => {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
