// Paged lists (spec §3 "List state", §7 list calls, §8 failed lists, §9 defaults): every model path
// replayed on the pure machine with the invariants below, then one example per rule.
import { describe, expect, it } from 'vitest';
import { listQueryMachine, selectHasFailed, selectIsLoading, selectQuery, selectShowsPaginator } from '#machines/list-query.ts';
import { nextSort, queryOf, type LoadPageOutput } from '#machines/list-query/rules.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { cardsInput, deskInput, listQueryModel, noResults, onePage, threePages } from './models/list-query.model.ts';
import { drive } from './support/drive.ts';
import { defineModelSuite } from './support/harness.ts';

const QUERY_CHANGES = new Set(['SET_SIZE', 'SORT', 'SEARCH', 'SET_FILTERS', 'RESET']);
const ALWAYS_LOAD = new Set(['SEARCH', 'SET_FILTERS', 'RESET', 'RELOAD']);

defineModelSuite(listQueryModel, {
  'the loader is asked for exactly the query in the context': ({ after, calls }) => {
    for (const call of calls) expect(call.input).toEqual(queryOf(after.context));
  },
  'a failed load leaves an empty list with the 999 Generic Error status, and only then': ({ after }) => {
    expect(after.status).toBe('active');
    if (after.matches('failed')) {
      expect(after.context.status).toEqual(GENERIC_ERROR);
      expect([after.context.items, after.context.totalResults, after.context.totalPages]).toEqual([[], 0, 0]);
    } else if (after.matches('ready')) {
      expect(after.context.status).toBeNull();
    }
    // While the next load runs, the callout of the failed one stays until its answer.
    if (after.context.status !== null) expect(after.matches('failed') || selectIsLoading(after)).toBe(true);
    expect(selectHasFailed(after)).toBe(after.matches('failed'));
  },
  'a shown page exists: between the first and the last page of the answer': ({ after }) => {
    expect(after.context.page).toBeGreaterThanOrEqual(1);
    if (after.matches('ready')) expect(after.context.page).toBeLessThanOrEqual(Math.max(after.context.totalPages, 1));
  },
  'a change of the query starts exactly one load, from the first page unless it is paging': ({ event, before, after, calls }) => {
    if (!before || !event.type.toUpperCase().startsWith(event.type) || event.type.startsWith('xstate.')) return;
    // A search, a filter change, a reset or a reload always runs (submitting the same search again
    // refreshes the list); paging, size and sort only when the guard let the change through.
    const changed = ALWAYS_LOAD.has(event.type) || JSON.stringify(queryOf(before.context)) !== JSON.stringify(queryOf(after.context));
    expect(calls.length).toBe(changed ? 1 : 0);
    if (changed && QUERY_CHANGES.has(event.type)) expect(after.context.page).toBe(1);
    expect(selectIsLoading(after)).toBe(changed || selectIsLoading(before));
  },
  'sorting the same field reverses it; another sortable field starts ascending; others are refused': ({ event, before, after }) => {
    if (!before || event.type !== 'SORT') return;
    const allowed = before.context.sortFields === null || before.context.sortFields.includes(event.field);
    expect(after.context.sort).toEqual(allowed ? nextSort(before.context.sort, event.field) : before.context.sort);
  },
  'the search text is trimmed, and an empty search is no search': ({ event, after }) => {
    if (event.type !== 'SEARCH') return;
    const trimmed = (event.filter ?? '').trim();
    expect(after.context.filter).toBe(trimmed === '' ? null : trimmed);
  },
  'a page past the end of the answer loads the last page instead': ({ event, before, after, calls }) => {
    if (!before || event.type !== 'xstate.done.actor.loadPage') return;
    const output = event.output as LoadPageOutput;
    if (before.context.page > Math.max(output.totalPages, 1)) {
      expect(after.context.page).toBe(Math.max(output.totalPages, 1));
      expect(calls).toHaveLength(1);
    } else {
      expect(after.matches('ready')).toBe(true);
      expect(after.context.items).toEqual(output.items);
    }
  },
  'the paginator shows only with more than one page': ({ after }) => {
    expect(selectShowsPaginator(after)).toBe(after.context.totalPages > 1);
  },
});

