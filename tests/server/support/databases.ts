// The databases every server suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
// Each open() hands out a private copy of the seeded database, so tests in one file may write freely.
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, pgliteHandle, pgliteOptions, type DatabaseHandle } from '#server/db/database.ts';
import { postgresUrlFor, uniqueDatabaseName } from './names.ts';
import { createDatabase, dropDatabase } from './postgres-admin.ts';

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle>;
}

async function openPgliteCopy(): Promise<DatabaseHandle> {
  const dump = await fs.readFile(inject('pgliteDump'));
  return pgliteHandle(await PGlite.create({ loadDataDir: new Blob([dump]), ...(await pgliteOptions()) }));
}

async function openPostgresCopy(baseUrl: string, template: string): Promise<DatabaseHandle> {
  const name = uniqueDatabaseName('suap_test');
  await createDatabase(baseUrl, name, template);
  const handle = await openDatabase({ databaseUrl: postgresUrlFor(baseUrl, name), pgliteDir: null, poolSize: 10 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(baseUrl, name);
    },
  };
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ kind: 'pglite', open: openPgliteCopy }];
  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (baseUrl && template) list.push({ kind: 'postgres', open: () => openPostgresCopy(baseUrl, template) });
  return list;
}
