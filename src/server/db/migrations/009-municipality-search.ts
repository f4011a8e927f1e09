// Office search finds places (issue #14.5): a free-text office search also matches the municipalities
// an office serves, with LIKE '%text%' on their folded names. A trigram index answers that with a
// bitmap index scan instead of reading every municipality on each keystroke-driven search.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX municipalities_search_trgm ON municipalities USING gin (search_text gin_trgm_ops);
  `);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    DROP INDEX municipalities_search_trgm;
  `);
}
