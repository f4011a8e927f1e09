// The listQuery machine's model replayed on the clerks' request desk (docs/machines/README.md), where a person
// causes every event of the machine: a page of the paginator (SET_PAGE), the page-size select
// (SET_SIZE), a sortable column header (SORT), the search bar's submit and its clear button
// (SEARCH), the state select (SET_FILTERS), "clear search and filters" on an empty search (RESET),
// and "try again" on a list that could not be loaded (RELOAD). The model offers each event only
// where its control is on screen, so every event is a click, a key press or a choice (asserted);
// the list call's answers are released through an msw gate with the model's page (3, 1 or no
// requests of 9, 1 or 0) or a failure. The last test asserts 100% of the machine's states and
// transitions went by on screen, and that no screen sent an event its state refuses.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { listQueryMachine, selectIsLoading } from '#machines/list-query.ts';
import type { ListQueryInput, LoadPageOutput } from '#machines/list-query/rules.ts';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import { BO_REQUEST_SORT_FIELDS, BoRequestListDefaults } from '#shared/api/back-office.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { listQueryModel } from '../../machines/models/list-query.model.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun } from './screen-run.ts';

type Snapshot = SnapshotFrom<typeof listQueryMachine>;

const DESK_INPUT: ListQueryInput = { ...BoRequestListDefaults, sortFields: BO_REQUEST_SORT_FIELDS, filters: { state: null } };
const SEARCH_LABEL = 'Cerca per nome, codice fiscale, sportello o numero';
const COLUMNS: Record<string, RegExp> = { requestId: /^Numero/, sentRequestDate: /^Data di invio/ };

/** What the desk shows, as the screen decides it from the snapshot. */
function viewOf(snapshot: Snapshot) {
  const { context } = snapshot;
  const searching = context.filter !== null || context.filters.state !== null;
  const empty = !selectIsLoading(snapshot) && !snapshot.matches('failed') && context.items.length === 0;
  return { searching, empty, table: !(empty && searching) };
}

const deskModel: ModelSpec<typeof listQueryMachine> = {
  ...listQueryModel,
  inputs: [{ name: 'request desk', input: DESK_INPUT }],
  // Each event only where the desk shows its control, with the values that control can send.
  payloads: {
    ...listQueryModel.payloads,
    SET_PAGE: ({ context }: Snapshot) => (context.totalPages > 1 ? [{ page: context.page === 1 ? 2 : 1 }] : []),
    SET_SIZE: ({ context }: Snapshot) => [{ size: context.size === 5 ? 10 : 5 }],
    SORT: (snapshot: Snapshot) => (viewOf(snapshot).table ? [{ field: 'requestId' }, { field: 'sentRequestDate' }] : []),
    SEARCH: ({ context }: Snapshot) => [{ filter: 'Bianchi' }, ...(context.filter !== null ? [{ filter: null }] : [])],
    SET_FILTERS: ({ context }: Snapshot) => [{ filters: { state: context.filters.state === 1 ? 2 : 1 } }],
    RESET: (snapshot: Snapshot) => (snapshot.matches('ready') && viewOf(snapshot).empty && viewOf(snapshot).searching ? [{}] : []),
    RELOAD: (snapshot: Snapshot) => (snapshot.matches('failed') ? [{}] : []),
  },
  // The controls on screen depend on the search, the state filter and the size too.
  project: (snapshot: Snapshot) => ({
    ...(listQueryModel.project(snapshot) as object),
    filter: snapshot.context.filter,
    state: snapshot.context.filters.state ?? null,
    size: snapshot.context.size,
  }),
};

const gates = createLatestGates();

function gatedDesk() {
  return http.get(backOfficeUrls.requests, async () => {
    const reply = await gates.hold('loadPage');
    if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
    const output = reply.output as LoadPageOutput;
    const template = mockStore.requests[0]!;
    const requestList = output.items.map((_, index) => ({ ...template, requestId: 900 + index }));
    return HttpResponse.json({ ...OK_STATUS, totalResults: output.totalResults, totalPages: output.totalPages, requestList });
  });
}

const field = () => screen.getByRole('searchbox', { name: SEARCH_LABEL }) as HTMLInputElement;
const heading = () => screen.findByRole('heading', { level: 1, name: 'Richieste' }, SLOW);

await describeScreenRun<typeof listQueryMachine>({
  title: 'listQuery model on the request desk',
  model: deskModel,
  gates,
  setUp() {
    useListsMockApi();
    server.use(gatedDesk());
    storeSession('anna');
  },
  warmUp: { url: '/back-office/requests', ready: () => screen.findByRole('heading', { level: 1, name: 'Richieste' }, { timeout: 60_000 }) },
  url: () => '/back-office/requests',
  ready: heading,
  async send(event, { app, snapshot, ui, direct }) {
    switch (event.type) {
      case 'SET_PAGE': {
        const button = screen.queryByRole('button', { name: `Pagina ${event.page} di ${snapshot().context.totalPages}` });
        return button ? ui(() => app.user.click(button)) : direct(event);
      }
      case 'SET_SIZE':
        return ui(() => app.user.selectOptions(screen.getByRole('combobox', { name: 'Richieste per pagina' }), String(event.size)));
      case 'SORT': {
        const header = screen.queryByRole('columnheader', { name: COLUMNS[event.field as string] });
        return header ? ui(() => app.user.click(header)) : direct(event);
      }
      case 'SEARCH':
        if (event.filter === null) return ui(() => app.user.click(screen.getByRole('button', { name: 'Cancella la ricerca' })));
        // Typing over the whole text never empties the field (which would search for nothing first).
        return ui(async () => {
          if (field().value !== event.filter) {
            await app.user.tripleClick(field());
            await app.user.keyboard(event.filter as string);
          }
          await app.user.type(field(), '{Enter}');
        });
      case 'SET_FILTERS':
        return ui(() => app.user.selectOptions(screen.getByRole('combobox', { name: 'Stato' }), String((event.filters as { state: number }).state)));
      case 'RESET': {
        const reset = screen.queryByRole('button', { name: 'Cancella ricerca e filtri' });
        return reset ? ui(() => app.user.click(reset)) : direct(event);
      }
      case 'RELOAD': {
        const retry = screen.queryByRole('button', { name: 'Riprova' });
        return retry ? ui(() => app.user.click(retry)) : direct(event);
      }
      default:
        return direct(event);
    }
  },
  async check(step) {
    const state = step.state as Snapshot;
    if (state.matches('ready') && viewOf(state).table) {
      await waitFor(() => expect(within(screen.getByRole('grid')).getAllByRole('row').length - 1).toBe(Math.max(state.context.items.length, 1)));
    }
    if (state.matches('failed')) expect(await screen.findByRole('button', { name: 'Riprova' })).toBeTruthy();
  },
});
