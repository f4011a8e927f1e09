import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PREPARED, openDatabase } from '#server/db/database.ts';
import { precompiled } from '#server/db/precompiled.ts';
import type { Database } from '#server/db/schema.ts';
import { testDatabases } from './support/databases.ts';
import { postgresUrlFor } from './support/names.ts';

// Hot statements marked PREPARED are named statements on a PostgreSQL server (parsed and planned
// once per connection); unmarked ones are not, and PGlite answers both alike.
describe.each(testDatabases())('marked statements on $kind', ({ kind, open }) => {
  it('prepares only what is marked, and answers marked statements the same', async () => {
    const handle = await open();
    try {
      // One connection, so the session's prepared statements are the ones this test made.
      const single =
        kind === 'postgres'
          ? await openDatabase({ databaseUrl: postgresUrlFor(process.env.TEST_DATABASE_URL!, await currentName(handle)), pgliteDir: null, poolSize: 1 })
          : handle;
      const db = single.db;
      const byRegion = (id: number) => db.selectFrom('regions').select('name_it').where('region_id', '=', id);
      const marked = await byRegion(12).modifyEnd(PREPARED).executeTakeFirst();
      const again = await byRegion(3).modifyEnd(PREPARED).executeTakeFirst();
      const plain = await byRegion(12).executeTakeFirst();
      expect(marked).toEqual(plain);
      expect(again?.name_it).not.toBe(marked?.name_it);
      if (kind === 'postgres') {
        const prepared = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db);
        expect(prepared.rows).toHaveLength(1);
        expect(prepared.rows[0]!.statement).toContain('/* prepared */');
        await single.close();
      }
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabases())('precompiled statements on $kind', ({ open }) => {
  it('compiles once and answers each call with its own values', async () => {
    const handle = await open();
    try {
      const regionName = precompiled(['id'], (db: Kysely<Database>, { id }: { id: number }) =>
        db.selectFrom('regions').select('name_it').where('region_id', '=', id),
      );
      const [lazio] = await regionName(handle.db, { id: 12 });
      const [other] = await regionName(handle.db, { id: 3 });
      expect(lazio?.name_it).toBe('Lazio');
      expect(other?.name_it).not.toBe('Lazio');
      expect(await regionName(handle.db, { id: -1 })).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('passes each argument by its name, whatever the order the statement reads them in', async () => {
    const handle = await open();
    try {
      const regionsBetween = precompiled(['from', 'to'], (db: Kysely<Database>, { to, from }: { from: number; to: number }) =>
        db.selectFrom('regions').select('region_id').where('region_id', '<=', to).where('region_id', '>=', from).orderBy('region_id'),
      );
      expect((await regionsBetween(handle.db, { from: 3, to: 5 })).map((row) => row.region_id)).toEqual([3, 4, 5]);
      expect((await regionsBetween(handle.db, { to: 12, from: 12 })).map((row) => row.region_id)).toEqual([12]);
    } finally {
      await handle.close();
    }
  });

  it('refuses a statement that does not use every argument as a value', async () => {
    const handle = await open();
    try {
      const careless = precompiled(['id', 'unused'], (db: Kysely<Database>, { id }: { id: number; unused: string }) =>
        db.selectFrom('regions').select('name_it').where('region_id', '=', id),
      );
      await expect(careless(handle.db, { id: 12, unused: 'x' })).rejects.toThrow(/does not use its arguments unused/);
    } finally {
      await handle.close();
    }
  });

  it('refuses a statement that reads an argument it does not name', async () => {
    const handle = await open();
    try {
      const unnamed = precompiled(['id'], (db: Kysely<Database>, args: { id: number; other: number }) =>
        db.selectFrom('regions').select('name_it').where('region_id', '=', args.id).where('region_id', '<>', args.other),
      );
      await expect(unnamed(handle.db, { id: 12, other: 3 })).rejects.toThrow(/reads other, which is not among its arguments/);
    } finally {
      await handle.close();
    }
  });
});

async function currentName(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(handle.db);
  return rows[0]!.name;
}
