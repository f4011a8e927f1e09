// Office search finds places (docs/architecture.md "The citizen's journey with real data"): a free-text office search also matches the municipalities
// an office serves, with LIKE '%text%' on their folded names. A trigram index answers that with a
// bitmap index scan instead of reading every municipality on each search. fastupdate is off: the
// seed inserts the 7,896 municipalities after this migration, and with GIN's pending list they would
// wait there until a vacuum (PGlite has no autovacuum), making the planner prefer a scan.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX municipalities_search_trgm ON municipalities USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP INDEX municipalities_search_trgm;
  `,
  );
}
