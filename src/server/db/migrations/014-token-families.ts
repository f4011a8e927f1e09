// Token families of the embedded identity provider (docs/deployment.md "Tokens"). The API checks
// the provider's JWT access tokens itself, so when the provider revokes a grant (a replayed code, a
// reused refresh token, a revoked refresh token, a logout) the access tokens it issued under that
// grant must reach `revoked_tokens` too: `issued_access_tokens` remembers which grant each access
// token came from, `revoked_grants` which grants were revoked, so a token issued while its grant
// was being revoked is caught whichever of the two writes lands first.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE issued_access_tokens (
      jti text PRIMARY KEY,
      grant_id text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX issued_access_tokens_grant ON issued_access_tokens (grant_id);
    CREATE INDEX issued_access_tokens_expiry ON issued_access_tokens (expires_at);
    CREATE TABLE revoked_grants (
      grant_id text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX revoked_grants_expiry ON revoked_grants (expires_at)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP TABLE issued_access_tokens, revoked_grants;`);
}
