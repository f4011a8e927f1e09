// Prepares the seeded databases once per run, so each test file starts from a copy in seconds:
// a PGlite data-directory dump, and (when TEST_DATABASE_URL is set) a PostgreSQL template database.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOptions } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed/index.ts';
import { TEST_IPA_CODE, postgresUrlFor, uniqueDatabaseName } from './support/names.ts';
import { createDatabase, dropDatabase } from './support/postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string | null;
  }
}

async function preparePgliteDump(file: string): Promise<void> {
  const pglite = new PGlite(await pgliteOptions());
  const db = new Kysely<never>({ dialect: new PGliteDialect({ pglite }) });
  await migrateToLatest(db);
  await seedDatabase(db as never, { ipaCode: TEST_IPA_CODE, demo: true });
  const dump = await pglite.dumpDataDir('gzip');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
}

async function preparePostgresTemplate(baseUrl: string): Promise<string> {
  const name = uniqueDatabaseName('suap_template');
  await createDatabase(baseUrl, name);
  const handle = await openDatabase({ databaseUrl: postgresUrlFor(baseUrl, name), pgliteDir: null, poolSize: 2 });
  try {
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, { ipaCode: TEST_IPA_CODE, demo: true });
  } finally {
    await handle.close();
  }
  return name;
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL || null;
  if (!baseUrl && process.env.CI) {
    throw new Error('TEST_DATABASE_URL must be set under CI: the server suite runs on PostgreSQL as well as PGlite.');
  }
  const dumpFile = path.join(os.tmpdir(), `suap-pglite-${process.pid}.tar.gz`);
  const [, template] = await Promise.all([preparePgliteDump(dumpFile), baseUrl ? preparePostgresTemplate(baseUrl) : Promise.resolve(null)]);
  project.provide('pgliteDump', dumpFile);
  project.provide('postgresTemplate', template);

  return async () => {
    await fs.rm(dumpFile, { force: true });
    if (baseUrl && template) await dropDatabase(baseUrl, template);
  };
}
