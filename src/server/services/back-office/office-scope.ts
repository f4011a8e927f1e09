// Which requests a staff member reads (docs/architecture.md "The clerks' desk"): those of the offices
// they work for (staff_office), and drafts that name no office yet, which belong to no office and so
// to every staff member's view (the wizard's first steps; nobody acts on a draft). Any other request
// answers exactly like a missing one (staffRequestNotFound: the same bytes), on every desk call: the
// list, the details with their history, the documents, the PDF recap and the storage limit.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { CallerRow, Database } from '../../db/schema.ts';
import { staffRequestNotFound } from '../requests/ownership.ts';

/** The caller's offices; `every` when they are all the offices there are (the list then needs no condition). */
export interface OfficeScope {
  userId: number;
  officeIds: readonly number[];
  every: boolean;
}

/** The offices `caller` works for, read with the number of offices in one statement. */
export async function officeScopeOf(db: Kysely<Database>, caller: Pick<CallerRow, 'user_id'>): Promise<OfficeScope> {
  const result = await sql<{ suap_id: number | null; offices: string | number }>`
    SELECT so.suap_id, (SELECT count(*) FROM suap) AS offices
      FROM (SELECT 1) AS one LEFT JOIN staff_office so ON so.user_id = ${caller.user_id}
     ORDER BY so.suap_id`.execute(db);
  const officeIds = result.rows.flatMap((row) => (row.suap_id === null ? [] : [row.suap_id]));
  const offices = Number(result.rows[0]?.offices ?? 0);
  return { userId: caller.user_id, officeIds, every: officeIds.length >= offices };
}

/** Whether a request addressed to `suapId` (null: a draft with no office yet) is in the scope. */
export function inScope(scope: OfficeScope, suapId: number | null): boolean {
  return suapId === null || scope.every || scope.officeIds.includes(suapId);
}

/** `row` when the caller may read it; else the answer a missing request gets (the same bytes). */
export function visibleOrNotFound<Row extends { suap_id: number | null }>(scope: OfficeScope, row: Row | undefined): Row {
  if (!row || !inScope(scope, row.suap_id)) throw staffRequestNotFound();
  return row;
}

/**
 * The list's condition for a caller who does not work for every office: the request's office is one
 * of theirs (read from staff_office in the statement, by user id), or it names none.
 */
export function scopeCondition(suapId: Expression<number | null>, userId: Expression<number> | number): Expression<SqlBool> {
  return sql<SqlBool>`(${suapId} IS NULL OR ${suapId} IN (SELECT so.suap_id FROM staff_office so WHERE so.user_id = ${userId}))`;
}
