// oidc-provider's storage in our database, so authorization codes, sessions and grants survive a
// restart and work across instances (a code issued by one instance is redeemed on another).
import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { RevocationStore } from '../auth/revocations.ts';
import type { Database } from '../db/schema.ts';

export function databaseAdapter(db: Kysely<Database>) {
  const revocations = new RevocationStore(db);
  return class DatabaseAdapter implements Adapter {
    private readonly kind: string;
    constructor(kind: string) {
      this.kind = kind;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        id,
        kind: this.kind,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('oidc_payloads')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['kind', 'id'])
            .doUpdateSet({ payload: row.payload, grant_id: row.grant_id, user_code: row.user_code, uid: row.uid, expires_at: row.expires_at }),
        )
        .execute();
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      // PostgreSQL text cannot hold NUL; an identifier carrying one was never issued, so it is unknown
      // (the provider then answers invalid_grant) rather than a database error.
      if (value.includes('\u0000')) return undefined;
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'consumed_at', 'expires_at'])
        .where('kind', '=', this.kind)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at && new Date(row.expires_at) < new Date())) return undefined;
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findBy('id', id);
    }
    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }
    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oidc_payloads').set({ consumed_at: new Date() }).where('kind', '=', this.kind).where('id', '=', id).execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('kind', '=', this.kind).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // The provider revokes a grant model by model, always the access tokens among them: that call
      // also revokes, at our API, the JWT access tokens issued under the grant (./token-families.ts).
      if (this.kind === 'AccessToken') await revocations.revokeGrant(grantId);
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }
  };
}
