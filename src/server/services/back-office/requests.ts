// The clerks' request desk: a paged, sortable, searchable list over the requests of the caller's
// offices (filtered by state; searched by request number, applicant's code, name or office), details
// with the named history, the pratica's lifecycle events and the colleagues it may be assigned to,
// and draft storage limits as calendar days with their history. A request of an office the caller
// does not work for answers exactly like a missing one (office-scope.ts).
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { type BoRequestSortField, deskSearchOf, type StorageLimitChange } from '#shared/api/back-office.ts';
import type { ListQuery } from '#shared/api/list-query.ts';
import type { Colleague, StaffEventRequest } from '#shared/api/pratica.ts';
import type { HistoryEntry, SuapRequest } from '#shared/api/requests.ts';
import { RequestState, Role, SearchBar } from '#shared/constants.ts';
import { type DayRange, DEFAULT_STORAGE_LIMIT_MAX_YEARS, officeToday, storageLimitProblem, storageLimitRange } from '#shared/dates.ts';
import type { CallerRow, Database, RequestsTable } from '../../db/schema.ts';
import { ApiError } from '../../plugins/errors.ts';
import { containsPattern } from '../master-data.ts';
import { SearchTotals } from './search-totals.ts';
import { precompiled } from '../../db/precompiled.ts';
import { staffActor } from '../pratica/actor.ts';
import { staffEventOf } from '../pratica/staff-event.ts';
import { transition, type TransitionDeps } from '../pratica/transition.ts';
import { staffRequestNotFound } from '../requests/ownership.ts';
import type { ReferenceCatalog } from '../reference-catalog.ts';
import { readHistory, recapKeyById, recapSourceOf, requestById, selectRequests, toDeskRequest, type RecapSource } from '../requests/read.ts';
import { officeScopeOf, scopeCondition, visibleOrNotFound, type OfficeScope } from './office-scope.ts';

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
 * sort through an index that starts with the state (migration 008); `staff`, the caller's user id
 * when they do not work for every office, keeps the requests of their offices (office-scope.ts).
 */
