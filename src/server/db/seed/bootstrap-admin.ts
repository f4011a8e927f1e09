// The first administrator of a production database (docs/architecture.md "Identity"): with an external identity provider
// no demo people are seeded, so the configuration names one person (BOOTSTRAP_ADMIN_*) who becomes
// a back-office administrator and can then register the rest of the staff. Created once: a marker
// records it, so a later start never re-creates or re-activates the account an administrator has
// since changed, and instances starting together insert it once (unique index, ON CONFLICT).
import { joinEveryOffice } from '../../services/back-office/staff-offices.ts';
import type { Kysely } from 'kysely';
import { Role } from '#shared/constants.ts';
import type { BootstrapAdmin } from '../../config.ts';
import type { Database } from '../schema.ts';
import { recordAudit } from '../../services/audit/log.ts';

/** The app_config key recording that the first administrator was created (recovery sets it too). */
export const BOOTSTRAP_ADMIN_MARKER = 'bootstrap_admin';

/** Creates the configured administrator unless one was created before; true when it did. */
export async function ensureBootstrapAdmin(db: Kysely<Database>, admin: BootstrapAdmin | null): Promise<boolean> {
  if (!admin) return false;
  return db.transaction().execute(async (trx) => {
    const marker = await trx
      .insertInto('app_config')
      .values({ key: BOOTSTRAP_ADMIN_MARKER, value: JSON.stringify(true) })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!marker) return false;
    const created = await trx
      .insertInto('users')
      .values({
        realm: 'BO',
        fiscal_code: admin.fiscalCode,
        eidas_id: null,
        first_name: admin.firstName,
        last_name: admin.lastName,
        email: admin.email,
        profile_id: Role.BO_ADMIN,
        active: 1,
      })
      .onConflict((oc) => oc.columns(['realm', 'fiscal_code']).where('fiscal_code', 'is not', null).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    // The first administrator's creation is a staff change like any other, by nobody's account.
    if (created) await joinEveryOffice(trx, [created.user_id]);
    if (created) await recordAudit(trx, { action: 'staff-create', outcome: 'success', actor: null, targetUserId: created.user_id });
    return Boolean(created);
  });
}
