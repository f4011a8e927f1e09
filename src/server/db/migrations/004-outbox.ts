// Notifications leave through an outbox written in the same transaction as the change they report,
// and delivered at least once by a worker (each message carries its own idempotency id).
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE outbox (
      message_id text PRIMARY KEY,
      request_id bigint REFERENCES requests ON DELETE SET NULL,
      kind text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      body_text text NOT NULL,
      attachment_name text,
      attachment bytea,
      created_at timestamptz NOT NULL DEFAULT now(),
      available_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      delivered_at timestamptz,
      last_error text
    );
    CREATE INDEX outbox_pending ON outbox (available_at) WHERE delivered_at IS NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP TABLE outbox;`);
}
