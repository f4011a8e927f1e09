// Staff management for administrators (spec §7 back-office user calls, issue rules): every change
// is validated, guarded against locking the office out, and recorded in the user's audit trail.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { BoUserSortField, StaffWrite } from '#shared/api/back-office.ts';
import type { ListQuery } from '#shared/api/list-query.ts';
import { type Language, Role } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';
import type { CallerRow, Database, UserRow } from '../../db/schema.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { hasValidCheckCharacter } from '#shared/fiscal-code-check.ts';
import { joinEveryOffice } from './staff-offices.ts';
import { ApiError } from '../../plugins/errors.ts';
import { containsPattern } from '../master-data.ts';
import { toApiUser } from '../users.ts';
import { recordAudit, NO_AUDIT_CONTEXT, type AuditContext } from '../audit/log.ts';

const STAFF_PROFILES: number[] = [Role.BO_ADMIN, Role.BO_COLLAB, Role.CLERK];

const SORTS: Record<BoUserSortField, string[]> = {
  firstName: ['u.first_name', 'u.last_name'],
  lastName: ['u.last_name', 'u.first_name'],
  fiscalCode: ['u.fiscal_code'],
  email: ['u.email'],
  profile: ['u.profile_id'],
  active: ['u.active'],
};

export interface AuditEntry {
  at: string;
  action: string;
  actorName: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
}

/**
 * Refuses a change that would leave the office without an active administrator able to sign in
 * (docs/deployment.md "Locked out of the back office"): demoting or deactivating the last one, by
 * anyone, or the last one changing their own fiscal code. Staff sign in with the code their identity
 * provider asserts, so a mistyped own code locks its writer out at once: another active
 * administrator must remain who can correct it. `admins` are the active administrators, locked.
 */
function assertAnAdministratorRemains(
  admins: { user_id: number }[],
  caller: CallerRow,
  current: UserRow,
  next: Pick<UserRow, 'profile_id' | 'active' | 'fiscal_code'>,
): void {
  // Only a change to the one remaining active administrator can leave none.
  if (admins.length !== 1 || admins[0]!.user_id !== current.user_id) return;
  const staysAdmin = next.profile_id === Role.BO_ADMIN && next.active === 1;
  if (!staysAdmin)
    throw new ApiError({
      status: 400,
      field: 'profile',
      errorKey: ErrorKey.lastAdministrator,
      description: 'the office must keep at least one active administrator.',
    });
  if (current.user_id === caller.user_id && next.fiscal_code !== current.fiscal_code) {
    throw new ApiError({
      status: 400,
      field: 'fiscalCode',
      errorKey: ErrorKey.lastAdministrator,
      description: 'you are the only active administrator; appoint another administrator before changing your own fiscal code.',
    });
  }
}

export class StaffDirectory {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async list(query: ListQuery<BoUserSortField>, language: Language): Promise<{ items: User[]; totalResults: number }> {
    let base = this.db.selectFrom('users as u').where('u.realm', '=', 'BO');
    if (query.filter) {
      // Staff are a few hundred rows at most: fold accents in SQL rather than keep a search column.
      const folded = sql<string>`translate(lower(u.first_name || ' ' || u.last_name || ' ' || coalesce(u.fiscal_code, '') || ' ' || coalesce(u.email, '')), 'àáâäèéêëìíîïòóôöùúûü', 'aaaaeeeeiiiioooouuuu')`;
      base = base.where(folded, 'like', containsPattern(query.filter));
    }
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    let rows = base.selectAll('u');
    for (const column of SORTS[query.sort.field]) rows = rows.orderBy(sql.ref(column), query.sort.type);
    const page = await rows
      .orderBy('u.user_id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { totalResults: Number(total), items: await Promise.all(page.map((row) => toApiUser(this.db, row, language))) };
  }

  private async staffRow(db: Kysely<Database>, userId: number): Promise<UserRow> {
    const row = await db.selectFrom('users').selectAll().where('user_id', '=', userId).where('realm', '=', 'BO').executeTakeFirst();
    if (!row) throw new ApiError({ status: 404, description: `No staff member ${userId}.` });
    return row;
  }

  async get(userId: number, language: Language): Promise<{ user: User; audit: AuditEntry[] }> {
    const row = await this.staffRow(this.db, userId);
    const audit = await this.db
      .selectFrom('user_audit as a')
      .leftJoin('users as actor', 'actor.user_id', 'a.actor_user_id')
      .select(['a.at', 'a.action', 'a.changes', sql<string | null>`actor.first_name || ' ' || actor.last_name`.as('actor_name')])
      .where('a.user_id', '=', userId)
      .orderBy('a.at', 'desc')
      .orderBy('a.audit_id', 'desc')
      .execute();
    return {
      user: await toApiUser(this.db, row, language),
      audit: audit.map((a) => ({
        at: new Date(a.at).toISOString(),
        action: a.action,
        actorName: a.actor_name,
        changes: (typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes) as AuditEntry['changes'],
      })),
    };
  }

  private validate(body: StaffWrite): void {
    if (!STAFF_PROFILES.includes(body.profile.profileId))
      throw new ApiError({ status: 400, field: 'profile', description: 'must be administrator (2) or collaborator (3).' });
    // The shape is the route schema's (Patterns.fiscalCode); the check character is the same shared
    // rule the staff form applies before sending.
    if (!hasValidCheckCharacter(body.fiscalCode))
      throw new ApiError({
        status: 400,
        field: 'fiscalCode',
        errorKey: ErrorKey.invalidCheckCharacter,
        description: 'not a valid fiscal code (its check character does not match).',
      });
  }

