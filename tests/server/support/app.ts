// Builds the real application on a test database, with logs captured for inspection.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { Jobs } from '#server/services/jobs/queue.ts';
import type { PdfPool } from '#server/services/pdf/pool.ts';
import { TEST_IPA_CODE } from './names.ts';
import { undocumented, type OpenApiDocument } from './contract.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  close(): Promise<void>;
}

export async function startTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  options: { clock?: () => number; pdfPool?: PdfPool; jobs?: Jobs } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', STATIC_DIR: '', IPA_CODE: TEST_IPA_CODE, DATA_DIR: dataDir, ...env });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    logStream,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.pdfPool ? { pdfPool: options.pdfPool } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
  // Every API answer a suite sees is recorded and, on close, checked against the OpenAPI document
  // (docs/architecture.md "The API contract"): an answer the document does not describe fails the suite that provoked it.
  const answers = new Map<string, { method: string; route: string | undefined; address: string; status: number }>();
  app.addHook('onResponse', (request, reply, done) => {
    const address = request.url.split('?')[0]!;
    const route = request.routeOptions.url;
    if (address.startsWith('/api/') && !address.startsWith('/api/docs')) {
      answers.set(`${request.method} ${route ?? address} ${reply.statusCode}`, { method: request.method, route, address, status: reply.statusCode });
    }
    done();
  });
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    close: async () => {
      const document = app.swagger() as unknown as OpenApiDocument;
      const missing = [...answers.values()].map((answer) => undocumented(document, answer)).filter((label) => label !== null);
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (missing.length > 0) throw new Error(`answers the OpenAPI document does not describe: ${missing.join('; ')}`);
    },
  };
}
