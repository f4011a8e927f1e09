// The clerks' request desk: a paged, sortable, searchable list over every request (filtered by
// state; searched by request number, applicant's code, name or office), details with the named
// history, decisions on sent requests, and draft storage limits as calendar days with their history.
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { type BoRequestSortField, type DecisionRequest, deskSearchOf, type StorageLimitChange } from '#shared/api/back-office.ts';
import type { ListQuery } from '#shared/api/list-query.ts';
import type { HistoryEntry, SuapRequest } from '#shared/api/requests.ts';
import { RequestState, SearchBar } from '#shared/constants.ts';
import { type DayRange, DEFAULT_STORAGE_LIMIT_MAX_YEARS, officeToday, storageLimitProblem, storageLimitRange } from '#shared/dates.ts';
import type { CallerRow, Database, RequestsTable } from '../../db/schema.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { ApiError } from '../../plugins/errors.ts';
import { containsPattern } from '../master-data.ts';
import { SearchTotals } from './search-totals.ts';
import { precompiled } from '../../db/precompiled.ts';
import { decisionForApplicant } from '../notifications/messages.ts';
import { enqueue } from '../notifications/outbox.ts';
import { canMove, recordTransition } from '../requests/lifecycle.ts';
import type { ReferenceCatalog } from '../reference-catalog.ts';
import { readHistory, recapKeyById, recapSourceOf, requestById, selectRequests, toApiRequest, type RecapSource } from '../requests/read.ts';

/** A desk search as the statement takes it: a request number, an applicant's code, or a trigram pattern. */
type SearchKind = 'none' | 'id' | 'fiscalCode' | 'text';
type Search = { kind: 'id'; value: number } | { kind: 'fiscalCode'; value: string } | { kind: 'text'; value: string } | null;

/** The desk's search rule (src/shared) as the statement takes it; a too-short text is refused. */
function searchOf(filter: string | null): Search {
  if (filter === null) return null;
  const search = deskSearchOf(filter);
  if (search.kind === 'number') return { kind: 'id', value: search.requestId };
  if (search.kind === 'fiscalCode') return { kind: 'fiscalCode', value: search.fiscalCode };
  if (search.kind === 'text') return { kind: 'text', value: containsPattern(search.text) };
  throw new ApiError({
    status: 400,
    field: 'filter',
    description: `a search needs at least ${SearchBar.minLength} characters, or only digits (a request number).`,
  });
}

/** The desk's answer for a request number that names none. */
const noSuchRequest = (requestId: number) => new ApiError({ status: 404, description: `No request ${requestId}.` });

const SORT_COLUMNS: Record<BoRequestSortField, 'r.request_id' | 'r.sent_request_date' | 'r.applicant_sort' | 'r.state_of_request_id'> = {
  requestId: 'r.request_id',
  sentRequestDate: 'r.sent_request_date',
  firstName: 'r.applicant_sort',
  stateOfRequest: 'r.state_of_request_id',
};

type Sort = ListQuery<BoRequestSortField>['sort'];
type Filterable = SelectQueryBuilder<Database & { r: RequestsTable }, 'r', object>;

/**
 * The desk's conditions. An applicant's code is looked up among citizens (realm FO: only citizens
 * file requests) on its unique index, then their requests on requests_user; a state narrows every
 * sort through an index that starts with the state (migration 008).
 */
function narrowed(query: Filterable, search: { kind: SearchKind; value: unknown } | null, state: unknown): Filterable {
  let q = query;
  if (search?.kind === 'id') q = q.where('r.request_id', '=', search.value as number);
  if (search?.kind === 'text') q = q.where('r.search_text', 'like', search.value as string);
  if (search?.kind === 'fiscalCode') {
    q = q.where('r.user_id', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('users.user_id')
        .where('users.realm', '=', 'FO')
        .where('users.fiscal_code', '=', search.value as string),
    );
  }
  if (state !== undefined) q = q.where('r.state_of_request_id', '=', state as number);
  return q;
}

/**
 * One page of the desk in one statement: the page's ids are picked on the sort column's index,
 * then joined with their applicants, and the unfiltered total (kept by a trigger) rides along.
 */
function pageQuery(db: Kysely<Database>, sort: Sort, search: { kind: SearchKind; value: unknown } | null, state: unknown, size: number, offset: number) {
  const filtered = narrowed(db.selectFrom('requests as r'), search, state);
  // Only the sent date can be empty (drafts); NULLS LAST on a NOT NULL column would stop
  // PostgreSQL from reading the order straight off its index, so it is added only there.
  const direction = sort.type === 'desc' ? sql`DESC` : sql`ASC`;
  const order = sql`${sql.ref(SORT_COLUMNS[sort.field])} ${sort.field === 'sentRequestDate' ? sql`${direction} NULLS LAST` : direction}`;
  // The page size is written into the statement (it is one of a few values): with a LIMIT the
  // planner cannot see, its generic plan would expect a tenth of the table and hash-join it all.
  const pageIds = filtered
    .select('r.request_id')
    .orderBy(order)
    .orderBy('r.request_id', sort.type)
    .limit(sql.lit(size))
    .offset(offset as number);
  return selectRequests(db)
    .select(sql<string>`(SELECT total FROM request_totals WHERE id = 1)`.as('all_requests'))
    .where('r.request_id', 'in', pageIds)
    .orderBy(order)
    .orderBy('r.request_id', sort.type);
}

type PageRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];
/** A page's values: the search's (when the shape searches), the state (when it filters by one), the offset. */
type PageArgs = { search?: unknown; state?: unknown; offset: number };
type PageStatement = (db: Kysely<Database>, args: PageArgs) => Promise<PageRow[]>;

// Statements by shape (sort column, direction, kind of search, state filter or not, page size: the
// size is bounded by MAX_PAGE_SIZE and clients use a few), each compiled once.
const pageStatements = new Map<string, PageStatement>();

function deskPage(sort: Sort, kind: SearchKind, withState: boolean, size: number): PageStatement {
  const key = `${sort.field}:${sort.type}:${kind}:${withState}:${size}`;
  let statement = pageStatements.get(key);
  if (!statement) {
    const names: (keyof PageArgs)[] = [...(kind === 'none' ? [] : (['search'] as const)), ...(withState ? (['state'] as const) : []), 'offset'];
    statement = precompiled(
      names,
      // Only the shape's own arguments are read: the statement refuses any other.
      (db: Kysely<Database>, args: PageArgs) =>
        pageQuery(db, sort, kind === 'none' ? null : { kind, value: args.search }, withState ? args.state : undefined, size, args.offset),
      // A text search's plan depends on its pattern (rare name: trigram index; common one: walk the
      // sort index), so text searches are planned on every call.
      { prepare: kind !== 'text' },
    );
    pageStatements.set(key, statement);
  }
  return statement;
}

export interface DeskOptions {
  /** How many years ahead a storage limit may be set (STORAGE_LIMIT_MAX_YEARS). */
  storageLimitMaxYears?: number;
  searchTotals?: SearchTotals;
  /** The current instant (tests move it). */
  now?: () => Date;
}

/** A request as the desk shows it, with a draft's storage-limit range and changes. */
export interface DeskRequest {
  request: SuapRequest;
  storageLimitRange?: DayRange;
  storageLimitChanges?: StorageLimitChange[];
}

export class BackOfficeRequests {
  private readonly db: Kysely<Database>;
  private readonly portalUrl: string;
  private readonly catalog: ReferenceCatalog;
  private readonly searchTotals: SearchTotals;
  private readonly maxYears: number;
  private readonly now: () => Date;
  constructor(db: Kysely<Database>, portalUrl: string, catalog: ReferenceCatalog, options: DeskOptions = {}) {
    this.db = db;
    this.portalUrl = portalUrl;
    this.catalog = catalog;
    this.searchTotals = options.searchTotals ?? new SearchTotals();
    this.maxYears = options.storageLimitMaxYears ?? DEFAULT_STORAGE_LIMIT_MAX_YEARS;
    this.now = options.now ?? (() => new Date());
  }

  /** The days a storage limit may be set to today: tomorrow to the retention maximum (Europe/Rome). */
  storageLimitRange(): DayRange {
    return storageLimitRange(officeToday(this.now()), this.maxYears);
  }

