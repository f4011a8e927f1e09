// The clerks' request desk: a paged, sortable, searchable list over every request, details with
// the named history, decisions on sent requests, and draft storage limits.
import { type Kysely, sql } from 'kysely';
import type { BoRequestSortField, DecisionRequest } from '../../../shared/api/back-office.ts';
import type { ListQuery } from '../../../shared/api/list-query.ts';
import type { HistoryEntry, SuapRequest } from '../../../shared/api/requests.ts';
import { RequestState } from '../../../shared/constants.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { ApiError } from '../../plugins/errors.ts';
import { containsPattern } from '../master-data.ts';
import { SearchTotals } from './search-totals.ts';
import { precompiled } from '../../db/precompiled.ts';
import { decisionForApplicant } from '../notifications/messages.ts';
import { enqueue } from '../notifications/outbox.ts';
import { canMove, recordTransition } from '../requests/lifecycle.ts';
import type { ReferenceCatalog } from '../reference-catalog.ts';
import { readHistory, requestById, selectRequests, toApiRequest } from '../requests/read.ts';

/** A desk search: a number finds that request; text matches applicant and office (trigram index). */
function searchFilter(filter: string): { kind: 'id'; id: number } | { kind: 'text'; pattern: string } {
  return /^\d{1,15}$/.test(filter) ? { kind: 'id', id: Number(filter) } : { kind: 'text', pattern: containsPattern(filter) };
}

const SORT_COLUMNS: Record<BoRequestSortField, 'r.request_id' | 'r.sent_request_date' | 'r.applicant_sort' | 'r.state_of_request_id'> = {
  requestId: 'r.request_id',
  sentRequestDate: 'r.sent_request_date',
  firstName: 'r.applicant_sort',
  stateOfRequest: 'r.state_of_request_id',
};

type FilterKind = 'none' | 'id' | 'text';
type Sort = ListQuery<BoRequestSortField>['sort'];

/**
 * One page of the desk in one statement: the page's ids are picked on the sort column's index,
 * then joined with their applicants, and the unfiltered total (kept by a trigger) rides along.
 */
function pageQuery(db: Kysely<Database>, sort: Sort, filter: { kind: 'id' | 'text'; value: number | string } | null, size: number, offset: number) {
  let filtered = db.selectFrom('requests as r');
  if (filter?.kind === 'id') filtered = filtered.where('r.request_id', '=', filter.value as number);
  if (filter?.kind === 'text') filtered = filtered.where('r.search_text', 'like', filter.value as string);
  // Only the sent date can be empty (drafts); NULLS LAST on a NOT NULL column would stop
  // PostgreSQL from reading the order straight off its index, so it is added only there.
  const direction = sort.type === 'desc' ? sql`DESC` : sql`ASC`;
  const order = sql`${sql.ref(SORT_COLUMNS[sort.field])} ${sort.field === 'sentRequestDate' ? sql`${direction} NULLS LAST` : direction}`;
  // The page size is written into the statement (it is one of a few values): with a LIMIT the
  // planner cannot see, its generic plan would expect a tenth of the table and hash-join it all.
  const pageIds = filtered.select('r.request_id').orderBy(order).orderBy('r.request_id', sort.type).limit(sql.lit(size)).offset(offset);
  return selectRequests(db)
    .select(sql<string>`(SELECT total FROM request_totals WHERE id = 1)`.as('all_requests'))
    .where('r.request_id', 'in', pageIds)
    .orderBy(order)
    .orderBy('r.request_id', sort.type);
}

type PageRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

// Statements by shape (sort column, direction, kind of search, page size: the size is bounded by
// MAX_PAGE_SIZE and clients use one or two), each compiled once.
const pageStatements = new Map<string, (db: Kysely<Database>, ...args: (number | string)[]) => Promise<PageRow[]>>();

function deskPage(sort: Sort, kind: FilterKind, size: number) {
  const key = `${sort.field}:${sort.type}:${kind}:${size}`;
  let statement = pageStatements.get(key);
  if (!statement) {
    statement = (kind === 'none'
      ? precompiled(1, (db: Kysely<Database>, offset: number) => pageQuery(db, sort, null, size, offset))
      : // A search's plan depends on its pattern (rare name: trigram index; common one: walk the
        // sort index), so text searches are planned on every call.
        precompiled(2, (db: Kysely<Database>, value: number | string, offset: number) => pageQuery(db, sort, { kind, value }, size, offset), { prepare: kind !== 'text' })) as (db: Kysely<Database>, ...args: (number | string)[]) => Promise<PageRow[]>;
    pageStatements.set(key, statement);
  }
  return statement;
}

