// The way back into a locked-out back office (docs/deployment.md "Locked out of the back office"):
// `npm run recover:admin` makes the person BOOTSTRAP_ADMIN_* names an active administrator again.
// The staff rules keep one active administrator (staff.ts), but a wrong code typed for the last one
// before those rules, a database edited by hand, or the one administrator leaving the office still
// lock everybody out: only the operator, who holds the configuration, can let someone back in.
// - A staff account with that fiscal code (staff sign in with the code their provider asserts) is
//   made an active administrator; none: it is created from the configured names and e-mail.
// - A created account leaves out an e-mail address another staff member already has (one address
//   per staff member, staff.ts): the administrator adds one once signed in.
// - The first start's bootstrap marker is set, so a later start does not create the account again.
// - Every change goes in the account's audit trail and the audit log with no actor (the operator,
//   who has no account), in one transaction with the change.
import { type Kysely, sql } from 'kysely';
import { Role } from '#shared/constants.ts';
import type { BootstrapAdmin } from '../../config.ts';
import { BOOTSTRAP_ADMIN_MARKER } from '../../db/seed/bootstrap-admin.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/log.ts';

export type RecoveryOutcome = 'created' | 'reactivated' | 'unchanged';

/** Nothing can be recovered; the message is one sentence for the operator. */
export class RecoveryRefusedError extends Error {}

export interface Recovery {
  outcome: RecoveryOutcome;
  userId: number;
}

/** Makes the configured person an active back-office administrator; says what it had to do. */
export async function recoverAdministrator(db: Kysely<Database>, admin: BootstrapAdmin): Promise<Recovery> {
  return db.transaction().execute(async (trx) => {
    // A database no portal has started on yet has no profiles: its first start creates the administrator itself.
    if (!(await trx.selectFrom('profiles').select('profile_id').where('profile_id', '=', Role.BO_ADMIN).executeTakeFirst())) {
      throw new RecoveryRefusedError(
        'the database has not been set up yet: start the portal (npm start), which creates the BOOTSTRAP_ADMIN_* administrator itself.',
      );
    }
    await trx
      .insertInto('app_config')
      .values({ key: BOOTSTRAP_ADMIN_MARKER, value: JSON.stringify(true) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const existing = await trx
      .selectFrom('users')
      .selectAll()
      .where('realm', '=', 'BO')
      .where('fiscal_code', '=', admin.fiscalCode)
      .forUpdate()
      .executeTakeFirst();
    if (existing) {
      if (existing.profile_id === Role.BO_ADMIN && existing.active === 1) return { outcome: 'unchanged', userId: existing.user_id };
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (existing.profile_id !== Role.BO_ADMIN) changes.profile_id = { from: existing.profile_id, to: Role.BO_ADMIN };
      if (existing.active !== 1) changes.active = { from: existing.active, to: 1 };
      await trx.updateTable('users').set({ profile_id: Role.BO_ADMIN, active: 1, updated_at: new Date() }).where('user_id', '=', existing.user_id).execute();
      await trx
        .insertInto('user_audit')
        .values({ user_id: existing.user_id, actor_user_id: null, action: 'modify', changes: JSON.stringify(changes) })
        .execute();
      await recordAudit(trx, { action: 'staff-modify', outcome: 'success', actor: null, targetUserId: existing.user_id });
      return { outcome: 'reactivated', userId: existing.user_id };
    }
    const emailTaken = admin.email
      ? await trx
          .selectFrom('users')
          .select('user_id')
          .where('realm', '=', 'BO')
          .where(sql`lower(email)`, '=', admin.email.toLowerCase())
          .executeTakeFirst()
      : undefined;
    const values = {
      first_name: admin.firstName,
      last_name: admin.lastName,
      fiscal_code: admin.fiscalCode,
      email: emailTaken ? null : admin.email,
      profile_id: Role.BO_ADMIN,
      active: 1,
    };
    const { user_id } = await trx
      .insertInto('users')
      .values({ realm: 'BO', eidas_id: null, ...values })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    const changes = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { from: null, to: value }]));
    await trx
      .insertInto('user_audit')
      .values({ user_id, actor_user_id: null, action: 'create', changes: JSON.stringify(changes) })
      .execute();
    await recordAudit(trx, { action: 'staff-create', outcome: 'success', actor: null, targetUserId: user_id });
    return { outcome: 'created', userId: user_id };
  });
}