  /**
   * One page of the desk in one statement: the page's ids are picked on the sort column's index,
   * then joined with their applicants, and the unfiltered total (kept by a trigger) rides along.
   * A search's total is counted once and reused while the clerk pages through it (see
   * SearchTotals); only an empty page costs a second round trip, to learn the total.
   */
  async list(query: ListQuery<BoRequestSortField>, state: number | null = null): Promise<{ items: SuapRequest[]; totalResults: number }> {
    const search = searchOf(query.filter);
    const offset = (query.page - 1) * query.size;
    const withState = state !== null;
    const countAll = () =>
      narrowed(this.db.selectFrom('requests as r'), search, withState ? state : undefined)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.total));
    // A broad search's (or a state's) total is counted beside the page (in parallel), or taken
    // from the recent count; a request number or an applicant's code matches few rows.
    const broad = search?.kind === 'text' || (withState && search === null);
    const searchTotal = broad ? this.searchTotals.get(`${search?.value ?? ''}|${state ?? ''}`, countAll) : null;
    const args: PageArgs = { search: search?.value, state, offset };
    const [rows, catalog] = await Promise.all([deskPage(query.sort, search?.kind ?? 'none', withState, query.size)(this.db, args), this.catalog.snapshot()]);
    let total: number;
    if (searchTotal) total = await searchTotal;
    else if (!search && !withState && rows.length > 0) total = Number(rows[0]!.all_requests);
    else if (search?.kind === 'id' && query.page === 1) total = rows.length;
    else if (!search && !withState)
      total = Number((await this.db.selectFrom('request_totals').select('total').where('id', '=', 1).executeTakeFirstOrThrow()).total);
    else total = await countAll();
    return { totalResults: total, items: rows.map((row) => toApiRequest(row, catalog)) };
  }

  /** A request for the desk's details page: a draft also brings its storage-limit range and changes. */
  async details(requestId: number): Promise<DeskRequest> {
    const request = await this.get(requestId);
    if (request.stateOfRequest.stateOfRequestId !== RequestState.DRAFT) return { request };
    return { request, storageLimitRange: this.storageLimitRange(), storageLimitChanges: await this.storageLimitChanges(requestId) };
  }

  async storageLimitChanges(requestId: number): Promise<StorageLimitChange[]> {
    const rows = await this.db
      .selectFrom('storage_limit_changes as c')
      .leftJoin('users as u', 'u.user_id', 'c.actor_user_id')
      .select(['c.at', 'c.from_day', 'c.to_day', sql<string | null>`u.first_name || ' ' || u.last_name`.as('actor_name')])
      .where('c.request_id', '=', requestId)
      .orderBy('c.at')
      .orderBy('c.change_id')
      .execute();
    return rows.map((row) => ({ at: new Date(row.at).toISOString(), actorName: row.actor_name, from: row.from_day, to: row.to_day }));
  }

  async get(requestId: number, db: Kysely<Database> = this.db, withHistory = true): Promise<SuapRequest> {
    const [row] = await requestById(db, { requestId });
    if (!row) throw noSuchRequest(requestId);
    return toApiRequest(row, await this.catalog.snapshot(), withHistory ? await readHistory(db, requestId, true) : undefined);
  }

  /** A request's history with the names of the staff who moved it. */
  history(requestId: number): Promise<HistoryEntry[]> {
    return readHistory(this.db, requestId, true);
  }

  /** Any request for its recap (staff's side): the row alone. */
  async recapSource(requestId: number): Promise<RecapSource> {
    const [key] = await recapKeyById(this.db, { requestId });
    if (!key) throw noSuchRequest(requestId);
    return recapSourceOf(
      key,
      async (row) => toApiRequest(row, await this.catalog.snapshot(), await this.history(requestId)) as SuapRequest & { history: HistoryEntry[] },
      this.db,
    );
  }

  async decide(staff: CallerRow, requestId: number, decision: DecisionRequest): Promise<SuapRequest> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('requests')
        .select(['state_of_request_id', 'version'])
        .where('request_id', '=', requestId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw noSuchRequest(requestId);
      if (!canMove(current.state_of_request_id, decision.stateOfRequestId)) {
        throw new ApiError({ status: 409, description: 'Only a sent request can be accepted or rejected.' });
      }
      if (current.version !== decision.version)
        throw new ApiError({ status: 409, errorKey: ErrorKey.staleVersion, description: 'The request changed meanwhile: reload it.' });
      const now = new Date();
      await trx
        .updateTable('requests')
        .set({
          state_of_request_id: decision.stateOfRequestId,
          decided_on: now,
          decision_reason: decision.reason,
          updated_on: now,
          version: current.version + 1,
        })
        .where('request_id', '=', requestId)
        .execute();
      await recordTransition(
        trx,
        requestId,
        current.state_of_request_id,
        decision.stateOfRequestId,
        { userId: staff.user_id, profileId: staff.profile_id },
        decision.reason,
      );
      const decided = await this.get(requestId, trx);
      await enqueue(trx, requestId, [decisionForApplicant(decided, this.portalUrl)]);
      return decided;
    });
  }

  /**
   * Moves a draft's storage limit to `day` (a calendar day, Europe/Rome), within the range the
   * picker offers. Saving the day already stored changes nothing (no write, no history entry); a
   * change is recorded with who made it, from which day and to which, in the same transaction.
   */
  async setStorageLimit(staff: CallerRow, requestId: number, day: string): Promise<string> {
    const range = this.storageLimitRange();
    const problem = storageLimitProblem(day, range);
    if (problem === 'date') throw new ApiError({ status: 400, field: 'storageLimit', description: 'must be a day written YYYY-MM-DD.' });
    if (problem === 'past') throw new ApiError({ status: 400, field: 'storageLimit', description: `must be a day from ${range.from}.` });
    if (problem === 'too-far') throw new ApiError({ status: 400, field: 'storageLimit', description: `must be a day until ${range.to}.` });
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('requests')
        .select(['state_of_request_id', 'storage_limit'])
        .where('request_id', '=', requestId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw noSuchRequest(requestId);
      if (current.state_of_request_id !== RequestState.DRAFT) throw new ApiError({ status: 409, description: 'Only a draft has a storage limit.' });
      if (current.storage_limit === day) return day;
      await trx.updateTable('requests').set({ storage_limit: day }).where('request_id', '=', requestId).execute();
      await trx
        .insertInto('storage_limit_changes')
        .values({ request_id: requestId, actor_user_id: staff.user_id, from_day: current.storage_limit, to_day: day, at: this.now() })
        .execute();
      return day;
    });
  }
}
