// The back-office request desk at national scale: a trigram index for the text search (applicant,
// office, request number) and a sortable applicant name, so no list query scans the requests table.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    ALTER TABLE requests ADD COLUMN applicant_sort text NOT NULL DEFAULT '';
    UPDATE requests r SET applicant_sort = lower(u.first_name || ' ' || u.last_name) FROM users u WHERE u.user_id = r.user_id;
    CREATE INDEX requests_search_trgm ON requests USING gin (search_text gin_trgm_ops);
    CREATE INDEX requests_applicant_sort ON requests (applicant_sort, request_id);
    CREATE INDEX requests_state_sort ON requests (state_of_request_id, request_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP INDEX requests_state_sort;
    DROP INDEX requests_applicant_sort;
    DROP INDEX requests_search_trgm;
    ALTER TABLE requests DROP COLUMN applicant_sort;
  `,
  );
}