describe('list query rules', () => {
  it('starts loading the first page with the list defaults', () => {
    const list = drive(listQueryMachine, deskInput);
    expect(list.inputOf('loadPage')).toEqual({ page: 1, size: 5, sort: { field: 'requestId', type: 'desc' }, filter: null, filters: {} });
    expect(selectIsLoading(list.snapshot())).toBe(true);
  });

  it('shows the answer and pages within it', async () => {
    const list = drive(listQueryMachine, deskInput);
    await list.release('loadPage', threePages);
    expect(list.snapshot().context).toMatchObject({ items: threePages.items, totalResults: 9, totalPages: 3 });
    list.actor.send({ type: 'SET_PAGE', page: 3 });
    expect(list.inputOf('loadPage')).toMatchObject({ page: 3 });
    await list.release('loadPage', threePages);
    list.actor.send({ type: 'SET_PAGE', page: 4 });
    list.actor.send({ type: 'SET_PAGE', page: 3 });
    list.actor.send({ type: 'SET_PAGE', page: 0 });
    list.actor.send({ type: 'SET_PAGE', page: 1.5 });
    expect(list.gates.calls).toHaveLength(2);
  });

  it('toggles the direction when the same column is sorted again, from the first page', async () => {
    const list = drive(listQueryMachine, deskInput);
    await list.release('loadPage', threePages);
    list.actor.send({ type: 'SET_PAGE', page: 2 });
    await list.release('loadPage', threePages);
    list.actor.send({ type: 'SORT', field: 'requestId' });
    expect(list.inputOf('loadPage')).toMatchObject({ page: 1, sort: { field: 'requestId', type: 'asc' } });
    list.actor.send({ type: 'SORT', field: 'sentRequestDate' });
    expect(list.inputOf('loadPage')).toMatchObject({ sort: { field: 'sentRequestDate', type: 'asc' } });
    list.actor.send({ type: 'SORT', field: 'sentRequestDate' });
    expect(list.inputOf('loadPage')).toMatchObject({ sort: { field: 'sentRequestDate', type: 'desc' } });
    list.actor.send({ type: 'SORT', field: 'password' });
    expect(list.gates.calls).toHaveLength(5);
  });

  it('searches from the first page; clearing the search sends a null filter', async () => {
    const list = drive(listQueryMachine, deskInput);
    await list.release('loadPage', threePages);
    list.actor.send({ type: 'SET_PAGE', page: 2 });
    list.actor.send({ type: 'SEARCH', filter: ' Bianchi ' });
    expect(list.inputOf('loadPage')).toMatchObject({ page: 1, filter: 'Bianchi' });
    list.actor.send({ type: 'SEARCH', filter: null });
    expect(list.inputOf('loadPage')).toMatchObject({ page: 1, filter: null });
  });

  it('drops the answer of a query that changed while it was loading', async () => {
    const list = drive(listQueryMachine, deskInput);
    list.actor.send({ type: 'SEARCH', filter: 'Rossi' });
    expect(list.gates.isPending('loadPage')).toBe(true);
    expect(list.gates.calls.map((call) => (call.input as { filter: string | null }).filter)).toEqual([null, 'Rossi']);
    await list.release('loadPage', onePage);
    expect(list.snapshot().context.items).toEqual(onePage.items);
  });

  it('keeps list filters, merges changes, and goes back to every default on reset', async () => {
    const list = drive(listQueryMachine, cardsInput);
    await list.release('loadPage', threePages);
    list.actor.send({ type: 'SET_FILTERS', filters: { typeId: 2, municipalityId: 5190 } });
    list.actor.send({ type: 'SET_SIZE', size: 12 });
    list.actor.send({ type: 'SORT', field: 'name' });
    list.actor.send({ type: 'SEARCH', filter: 'tivoli' });
    expect(selectQuery(list.snapshot())).toEqual({
      page: 1,
      size: 12,
      sort: { field: 'name', type: 'asc' },
      filter: 'tivoli',
      filters: { typeId: 2, municipalityId: 5190 },
    });
    list.actor.send({ type: 'RESET' });
    expect(list.inputOf('loadPage')).toEqual({ page: 1, size: 3, sort: { field: 'updatedOn', type: 'desc' }, filter: null, filters: { typeId: null } });
  });

  it('refuses page sizes that are not whole numbers between 1 and the maximum', async () => {
    const list = drive(listQueryMachine, deskInput);
    await list.release('loadPage', threePages);
    for (const size of [0, -5, 2.5, 101, 5]) list.actor.send({ type: 'SET_SIZE', size });
    expect(list.gates.calls).toHaveLength(1);
    list.actor.send({ type: 'SET_SIZE', size: 100 });
    expect(list.inputOf('loadPage')).toMatchObject({ size: 100, page: 1 });
  });

  it('reloads the same page, and moves to the last page when the list shrank', async () => {
    const list = drive(listQueryMachine, cardsInput);
    await list.release('loadPage', threePages);
    list.actor.send({ type: 'SET_PAGE', page: 3 });
    await list.release('loadPage', threePages);
    list.actor.send({ type: 'RELOAD' });
    expect(list.inputOf('loadPage')).toMatchObject({ page: 3 });
    await list.release('loadPage', { items: [], totalResults: 6, totalPages: 2 });
    expect(list.inputOf('loadPage')).toMatchObject({ page: 2 });
    await list.release('loadPage', { items: [{ id: 4 }], totalResults: 6, totalPages: 2 });
    expect(list.snapshot().matches('ready')).toBe(true);
    expect(list.snapshot().context.page).toBe(2);
  });

  it('a failed load is an empty list with 999 Generic Error; the next query clears the status', async () => {
    const list = drive(listQueryMachine, deskInput);
    await list.release('loadPage', threePages);
    list.actor.send({ type: 'RELOAD' });
    await list.fail('loadPage');
    expect(selectHasFailed(list.snapshot())).toBe(true);
    expect(list.snapshot().context).toMatchObject({
      items: [],
      totalResults: 0,
      totalPages: 0,
      status: { code: 999, message: 'Generic Error', description: 'Generic Error' },
    });
    list.actor.send({ type: 'RELOAD' });
    await list.release('loadPage', noResults);
    expect(list.snapshot().context.status).toBeNull();
    expect(selectShowsPaginator(list.snapshot())).toBe(false);
  });

  it('starts from a restored page and search when given', () => {
    const list = drive(listQueryMachine, { ...deskInput, page: 2, filter: ' Verdi ' });
    expect(list.inputOf('loadPage')).toMatchObject({ page: 2, filter: 'Verdi' });
  });
});
