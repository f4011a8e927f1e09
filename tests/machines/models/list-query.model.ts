// Test model of the list query machine: paging (another page, a page past the end), page size,
// sorting (a sortable field, the same one again, one that is not sortable), searching and clearing,
// list filters, reset and reload, while idle and while a page is loading; and every answer of the
// loader: several pages, one page, no results, a page past the end of a shrunken list, a failure.
import type { SnapshotFrom } from 'xstate';
import { listQueryMachine } from '#machines/list-query.ts';
import type { ListQueryInput, LoadPageOutput } from '#machines/list-query/rules.ts';
import type { ModelSpec } from '../support/model.ts';

export const deskInput: ListQueryInput = {
  size: 5,
  sort: { field: 'requestId', type: 'desc' },
  sortFields: ['requestId', 'sentRequestDate'],
};

export const cardsInput: ListQueryInput = { size: 3, sort: { field: 'updatedOn', type: 'desc' }, filters: { typeId: null } };

const item = (id: number) => ({ id });
export const threePages: LoadPageOutput = { items: [item(1), item(2), item(3)], totalResults: 9, totalPages: 3 };
export const onePage: LoadPageOutput = { items: [item(1)], totalResults: 1, totalPages: 1 };
export const noResults: LoadPageOutput = { items: [], totalResults: 0, totalPages: 0 };

type Snapshot = SnapshotFrom<typeof listQueryMachine>;

export const listQueryModel: ModelSpec<typeof listQueryMachine> = {
  machine: listQueryMachine,
  inputs: [
    { name: 'request desk', input: deskInput },
    { name: 'request cards', input: cardsInput },
  ],
  payloads: {
    // The paginator offers another page; the page after the last one probes the guard.
    SET_PAGE: ({ context }: Snapshot) => [{ page: context.page === 1 ? 2 : 1 }, { page: Math.max(context.totalPages, 1) + 1 }],
    SET_SIZE: [{ size: 10 }, { size: 0 }],
    SORT: [{ field: 'requestId' }, { field: 'sentRequestDate' }, { field: 'lastName' }],
    SEARCH: [{ filter: 'Bianchi' }, { filter: null }, { filter: '   ' }],
    SET_FILTERS: [{ filters: { typeId: 2 } }],
    RESET: [{}],
    RELOAD: [{}],
    'xstate.done.actor.loadPage': [{ output: threePages }, { output: onePage }, { output: noResults }],
    'xstate.error.actor.loadPage': [{ error: new Error('network down') }],
  },
  // What changes a decision: the page asked for, how many pages the last answer had, whether it held
  // anything and whether it failed. Size, sort and search text never decide a transition but
  // through guards that the invariants check on every step.
  project: ({ context }) => ({
    page: context.page,
    totalPages: context.totalPages,
    items: context.items.length > 0,
    failed: context.status !== null,
  }),
};
