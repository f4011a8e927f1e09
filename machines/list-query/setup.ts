// Implementations of the list query machine (machines/list-query.ts holds the state chart): the page
// loader the app provides, the guards and the actions that change the query.
import { assign, setup } from 'xstate';
import { FIRST_PAGE } from '#shared/constants.ts';
import { notProvided } from '../support/not-provided.ts';
import {
  failedStatus,
  initialContext,
  isBeyondLastPage,
  isPageOffered,
  isSizeAllowed,
  isSortable,
  lastPageOf,
  nextSort,
  normaliseFilter,
  type ListFilters,
  type ListQueryContext,
  type ListQueryEvent,
  type ListQueryInput,
  type LoadPageInput,
  type LoadPageOutput,
} from './rules.ts';

export const listQuerySetup = setup({
  types: {
    context: {} as ListQueryContext,
    events: {} as ListQueryEvent,
    input: {} as ListQueryInput,
  },
  actors: {
    /**
     * Loads one page. The app maps the query to its list call (spec §7: page, size, filter, sort) and
     * rejects on any failure, a non-200 envelope included; the machine turns that into spec §8's
     * empty list with the 999 status.
     */
    loadPage: notProvided<LoadPageOutput, LoadPageInput>('listQuery', 'loadPage'),
  },
  guards: {
    isPageOffered: ({ context }, params: { page: number }) => isPageOffered(context, params.page),
    isSizeAllowed: ({ context }, params: { size: number }) => isSizeAllowed(context, params.size),
    isSortable: ({ context }, params: { field: string }) => isSortable(context, params.field),
    isBeyondLastPage: ({ context }, params: { output: LoadPageOutput }) => isBeyondLastPage(context, params.output),
  },
  actions: {
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
    setSize: assign((_, params: { size: number }) => ({ size: params.size, page: FIRST_PAGE })),
    sortBy: assign(({ context }, params: { field: string }) => ({ sort: nextSort(context.sort, params.field), page: FIRST_PAGE })),
    search: assign((_, params: { filter: string | null }) => ({ filter: normaliseFilter(params.filter), page: FIRST_PAGE })),
    setFilters: assign(({ context }, params: { filters: ListFilters }) => ({ filters: { ...context.filters, ...params.filters }, page: FIRST_PAGE })),
    reset: assign(({ context }) => {
      const fresh = initialContext({ size: context.defaults.size, sort: context.defaults.sort, filters: context.defaults.filters });
      return { page: fresh.page, size: fresh.size, sort: fresh.sort, filter: fresh.filter, filters: fresh.filters };
    }),
    goToLastPage: assign((_, params: { output: LoadPageOutput }) => ({ page: lastPageOf(params.output) })),
    storePage: assign((_, params: { output: LoadPageOutput }) => ({
      items: params.output.items,
      totalResults: params.output.totalResults,
      totalPages: params.output.totalPages,
      counts: params.output.counts ?? null,
      status: null,
    })),
    // Spec §8: a failed list resolves to no data with code 999 "Generic Error"; a refusal keeps
    // its 403 so the screen says "not allowed" instead of "try again" (docs/architecture.md "The citizen's journey with real data").
    failPage: assign(({ event }) => ({
      items: [],
      totalResults: 0,
      totalPages: 0,
      counts: null,
      status: failedStatus((event as { error?: unknown }).error ?? null),
    })),
  },
});
