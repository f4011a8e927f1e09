// Writes docs/api/openapi.json from the route schemas (the same document the server serves at
// /api/docs), using an in-memory database so it runs anywhere.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

export async function generateOpenApi(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-openapi-'));
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  try {
    await migrateToLatest(database.db);
    const config = loadConfig({ NODE_ENV: 'test', STATIC_DIR: '', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database });
    await app.ready();
    const document = JSON.stringify(app.swagger(), null, 2) + '\n';
    await app.close();
    return document;
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await fs.mkdir('docs/api', { recursive: true });
  await fs.writeFile('docs/api/openapi.json', await generateOpenApi());
  console.log('wrote docs/api/openapi.json');
}
