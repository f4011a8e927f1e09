// Contract and pure rules of the list query (spec §3 "List state", §7 list calls, §8 failed lists,
// §9 list defaults): the context, the events, the input and output of the page loader, and how
// each change of the query is applied. One machine serves every paged list of the portal (request
// cards, the request desk, the staff list): each screen starts it with its own defaults.
import type { Sort, SortDirection } from '#shared/api/list-query.ts';
import { failureStatusOf } from '#shared/api/failure.ts';
import { FIRST_PAGE, GENERIC_ERROR, MAX_PAGE_SIZE } from '#shared/constants.ts';
import type { Status } from '#shared/envelope.ts';

/** List-specific filters besides the search text (suap list: suapType, municipalityId; initiatives: typeId). */
export type ListFilters = Readonly<Record<string, string | number | null>>;

export interface ListQueryInput {
  /** Page size of this list (spec §9). */
  size: number;
  /** Default sort of this list (spec §9). */
  sort: Sort;
  /** The fields the list can be sorted by; omitted: any field the screen offers. */
  sortFields?: readonly string[];
  /** Default list-specific filters. */
  filters?: ListFilters;
  /** Where to start (a restored query); defaults to the first page without search. */
  page?: number;
  filter?: string | null;
  /** A restored query's size, sort and filters (the desk's view in the address); RESET still goes back to the defaults above. */
  view?: { size?: number; sort?: Sort; filters?: ListFilters };
}

/** What the loader is asked for: the whole query, as the list call takes it. */
export interface LoadPageInput {
  page: number;
  size: number;
  sort: Sort;
  filter: string | null;
  filters: ListFilters;
}

/** One page of the list as the loader answers it. */
export interface LoadPageOutput<TItem = unknown> {
  items: readonly TItem[];
  totalResults: number;
  totalPages: number;
  /** Tallies the loader reports beside the page (the private area: requests that count, deleted drafts). */
  counts?: ListCounts;
}

export type ListCounts = Readonly<Record<string, number>>;

export interface ListQueryContext {
  defaults: { size: number; sort: Sort; filters: ListFilters };
  sortFields: readonly string[] | null;
  page: number;
  size: number;
  sort: Sort;
  /** Search text; null when there is none (the search bar's clear). */
  filter: string | null;
  filters: ListFilters;
  /** The page shown: the last answer, or empty after a failure. */
  items: readonly unknown[];
  totalResults: number;
  totalPages: number;
  /** The last answer's tallies, if its loader gives any; null after a failure. */
  counts: ListCounts | null;
  /** Spec §8: 999 "Generic Error" when the last load failed (retrieve-error callout), else null. */
  status: Status | null;
}

export type ListQueryEvent =
  | { type: 'SET_PAGE'; page: number }
  | { type: 'SET_SIZE'; size: number }
  /** Sort by `field`; the same field again toggles the direction. */
  | { type: 'SORT'; field: string }
  /** A submitted search (null: the search bar was cleared); back to the first page. */
  | { type: 'SEARCH'; filter: string | null }
  /** Change list-specific filters (merged); back to the first page. */
  | { type: 'SET_FILTERS'; filters: ListFilters }
  /** Back to the list's defaults. */
  | { type: 'RESET' }
  /** Load the same page again (after a change made elsewhere). */
  | { type: 'RELOAD' };

export function initialContext(input: ListQueryInput): ListQueryContext {
  const filters = input.filters ?? {};
  const view = input.view ?? {};
  return {
    defaults: { size: input.size, sort: input.sort, filters },
    sortFields: input.sortFields ?? null,
    page: isPositiveInteger(input.page) ? input.page : FIRST_PAGE,
    size: isPositiveInteger(view.size) && view.size <= MAX_PAGE_SIZE ? view.size : input.size,
    sort: view.sort ?? input.sort,
    filter: normaliseFilter(input.filter ?? null),
    filters: { ...filters, ...view.filters },
    items: [],
    totalResults: 0,
    totalPages: 0,
    counts: null,
    status: null,
  };
}

export function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

/** Surrounding spaces never count; an empty search is no search. */
export function normaliseFilter(filter: string | null): string | null {
  const trimmed = filter?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A page the paginator can offer: another page, between the first and the last known one. */
export function isPageOffered(context: ListQueryContext, page: number): boolean {
  return isPositiveInteger(page) && page !== context.page && page <= Math.max(context.totalPages, FIRST_PAGE);
}

export function isSizeAllowed(context: ListQueryContext, size: number): boolean {
  return isPositiveInteger(size) && size <= MAX_PAGE_SIZE && size !== context.size;
}

export function isSortable(context: ListQueryContext, field: string): boolean {
  return typeof field === 'string' && field !== '' && (context.sortFields === null || context.sortFields.includes(field));
}

/** Spec: the same field toggles asc ⇄ desc; another field starts ascending. */
export function nextSort(current: Sort, field: string): Sort {
  if (current.field !== field) return { field, type: 'asc' };
  const type: SortDirection = current.type === 'asc' ? 'desc' : 'asc';
  return { field, type };
}

export function queryOf(context: ListQueryContext): LoadPageInput {
  return { page: context.page, size: context.size, sort: context.sort, filter: context.filter, filters: context.filters };
}

/** The last page of an answer; an empty list still has its first page. */
export function lastPageOf(output: LoadPageOutput): number {
  return Math.max(output.totalPages, FIRST_PAGE);
}

/** The answer is for a page past the end (the list shrank meanwhile): the last page is loaded instead. */
export function isBeyondLastPage(context: ListQueryContext, output: LoadPageOutput): boolean {
  return context.page > lastPageOf(output);
}

/** Spec §8: 999 "Generic Error", or the refusal when the server answered 403 (docs/architecture.md "The citizen's journey with real data"). */
export function failedStatus(error?: unknown): Status {
  return error === undefined ? { ...GENERIC_ERROR } : failureStatusOf(error);
}
