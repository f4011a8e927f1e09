// The citizen's own request list (spec §7 GET request/list) with the list rules every list call
// follows: page, size, filter, sortField with sortType, and totals. Spec §5: a user id that is not
// the caller's answers an empty list with the "No Requests" status, exactly like a caller without
// requests, so the answer never tells whether another person's id exists.
import { sql, type Kysely } from 'kysely';
import type { ListQuery } from '#shared/api/list-query.ts';
import type { RequestSortField, SuapRequest } from '#shared/api/requests.ts';
import { SearchBar } from '#shared/constants.ts';
import type { Database, CallerRow } from '../../db/schema.ts';
import { ApiError } from '../../plugins/errors.ts';
import { containsPattern } from '../master-data.ts';
import type { ReferenceCatalog } from '../reference-catalog.ts';
import { selectRequests, toApiRequest } from './read.ts';

const SORT_COLUMNS: Record<RequestSortField, 'r.request_id' | 'r.sent_request_date' | 'r.updated_on' | 'r.state_of_request_id'> = {
  requestId: 'r.request_id',
  sentRequestDate: 'r.sent_request_date',
  updatedOn: 'r.updated_on',
  stateOfRequest: 'r.state_of_request_id',
};

export interface OwnListQuery {
  userId: number | undefined;
  typeOfServiceId: number | undefined;
  list: Omit<ListQuery<RequestSortField>, 'size'> & { size: number | null };
}

export interface OwnPage {
  items: SuapRequest[];
  totalResults: number;
}

export class CitizenRequestList {
  private readonly db: Kysely<Database>;
  private readonly catalog: ReferenceCatalog;
  constructor(db: Kysely<Database>, catalog: ReferenceCatalog) {
    this.db = db;
    this.catalog = catalog;
  }

  async list(caller: CallerRow, { userId, typeOfServiceId, list }: OwnListQuery): Promise<OwnPage> {
    if (userId !== undefined && userId !== caller.user_id) return { items: [], totalResults: 0 };
    let query = selectRequests(this.db).where('r.user_id', '=', caller.user_id);
    if (typeOfServiceId !== undefined) query = query.where('r.type_of_service_id', '=', typeOfServiceId);
    if (list.filter !== null) {
      // A number finds the request of that number; text searches the applicant's name and the office.
      const filter = list.filter;
      if (/^\d{1,15}$/.test(filter)) query = query.where('r.request_id', '=', Number(filter) <= 2_147_483_647 ? Number(filter) : -1);
      else if (filter.length >= SearchBar.minLength) query = query.where('r.search_text', 'like', containsPattern(filter));
      else
        throw new ApiError({
          status: 400,
          field: 'filter',
          description: `a search needs at least ${SearchBar.minLength} characters, or only digits (a request number).`,
        });
    }
    const direction = list.sort.type === 'desc' ? sql`DESC` : sql`ASC`;
    const column = sql.ref(SORT_COLUMNS[list.sort.field]);
    // Drafts have no sent date: they go last whichever the direction.
    const order = list.sort.field === 'sentRequestDate' ? sql`${column} ${direction} NULLS LAST` : sql`${column} ${direction}`;
    let paged = query
      .select(sql<string>`count(*) OVER ()`.as('total_results'))
      .orderBy(order)
      .orderBy('r.request_id', list.sort.type);
    if (list.size !== null) paged = paged.limit(list.size).offset((list.page - 1) * list.size);
    const [rows, snapshot] = await Promise.all([paged.execute(), this.catalog.snapshot()]);
    // A page past the end has no row to carry the total: count it apart (rare).
    const totalResults = rows.length > 0 ? Number(rows[0]!.total_results) : list.page > 1 ? await this.count(caller, typeOfServiceId, list.filter) : 0;
    return { items: rows.map((row) => toApiRequest(row, snapshot)), totalResults };
  }

  private async count(caller: CallerRow, typeOfServiceId: number | undefined, filter: string | null): Promise<number> {
    const { items } = await this.list(caller, {
      userId: undefined,
      typeOfServiceId,
      list: { page: 1, size: null, filter, sort: { field: 'requestId', type: 'desc' } },
    });
    return items.length;
  }
}
