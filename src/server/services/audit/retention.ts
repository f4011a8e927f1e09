// The audit log's retention (docs/deployment.md AUDIT_RETENTION_DAYS): lines older than the period
// are deleted. The table's trigger (migration 012) refuses every DELETE unless the transaction set
// `suap.audit_retention` to 'on'; this job is the one place that sets it, for its own transaction only.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Two years: long enough to answer for a sign-in or a read in the usual audit cycle. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

/** Deletes audit lines older than `retentionDays` before `now`; answers how many went. */
export async function purgeAuditLog(db: Kysely<Database>, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('suap.audit_retention', 'on', true)`.execute(trx);
    const result = await trx.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
