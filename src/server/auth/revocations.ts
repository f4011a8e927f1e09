// Revoked access tokens, in the shared database so every instance refuses them at once. A row is
// needed only until the token would have expired anyway; expired rows are swept.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export class RevocationStore {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async revoke(jti: string, expiresAt: Date): Promise<void> {
    await this.db.insertInto('revoked_tokens').values({ jti, expires_at: expiresAt }).onConflict((oc) => oc.column('jti').doNothing()).execute();
  }

  async isRevoked(jti: string): Promise<boolean> {
    const row = await this.db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst();
    return row !== undefined;
  }

  async sweep(now = new Date()): Promise<number> {
    const result = await this.db.deleteFrom('revoked_tokens').where('expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
