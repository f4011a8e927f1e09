// The request desk shows the total number of requests on every page; counting a national table
// each time would scan it, so a trigger keeps the total (requests are never physically deleted,
// only moved to the deleted state, so only inserts change it).
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Function bodies stay on one line: runScript splits statements on semicolons that end a line.
  await runScript(
    db,
    `
    CREATE TABLE request_totals (id integer PRIMARY KEY CHECK (id = 1), total bigint NOT NULL);
    INSERT INTO request_totals (id, total) SELECT 1, count(*) FROM requests;
    CREATE FUNCTION count_new_request() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE request_totals SET total = total + 1 WHERE id = 1; RETURN NULL; END $$;
    CREATE TRIGGER requests_counted AFTER INSERT ON requests FOR EACH ROW EXECUTE FUNCTION count_new_request();
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TRIGGER requests_counted ON requests;
    DROP FUNCTION count_new_request();
    DROP TABLE request_totals;
  `,
  );
}
