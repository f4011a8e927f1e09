// Revoked access tokens, in the shared database so every instance refuses them at once. A row is
// needed only until the token would have expired anyway; expired rows are swept.
//
// The embedded provider's grants (docs/deployment.md "Tokens"): when the provider revokes a grant
// (a replayed authorization code, a reused refresh token, a logout), every access token issued
// under it is revoked here too, since the API verifies the JWTs itself and never asks the provider.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SIGN_IN_SECONDS } from '../idp/lifetimes.ts';

/**
 * How long a revoked grant is remembered: the embedded provider's grant lifetime, past which no
 * token of the grant can be issued or still be valid.
 */
export const REVOKED_GRANT_SECONDS = SIGN_IN_SECONDS;

export class RevocationStore {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async revoke(jti: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('revoked_tokens')
      .values({ jti, expires_at: expiresAt })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  }

  async isRevoked(jti: string): Promise<boolean> {
    const row = await this.db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Remembers that an access token was issued under a grant; if the grant was revoked meanwhile
   * (a replay racing the first redemption), the token is revoked at once. With revokeGrant writing
   * in the opposite order (grant first, then its tokens), one of the two always sees the other.
   */
  async recordIssued(jti: string, grantId: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('issued_access_tokens')
      .values({ jti, grant_id: grantId, expires_at: expiresAt })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
    const revoked = await this.db.selectFrom('revoked_grants').select('grant_id').where('grant_id', '=', grantId).executeTakeFirst();
    if (revoked) await this.revoke(jti, expiresAt);
  }

  /** Revokes every access token issued under the grant, and any issued under it from now on. */
  async revokeGrant(grantId: string, now = new Date()): Promise<void> {
    await this.db
      .insertInto('revoked_grants')
      .values({ grant_id: grantId, expires_at: new Date(now.getTime() + REVOKED_GRANT_SECONDS * 1000) })
      .onConflict((oc) => oc.column('grant_id').doNothing())
      .execute();
    await this.db
      .insertInto('revoked_tokens')
      .columns(['jti', 'expires_at'])
      .expression((eb) => eb.selectFrom('issued_access_tokens').select(['jti', 'expires_at']).where('grant_id', '=', grantId))
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  }

  async sweep(now = new Date()): Promise<number> {
    const result = await this.db.deleteFrom('revoked_tokens').where('expires_at', '<', now).executeTakeFirst();
    await this.db.deleteFrom('issued_access_tokens').where('expires_at', '<', now).execute();
    await this.db.deleteFrom('revoked_grants').where('expires_at', '<', now).execute();
    return Number(result.numDeletedRows);
  }
}
