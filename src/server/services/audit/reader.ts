// Reading the audit log for administrators (docs/architecture.md "Audit log"): one page, newest
// first unless asked otherwise, filtered by the person who acted, the action and a range of office
// days. A fiscal code finds exactly that person (as actor, whether or not they had an account);
// other text matches the name of the actor's account, accents and case aside.
import { sql, type Kysely } from 'kysely';
import { type AuditAction, type AuditEntry, type AuditSortField } from '#shared/api/audit.ts';
import type { ListQuery } from '#shared/api/list-query.ts';
import { deskSearchOf } from '#shared/api/back-office.ts';
import { OFFICE_TIME_ZONE } from '#shared/dates.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern } from '../master-data.ts';

export interface AuditFilters {
  action: AuditAction | null;
  /** Office days (YYYY-MM-DD), both included. */
  from: string | null;
  to: string | null;
}

export class AuditLogReader {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async list(query: ListQuery<AuditSortField>, filters: AuditFilters): Promise<{ items: AuditEntry[]; totalResults: number }> {
    let base = this.db.selectFrom('audit_log as a').leftJoin('users as u', 'u.user_id', 'a.actor_user_id');
    if (query.filter) {
      const search = deskSearchOf(query.filter);
      if (search.kind === 'fiscalCode') base = base.where('a.actor_fiscal_code', '=', search.fiscalCode);
      else {
        const folded = sql<string>`translate(lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), 'àáâäèéêëìíîïòóôöùúûü', 'aaaaeeeeiiiioooouuuu')`;
        base = base.where(folded, 'like', containsPattern(query.filter));
      }
    }
    if (filters.action) base = base.where('a.action', '=', filters.action);
    // An office day starts at its midnight in Rome: compared as instants, so the index on `at` serves.
    if (filters.from) base = base.where('a.at', '>=', sql<Date>`(${filters.from}::date)::timestamp AT TIME ZONE ${OFFICE_TIME_ZONE}`);
    if (filters.to) base = base.where('a.at', '<', sql<Date>`(${filters.to}::date + 1)::timestamp AT TIME ZONE ${OFFICE_TIME_ZONE}`);
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'a.audit_id',
        'a.at',
        'a.action',
        'a.outcome',
        'a.actor_user_id',
        'a.actor_fiscal_code',
        'a.target_request_id',
        'a.target_user_id',
        'a.route',
        'a.client_address',
        sql<string | null>`u.first_name || ' ' || u.last_name`.as('actor_name'),
      ])
      .orderBy('a.at', query.sort.type)
      .orderBy('a.audit_id', query.sort.type)
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return {
      totalResults: Number(total),
      items: rows.map((r) => ({
        auditId: Number(r.audit_id),
        at: new Date(r.at).toISOString(),
        action: r.action as AuditAction,
        outcome: r.outcome,
        actorUserId: r.actor_user_id,
        actorFiscalCode: r.actor_fiscal_code,
        actorName: r.actor_name,
        targetRequestId: r.target_request_id,
        targetUserId: r.target_user_id,
        route: r.route,
        clientAddress: r.client_address,
      })),
    };
  }
}