export class BackOfficeRequests {
  private readonly db: Kysely<Database>;
  private readonly portalUrl: string;
  private readonly catalog: ReferenceCatalog;
  private readonly searchTotals: SearchTotals;
  constructor(db: Kysely<Database>, portalUrl: string, catalog: ReferenceCatalog, searchTotals = new SearchTotals()) {
    this.db = db;
    this.portalUrl = portalUrl;
    this.catalog = catalog;
    this.searchTotals = searchTotals;
  }

  /**
   * One page of the desk in one statement: the page's ids are picked on the sort column's index,
   * then joined with their applicants, and the unfiltered total (kept by a trigger) rides along.
   * A search's total is counted once and reused while the clerk pages through it (see
   * SearchTotals); only an empty page costs a second round trip, to learn the total.
   */
  async list(query: ListQuery<BoRequestSortField>): Promise<{ items: SuapRequest[]; totalResults: number }> {
    const filter = query.filter ? searchFilter(query.filter) : null;
    const offset = (query.page - 1) * query.size;
    const countAll = () => {
      let matching = this.db.selectFrom('requests as r');
      if (filter?.kind === 'id') matching = matching.where('r.request_id', '=', filter.id);
      if (filter?.kind === 'text') matching = matching.where('r.search_text', 'like', filter.pattern);
      return matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow().then((row) => Number(row.total));
    };
    // A search's total is counted beside the page (in parallel), or taken from the recent count.
    const searchTotal = filter?.kind === 'text' ? this.searchTotals.get(filter.pattern, countAll) : null;
    const [rows, catalog] = await Promise.all([
      filter === null
        ? deskPage(query.sort, 'none', query.size)(this.db, offset)
        : deskPage(query.sort, filter.kind, query.size)(this.db, filter.kind === 'id' ? filter.id : filter.pattern, offset),
      this.catalog.snapshot(),
    ]);
    let total: number;
    if (searchTotal) total = await searchTotal;
    else if (!filter && rows.length > 0) total = Number(rows[0]!.all_requests);
    else if (filter?.kind === 'id' && query.page === 1) total = rows.length;
    else total = filter ? await countAll() : Number((await this.db.selectFrom('request_totals').select('total').where('id', '=', 1).executeTakeFirstOrThrow()).total);
    return { totalResults: total, items: rows.map((row) => toApiRequest(row, catalog)) };
  }

  async get(requestId: number, db: Kysely<Database> = this.db, withHistory = true): Promise<SuapRequest> {
    const [row] = await requestById(db, requestId);
    if (!row) throw new ApiError(404, 'Not Found', `No request ${requestId}.`);
    return toApiRequest(row, await this.catalog.snapshot(), withHistory ? await readHistory(db, requestId, true) : undefined);
  }

  /** A request's history with the names of the staff who moved it. */
  history(requestId: number): Promise<HistoryEntry[]> {
    return readHistory(this.db, requestId, true);
  }

  async decide(staff: UserRow, requestId: number, decision: DecisionRequest): Promise<SuapRequest> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('requests').select(['state_of_request_id', 'version']).where('request_id', '=', requestId).forUpdate().executeTakeFirst();
      if (!current) throw new ApiError(404, 'Not Found', `No request ${requestId}.`);
      if (!canMove(current.state_of_request_id, decision.stateOfRequestId)) {
        throw new ApiError(409, 'Conflict', 'Only a sent request can be accepted or rejected.');
      }
      if (current.version !== decision.version) throw new ApiError(409, 'stale-version', 'The request changed meanwhile: reload it.');
      const now = new Date();
      await trx
        .updateTable('requests')
        .set({ state_of_request_id: decision.stateOfRequestId, decided_on: now, decision_reason: decision.reason, updated_on: now, version: current.version + 1 })
        .where('request_id', '=', requestId)
        .execute();
      await recordTransition(trx, requestId, current.state_of_request_id, decision.stateOfRequestId, { userId: staff.user_id, profileId: staff.profile_id }, decision.reason);
      const decided = await this.get(requestId, trx);
      await enqueue(trx, requestId, [decisionForApplicant(decided, this.portalUrl)]);
      return decided;
    });
  }

  async setStorageLimit(requestId: number, limit: string): Promise<Date> {
    const date = new Date(`${limit}T23:59:59Z`);
    if (Number.isNaN(date.getTime()) || date.getTime() < Date.now()) throw new ApiError(400, 'Bad Request', 'storageLimit: must be a date in the future.');
    const result = await this.db
      .updateTable('requests')
      .set({ storage_limit: date })
      .where('request_id', '=', requestId)
      .where('state_of_request_id', '=', RequestState.DRAFT)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const exists = await this.db.selectFrom('requests').select('request_id').where('request_id', '=', requestId).executeTakeFirst();
      throw exists ? new ApiError(409, 'Conflict', 'Only a draft has a storage limit.') : new ApiError(404, 'Not Found', `No request ${requestId}.`);
    }
    return date;
  }
}
