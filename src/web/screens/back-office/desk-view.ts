// The desk's view lives in the address — search text, sort, page, page size and state
// filter — so Back from a request, a reload and a shared link all show the same view. Values that
// are not the desk's (a size it does not offer, a column it cannot sort by) fall back to the
// spec's defaults (page size 5, newest request first); defaults are left out of the address.
import {
  BO_REQUEST_PAGE_SIZES,
  BO_REQUEST_SORT_FIELDS,
  BO_REQUEST_STATES,
  BoRequestListDefaults,
  type BoRequestSortField,
  deskSearchOf,
} from '#shared/api/back-office.ts';
import type { Sort } from '#shared/api/list-query.ts';
import { FIRST_PAGE, SearchBar } from '#shared/constants.ts';
import { Patterns } from '#shared/patterns.ts';

export interface DeskView {
  page: number;
  size: number;
  sort: Sort<BoRequestSortField>;
  filter: string | null;
  /** Only requests in this state; null: every state. */
  state: number | null;
}

export const DEFAULT_DESK_VIEW: DeskView = { page: FIRST_PAGE, size: BoRequestListDefaults.size, sort: BoRequestListDefaults.sort, filter: null, state: null };

const oneOf = <T>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/** The view an address asks for; anything unreadable is the default. */
export function deskViewOf(search: string): DeskView {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const [field, type] = (params.get('sort') ?? '').split(';');
  const state = Number(params.get('state'));
  const filter = params.get('q')?.trim() ?? '';
  const searchable = filter !== '' && filter.length <= SearchBar.maxLength && Patterns.searchBar.test(filter) && deskSearchOf(filter).kind !== 'too-short';
  return {
    page: Number.isInteger(page) && page >= FIRST_PAGE && page <= 1_000_000 ? page : FIRST_PAGE,
    size: oneOf(BO_REQUEST_PAGE_SIZES, size) ? size : DEFAULT_DESK_VIEW.size,
    sort: oneOf(BO_REQUEST_SORT_FIELDS, field) && (type === 'asc' || type === 'desc') ? { field, type } : DEFAULT_DESK_VIEW.sort,
    filter: searchable ? filter : null,
    state: oneOf(BO_REQUEST_STATES, state) ? state : null,
  };
}

const VIEW_KEYS = ['q', 'state', 'sort', 'size', 'page'];

/**
 * The address's query string of a view (with its "?"; empty for the default view). `keep`: a
 * query string whose other parameters (the language, for one) stay as they are.
 */
export function deskSearchOfView(view: DeskView, keep = ''): string {
  const params = new URLSearchParams(keep);
  for (const key of VIEW_KEYS) params.delete(key);
  if (view.filter) params.set('q', view.filter);
  if (view.state !== null) params.set('state', String(view.state));
  if (view.sort.field !== DEFAULT_DESK_VIEW.sort.field || view.sort.type !== DEFAULT_DESK_VIEW.sort.type)
    params.set('sort', `${view.sort.field};${view.sort.type}`);
  if (view.size !== DEFAULT_DESK_VIEW.size) params.set('size', String(view.size));
  if (view.page !== FIRST_PAGE) params.set('page', String(view.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
