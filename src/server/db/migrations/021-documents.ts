// Documents a request carries (docs/architecture.md "Documents"). They are rows, not files on a
// disk: a database backup carries them, and every instance of the portal serves them.
// - attachment: one uploaded document. It is inserted as 'uploading' before its bytes arrive and
//   flipped to 'stored' by a short transaction once they all did and the totals allow it; lists
//   and downloads see only 'stored' rows, and a sweep (services/background.ts) removes 'uploading'
//   rows an instance left behind when it stopped mid-upload. `sent` freezes the set sent with the
//   request; `answer_id` will link documents sent later with an integration answer.
// - attachment_chunk: the bytes, in ~256 KiB pieces written as they arrive, so neither the upload
//   nor the download ever holds a whole file in memory and no transaction stays open while a slow
//   client sends.
// The indexes carry `size` so the request's and the person's totals are index-only sums; the
// request's also serves the deletion of a draft's documents, 'uploading' ones included.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE attachment (
      attachment_id bigserial PRIMARY KEY,
      request_id bigint NOT NULL REFERENCES requests ON DELETE CASCADE,
      requirement_code text NOT NULL,
      file_name text NOT NULL,
      storage_name text NOT NULL,
      mime_type text NOT NULL,
      size bigint NOT NULL DEFAULT 0,
      hash text NOT NULL DEFAULT '',
      uploaded_on timestamptz NOT NULL DEFAULT now(),
      signature jsonb,
      pdfa_claimed text,
      owner_user_id integer NOT NULL REFERENCES users,
      status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'stored')),
      sent boolean NOT NULL DEFAULT false,
      answer_id integer
    );
    CREATE INDEX attachment_request ON attachment (request_id, requirement_code, uploaded_on, attachment_id) INCLUDE (size, status);
    CREATE INDEX attachment_owner ON attachment (owner_user_id) INCLUDE (size) WHERE status = 'stored';
    CREATE INDEX attachment_uploading ON attachment (uploaded_on) WHERE status = 'uploading';

    CREATE TABLE attachment_chunk (
      attachment_id bigint NOT NULL REFERENCES attachment ON DELETE CASCADE,
      seq integer NOT NULL,
      data bytea NOT NULL,
      PRIMARY KEY (attachment_id, seq)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TABLE attachment_chunk;
    DROP TABLE attachment;
  `,
  );
}
