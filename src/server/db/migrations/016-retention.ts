// Personal data kept only as long as needed (docs/deployment.md, "Retention"):
// - requests.language: the language the citizen created the draft in, so the warning before its
//   storage limit speaks it (NULL for drafts created before: the warning is then bilingual);
// - requests.expiry_warning_for: the storage limit the owner was warned of. The warning job sets it
//   with a conditional UPDATE, so N instances send each warning once; a later save or a storage
//   limit moved by staff gives the draft another limit, which re-arms the warning by itself;
// - indexes for the purges, each a partial index over the rows still to purge.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE requests ADD COLUMN language text CHECK (language IN ('it', 'en'));
    ALTER TABLE requests ADD COLUMN expiry_warning_for date;
    CREATE INDEX requests_deleted_content ON requests (updated_on)
      WHERE state_of_request_id = 2 AND (personal_data IS NOT NULL OR procedure_notification IS NOT NULL OR partita_iva IS NOT NULL);
    CREATE INDEX outbox_delivered ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;
    CREATE INDEX identity_match_attempts_at ON identity_match_attempts (at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP INDEX identity_match_attempts_at;
    DROP INDEX outbox_delivered;
    DROP INDEX requests_deleted_content;
    ALTER TABLE requests DROP COLUMN expiry_warning_for;
    ALTER TABLE requests DROP COLUMN language;
  `,
  );
}
