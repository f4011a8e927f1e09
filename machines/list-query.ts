// Spec §3 "List state", §5/§9 search bar and paginator, §8 failed lists: the query of one paged list
// (page, size, sort, search text and list-specific filters) and the page it shows. Every change of
// the query loads its page; a change while a page is loading drops the answer in flight, so the
// list never shows a page that no longer matches the query. A failed load leaves an empty list
// with the 999 "Generic Error" status (the screen shows the retrieve-error callout). Contract and
// rules are in ./list-query/rules.ts, implementations in ./list-query/setup.ts, the paginator's
// pages in ./list-query/paginator.ts; the search bar's checks are src/shared/validation/search-bar.ts.
import type { SnapshotFrom } from 'xstate';
import { listQuerySetup } from './list-query/setup.ts';
import { initialContext, queryOf, type LoadPageInput } from './list-query/rules.ts';
import type { MachineInfo } from './support/machine-info.ts';

export const listQueryMachine = listQuerySetup.createMachine({
  id: 'listQuery',
  description: 'The query of a paged list and the page it shows.',
  initial: 'loading',
  context: ({ input }) => initialContext(input),
  // Every change of the query goes through `restarting`: leaving `loading` stops the load in
  // flight, so its late answer is dropped, then the new query loads.
  on: {
    SET_PAGE: {
      guard: { type: 'isPageOffered', params: ({ event }) => ({ page: event.page }) },
      target: '.restarting',
      actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
    },
    SET_SIZE: {
      guard: { type: 'isSizeAllowed', params: ({ event }) => ({ size: event.size }) },
      target: '.restarting',
      actions: { type: 'setSize', params: ({ event }) => ({ size: event.size }) },
    },
    SORT: {
      guard: { type: 'isSortable', params: ({ event }) => ({ field: event.field }) },
      target: '.restarting',
      actions: { type: 'sortBy', params: ({ event }) => ({ field: event.field }) },
    },
    SEARCH: { target: '.restarting', actions: { type: 'search', params: ({ event }) => ({ filter: event.filter }) } },
    SET_FILTERS: { target: '.restarting', actions: { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) } },
    RESET: { target: '.restarting', actions: 'reset' },
    RELOAD: { target: '.restarting' },
  },
  states: {
    restarting: {
      description: 'A new query: the load in flight, if any, is dropped and the page loads again.',
      always: { target: 'loading' },
    },
    loading: {
      description: 'Loading the page the query asks for; the previous page stays on screen meanwhile.',
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => queryOf(context),
        onDone: [
          {
            guard: { type: 'isBeyondLastPage', params: ({ event }) => ({ output: event.output }) },
            target: 'restarting',
            actions: { type: 'goToLastPage', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'ready', actions: { type: 'storePage', params: ({ event }) => ({ output: event.output }) } },
        ],
        onError: { target: 'failed', actions: 'failPage' },
      },
    },
    ready: {
      description: 'The page is shown (it may be empty: the "no results" message).',
    },
    failed: {
      description: 'The page could not be loaded: empty list, 999 "Generic Error" status, retrieve-error callout.',
    },
  },
});

export type ListQuerySnapshot = SnapshotFrom<typeof listQueryMachine>;

export function selectIsLoading(snapshot: ListQuerySnapshot): boolean {
  return snapshot.matches('loading') || snapshot.matches('restarting');
}

export function selectHasFailed(snapshot: ListQuerySnapshot): boolean {
  return snapshot.matches('failed');
}

export function selectQuery(snapshot: ListQuerySnapshot): LoadPageInput {
  return queryOf(snapshot.context);
}

/** Spec §2: the paginator shows only when the list has more than one page. */
export function selectShowsPaginator(snapshot: ListQuerySnapshot): boolean {
  return snapshot.context.totalPages > 1;
}

export const listQueryMachineInfo: MachineInfo<typeof listQueryMachine> = {
  id: 'listQuery',
  machine: listQueryMachine,
  title: 'Paged lists',
  purpose:
    "Keeps the query of one paged list (the citizen's request cards, the request desk, the staff list): " +
    'the page, the page size, the sort and the search text, plus any filter of that list. Every change ' +
    'loads the page it asks for: choosing a page in the paginator, sorting a column (the same column ' +
    'again reverses the order), searching or clearing the search (both go back to the first page), ' +
    "changing filters, or going back to the list's defaults. A change made while a page is still " +
    'loading wins: the older answer is dropped. If the list shrank and the page asked for no longer ' +
    'exists, the last page is shown instead. A page that cannot be loaded leaves an empty list with ' +
    'a generic error, which the screen shows as "data not available", never a broken page.',
  guards: {
    isPageOffered: 'The page asked for is another page between the first and the last one the list has.',
    isSizeAllowed: 'The page size asked for is a whole number, no larger than the maximum, and different from the current one.',
    isSortable: 'The column asked for is one this list can be sorted by.',
    isBeyondLastPage: 'The list shrank meanwhile: the page asked for is past its last page.',
  },
  actions: {
    setPage: 'Remembers the page asked for.',
    setSize: 'Remembers the page size and goes back to the first page.',
    sortBy: 'Sorts by the column, ascending; the same column again reverses the order. Back to the first page.',
    search: 'Remembers the search text (blank means no search) and goes back to the first page.',
    setFilters: "Adds the list's filters to the query and goes back to the first page.",
    reset: "Goes back to the list's defaults: first page, default size and sort, no search, default filters.",
    goToLastPage: 'Asks for the last page the answer says the list has.',
    storePage: 'Shows the page that arrived (it may be empty: the "no results" message).',
    failPage: 'Empties the list and records the 999 "Generic Error" status: the screen shows the "data not available" callout.',
  },
};