function narrowed(query: Filterable, search: { kind: SearchKind; value: unknown } | null, state: unknown, staff?: unknown): Filterable {
  let q = staff === undefined ? query : query.where(scopeCondition(sql.ref('r.suap_id'), staff as number));
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
function pageQuery(
  db: Kysely<Database>,
  sort: Sort,
  search: { kind: SearchKind; value: unknown } | null,
  state: unknown,
  staff: unknown,
  size: number,
  offset: number,
) {
  const filtered = narrowed(db.selectFrom('requests as r'), search, state, staff);
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
/** A page's values: the search's (when the shape searches), the state (when it filters by one), the caller (when scoped), the offset. */
type PageArgs = { search?: unknown; state?: unknown; staff?: unknown; offset: number };
type PageStatement = (db: Kysely<Database>, args: PageArgs) => Promise<PageRow[]>;

// Statements by shape (sort column, direction, kind of search, state filter or not, scoped to the
// caller's offices or not, page size: the size is bounded by MAX_PAGE_SIZE and clients use a few),
// each compiled once.
const pageStatements = new Map<string, PageStatement>();

function deskPage(sort: Sort, kind: SearchKind, withState: boolean, scoped: boolean, size: number): PageStatement {
  const key = `${sort.field}:${sort.type}:${kind}:${withState}:${scoped}:${size}`;
  let statement = pageStatements.get(key);
  if (!statement) {
    const names: (keyof PageArgs)[] = [
      ...(kind === 'none' ? [] : (['search'] as const)),
      ...(withState ? (['state'] as const) : []),
      ...(scoped ? (['staff'] as const) : []),
      'offset',
    ];
    statement = precompiled(
      names,
      // Only the shape's own arguments are read: the statement refuses any other.
      (db: Kysely<Database>, args: PageArgs) =>
        pageQuery(
          db,
          sort,
          kind === 'none' ? null : { kind, value: args.search },
          withState ? args.state : undefined,
          scoped ? args.staff : undefined,
          size,
          args.offset,
        ),
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
  /** What a pratica's transition needs (the app's praticaDeps): its clock, job queue and messages. */
  pratica?: TransitionDeps;
}

/** A request as the desk shows it, with a draft's storage-limit range and changes. */
export interface DeskRequest {
  request: SuapRequest;
  storageLimitRange?: DayRange;
  storageLimitChanges?: StorageLimitChange[];
}

export class BackOfficeRequests {
  private readonly db: Kysely<Database>;
  private readonly catalog: ReferenceCatalog;
  private readonly searchTotals: SearchTotals;
  private readonly maxYears: number;
  private readonly now: () => Date;
  private readonly pratica: TransitionDeps;
  constructor(db: Kysely<Database>, catalog: ReferenceCatalog, options: DeskOptions = {}) {
    this.db = db;
    this.catalog = catalog;
    this.searchTotals = options.searchTotals ?? new SearchTotals();
    this.maxYears = options.storageLimitMaxYears ?? DEFAULT_STORAGE_LIMIT_MAX_YEARS;
    this.now = options.now ?? (() => new Date());
    this.pratica = options.pratica ?? { now: this.now };
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
  async list(caller: CallerRow, query: ListQuery<BoRequestSortField>, state: number | null = null): Promise<{ items: SuapRequest[]; totalResults: number }> {
    const search = searchOf(query.filter);
    const offset = (query.page - 1) * query.size;
    const withState = state !== null;
    // Someone who works for every office reads the whole table, its counted total included.
    const scope = await officeScopeOf(this.db, caller);
    const staff = scope.every ? undefined : scope.userId;
    const countAll = () =>
      narrowed(this.db.selectFrom('requests as r'), search, withState ? state : undefined, staff)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.total));
    // A broad search's (or a state's, or an office's) total is counted beside the page (in
    // parallel), or taken from the recent count; a request number or an applicant's code matches few rows.
    const broad = search?.kind === 'text' || (withState && search === null) || (staff !== undefined && search === null);
    const searchTotal = broad ? this.searchTotals.get(`${search?.value ?? ''}|${state ?? ''}|${staff ?? ''}`, countAll) : null;
    const args: PageArgs = { search: search?.value, state, staff, offset };
    const [rows, catalog] = await Promise.all([
      deskPage(query.sort, search?.kind ?? 'none', withState, staff !== undefined, query.size)(this.db, args),
      this.catalog.snapshot(),
    ]);
    let total: number;
    if (searchTotal) total = await searchTotal;
    else if (!search && !withState && rows.length > 0) total = Number(rows[0]!.all_requests);
    else if (search?.kind === 'id' && query.page === 1) total = rows.length;
    else if (!search && !withState)
      total = Number((await this.db.selectFrom('request_totals').select('total').where('id', '=', 1).executeTakeFirstOrThrow()).total);
    else total = await countAll();
    return { totalResults: total, items: rows.map((row) => toDeskRequest(row, catalog)) };
  }

  /** A request for the desk's details page: a draft also brings its storage-limit range and changes. */
  async details(caller: CallerRow, requestId: number): Promise<DeskRequest> {
    const request = await this.get(await officeScopeOf(this.db, caller), requestId);
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

  /** A request with its history as the desk reads it, when `scope` reaches it (null: already checked). */
  async get(scope: OfficeScope | null, requestId: number, db: Kysely<Database> = this.db): Promise<SuapRequest> {
    const [found] = await requestById(db, { requestId });
    const row = scope ? visibleOrNotFound(scope, found) : found;
    if (!row) throw staffRequestNotFound();
    return toDeskRequest(row, await this.catalog.snapshot(), await readHistory(db, requestId, true));
  }

  /** Throws the missing request's answer unless `caller` may read request `requestId` (its documents, for one). */
  async checkVisible(caller: CallerRow, requestId: number): Promise<void> {
    const [key] = await recapKeyById(this.db, { requestId });
    visibleOrNotFound(await officeScopeOf(this.db, caller), key);
  }

  /** A request of the caller's offices for its recap (staff's side): the row alone. */
  async recapSource(caller: CallerRow, requestId: number): Promise<RecapSource> {
    const [key] = await recapKeyById(this.db, { requestId });
    return this.recapOf(visibleOrNotFound(await officeScopeOf(this.db, caller), key));
  }

  /** Any request's recap as the office's copy (the outbox's, sent to the office it is addressed to). */
  async officeRecapSource(requestId: number): Promise<RecapSource> {
    const [key] = await recapKeyById(this.db, { requestId });
    if (!key) throw staffRequestNotFound();
    return this.recapOf(key);
  }

  private recapOf(key: Parameters<typeof recapSourceOf>[0]): RecapSource {
    return recapSourceOf(
      key,
      async (row) =>
        toDeskRequest(row, await this.catalog.snapshot(), await readHistory(this.db, key.request_id, true)) as SuapRequest & { history: HistoryEntry[] },
      this.db,
    );
  }

  /**
   * Fires a staff event of the pratica's lifecycle (POST boRequestEvent) and answers the request as
   * the desk reads it. The body is checked first (400 naming the field), then the caller's account
   * (403 for one that acts as nobody), then, in one transaction, transition(): 404 for another
   * office's request, 403 for the role, 409 for the state, a term or a stale version.
   */
  async fire(caller: CallerRow, requestId: number, body: StaffEventRequest): Promise<SuapRequest> {
    const actor = await staffActor(this.db, caller);
    if (!actor) throw new ApiError({ status: 403, description: 'Your account acts on no pratica.' });
    const event = await staffEventOf(this.db, body);
    return this.db.transaction().execute(async (trx) => {
      await transition(trx, requestId, event, actor, this.pratica, { version: body.version });
      return this.get(null, requestId, trx);
    });
  }

  /** The active clerks of the pratica's office, whom it may be assigned to; none for a draft that names no office. */
  async colleagues(caller: CallerRow, requestId: number): Promise<Colleague[]> {
    const [key] = await this.db.selectFrom('requests').select('suap_id').where('request_id', '=', requestId).execute();
    const { suap_id: office } = visibleOrNotFound(await officeScopeOf(this.db, caller), key);
    if (office === null) return [];
    const rows = await this.db
      .selectFrom('users as u')
      .innerJoin('staff_office as so', 'so.user_id', 'u.user_id')
      .select(['u.user_id', 'u.first_name', 'u.last_name', 'u.profile_id'])
      .where('so.suap_id', '=', office)
      .where('u.realm', '=', 'BO')
      .where('u.active', '=', 1)
      .where('u.profile_id', '=', Role.CLERK)
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .orderBy('u.user_id')
      .execute();
    return rows.map((row) => ({ userId: row.user_id, firstName: row.first_name, lastName: row.last_name, profileId: row.profile_id }));
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
      const scope = await officeScopeOf(trx, staff);
      const current = visibleOrNotFound(
        scope,
        await trx
          .selectFrom('requests')
          .select(['state_of_request_id', 'storage_limit', 'suap_id'])
          .where('request_id', '=', requestId)
          .forUpdate()
          .executeTakeFirst(),
      );
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
