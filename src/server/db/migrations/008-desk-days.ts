// The clerks' desk (docs/architecture.md "The clerks' desk"):
// - A draft's storage limit is a calendar day (`date`), the day the clerk picked, in the office's
//   time zone: no instant, so no time zone can move it. Earlier limits were written as the end of a
//   UTC day (staff: `<day>T23:59:59Z`; the citizen's retention: the end of a UTC day), so the UTC
//   date of the stored instant is the day that was meant.
// - Every change of a storage limit is kept: who, when, from which day to which.
// - Status filter on the desk: each sort the desk offers has an index that starts with the state,
//   so a filtered page is read off an index like an unfiltered one (the requestId sort already has
//   requests_state_sort from 003).
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE requests ALTER COLUMN storage_limit TYPE date USING (storage_limit AT TIME ZONE 'UTC')::date;

    CREATE TABLE storage_limit_changes (
      change_id bigserial PRIMARY KEY,
      request_id bigint NOT NULL REFERENCES requests ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT now(),
      actor_user_id integer REFERENCES users,
      from_day date,
      to_day date NOT NULL
    );
    CREATE INDEX storage_limit_changes_request ON storage_limit_changes (request_id, at);

    CREATE INDEX requests_state_sent_date ON requests (state_of_request_id, sent_request_date DESC NULLS LAST, request_id DESC);
    CREATE INDEX requests_state_applicant ON requests (state_of_request_id, applicant_sort, request_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP INDEX requests_state_applicant;
    DROP INDEX requests_state_sent_date;
    DROP TABLE storage_limit_changes;
    ALTER TABLE requests ALTER COLUMN storage_limit TYPE timestamptz USING (storage_limit + time '23:59:59') AT TIME ZONE 'UTC';
  `,
  );
}