  private async assertUniqueFiscalCode(trx: Transaction<Database>, fiscalCode: string, exceptUserId: number | null): Promise<void> {
    let query = trx.selectFrom('users').select('user_id').where('realm', '=', 'BO').where('fiscal_code', '=', fiscalCode);
    if (exceptUserId !== null) query = query.where('user_id', '<>', exceptUserId);
    if (await query.executeTakeFirst())
      throw new ApiError({
        status: 400,
        field: 'fiscalCode',
        errorKey: ErrorKey.duplicateFiscalCode,
        description: 'a staff member with this fiscal code already exists.',
      });
  }

  /** An e-mail address belongs to one staff member (compared without case). */
  private async assertUniqueEmail(trx: Transaction<Database>, email: string, exceptUserId: number | null): Promise<void> {
    let query = trx
      .selectFrom('users')
      .select('user_id')
      .where('realm', '=', 'BO')
      .where(sql`lower(email)`, '=', email.toLowerCase());
    if (exceptUserId !== null) query = query.where('user_id', '<>', exceptUserId);
    if (await query.executeTakeFirst())
      throw new ApiError({
        status: 400,
        field: 'email',
        errorKey: ErrorKey.duplicateEmail,
        description: 'a staff member with this e-mail address already exists.',
      });
  }

  /** The administrator's audit line of a change, in the change's transaction (docs/architecture.md "Audit log"). */
  private audit(
    trx: Transaction<Database>,
    admin: CallerRow,
    action: 'staff-create' | 'staff-modify' | 'staff-deactivate',
    userId: number,
    context: AuditContext,
  ) {
    const actor = { userId: admin.user_id, fiscalCode: admin.fiscal_code, subject: null };
    return recordAudit(trx, { action, outcome: 'success', actor, targetUserId: userId, clientAddress: context.clientAddress });
  }

  async create(admin: CallerRow, body: StaffWrite, context: AuditContext = NO_AUDIT_CONTEXT): Promise<number> {
    this.validate(body);
    const fiscalCode = body.fiscalCode.toUpperCase();
    return this.db.transaction().execute(async (trx) => {
      await this.assertUniqueFiscalCode(trx, fiscalCode, null);
      await this.assertUniqueEmail(trx, body.email.trim(), null);
      const values = {
        first_name: body.firstName.trim(),
        last_name: body.lastName.trim(),
        fiscal_code: fiscalCode,
        email: body.email.trim(),
        profile_id: body.profile.profileId,
        active: body.active ?? 1,
      };
      const { user_id } = await trx
        .insertInto('users')
        .values({ realm: 'BO', ...values })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      await joinEveryOffice(trx, [user_id]);
      const changes = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { from: null, to: v }]));
      await trx
        .insertInto('user_audit')
        .values({ user_id, actor_user_id: admin.user_id, action: 'create', changes: JSON.stringify(changes) })
        .execute();
      await this.audit(trx, admin, 'staff-create', user_id, context);
      return user_id;
    });
  }

  async modify(admin: CallerRow, body: StaffWrite, context: AuditContext = NO_AUDIT_CONTEXT): Promise<number> {
    if (!body.userId) throw new ApiError({ status: 400, field: 'userId', description: 'required to modify a staff member.' });
    this.validate(body);
    const userId = body.userId;
    return this.db.transaction().execute(async (trx) => {
      // Lock the active administrators first, so two concurrent changes cannot both remove "the other" last one.
      const admins = await trx
        .selectFrom('users')
        .select('user_id')
        .where('realm', '=', 'BO')
        .where('profile_id', '=', Role.BO_ADMIN)
        .where('active', '=', 1)
        .forUpdate()
        .execute();
      const current = await this.staffRow(trx, userId);
      const next = {
        first_name: body.firstName.trim(),
        last_name: body.lastName.trim(),
        fiscal_code: body.fiscalCode.toUpperCase(),
        email: body.email.trim(),
        profile_id: body.profile.profileId,
        active: body.active ?? current.active,
      };
      if (userId === admin.user_id && next.active === 0)
        throw new ApiError({ status: 400, field: 'active', errorKey: ErrorKey.selfDeactivation, description: 'you cannot deactivate yourself.' });
      assertAnAdministratorRemains(admins, admin, current, next);
      await this.assertUniqueFiscalCode(trx, next.fiscal_code, userId);
      await this.assertUniqueEmail(trx, next.email, userId);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [key, value] of Object.entries(next)) {
        const before = current[key as keyof UserRow];
        if (before !== value) changes[key] = { from: before, to: value };
      }
      if (Object.keys(changes).length === 0) return userId;
      await trx
        .updateTable('users')
        .set({ ...next, updated_at: new Date() })
        .where('user_id', '=', userId)
        .execute();
      await trx
        .insertInto('user_audit')
        .values({ user_id: userId, actor_user_id: admin.user_id, action: 'modify', changes: JSON.stringify(changes) })
        .execute();
      await this.audit(trx, admin, changes.active?.to === 0 ? 'staff-deactivate' : 'staff-modify', userId, context);
      return userId;
    });
  }
}
