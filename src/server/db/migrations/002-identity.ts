// Identity: the embedded provider's storage; revoked access tokens (shared by every instance until
// the token would have expired anyway); and the subjects seen at token exchange, with the claims of
// their ID token and the fiscal code the API trusts for them (from the token, or matched for eIDAS).
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE oidc_payloads (
      id text NOT NULL,
      kind text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (kind, id)
    );
    CREATE INDEX oidc_payloads_grant ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
    CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid) WHERE uid IS NOT NULL;
    CREATE INDEX oidc_payloads_expiry ON oidc_payloads (expires_at);
    CREATE TABLE revoked_tokens (
      jti text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);
    CREATE TABLE identity_subjects (
      subject text PRIMARY KEY,
      fiscal_code text,
      eidas_id text,
      claims jsonb NOT NULL,
      matched boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP TABLE identity_subjects, revoked_tokens, oidc_payloads;`);
}
