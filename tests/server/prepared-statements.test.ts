import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PREPARED, openDatabase } from '../../src/server/db/database.ts';
import { testDatabases } from './support/databases.ts';
import { postgresUrlFor } from './support/names.ts';

// Hot statements marked PREPARED are named statements on a PostgreSQL server (parsed and planned
// once per connection); unmarked ones are not, and PGlite answers both alike.
describe.each(testDatabases())('marked statements on $kind', ({ kind, open }) => {
  it('prepares only what is marked, and answers marked statements the same', async () => {
    const handle = await open();
    try {
      // One connection, so the session's prepared statements are the ones this test made.
      const single = kind === 'postgres' ? await openDatabase({ databaseUrl: postgresUrlFor(process.env.TEST_DATABASE_URL!, await currentName(handle)), pgliteDir: null, poolSize: 1 }) : handle;
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

async function currentName(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(handle.db);
  return rows[0]!.name;
}
