// The audit log (docs/architecture.md "Audit log"): security events an administrator reads. It is
// append-only in the database itself, not only in the code that writes it: a trigger refuses every
// UPDATE and TRUNCATE, and every DELETE unless the transaction set `suap.audit_retention` to 'on',
// which only the retention job does (services/audit/retention.ts). So neither a bug nor a hand-typed
// statement rewrites history; an operator who must delete rows says so explicitly, as the job does.
// Rows carry who acted (account, fiscal code and the provider's subject: personal data that belongs here, never in the
// process logs), what, on which request or account, how it ended, the route of a refusal, and
// the client's address.
import { type Kysely, sql } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE audit_log (
      audit_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_user_id integer,
      actor_fiscal_code text,
      actor_subject text,
      action text NOT NULL,
      outcome text NOT NULL,
      target_request_id integer,
      target_user_id integer,
      route text,
      client_address text
    );
    CREATE INDEX audit_log_at ON audit_log (at DESC, audit_id DESC);
    CREATE INDEX audit_log_actor ON audit_log (actor_fiscal_code, at DESC);
    CREATE INDEX audit_log_action ON audit_log (action, at DESC)
  `,
  );
  // A function body holds semicolons, so it is sent as one statement rather than through runScript.
  await sql
    .raw(
      `
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND coalesce(current_setting('suap.audit_retention', true), '') = 'on' THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END
    $$
  `,
    )
    .execute(db);
  await runScript(
    db,
    `
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TABLE audit_log;
    DROP FUNCTION audit_log_append_only()
  `,
  );
}
