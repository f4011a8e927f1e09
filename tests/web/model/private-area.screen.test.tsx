// The listQuery machine's model (tests/machines/models/list-query.model.ts) replayed on the private
// area's cards (docs/machines/README.md): every event a person causes there is a click — a page of the
// paginator (SET_PAGE), "try again" on a list that could not be loaded (RELOAD) — and the list
// call's answers are released through an msw gate with the model's page (9, 1 or no requests) or a
// failure. The private area offers no search, sort, page size, filter or reset: the model tries
// none of them here (the desk has those). The paths are the fewest that together cover what the
// model reaches; the last test asserts that the running machine went through every state and every
// transition of those events on screen — all of the machine but the five events the cards do not
// offer, listed by type — and that no screen sent it an event its state refuses.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { listQueryMachine } from '#machines/list-query.ts';
import type { LoadPageOutput } from '#machines/list-query/rules.ts';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { forCitizen, privateAreaUrls } from '#mocks/handlers/private-area.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { GENERIC_ERROR, RequestState } from '#shared/constants.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { CARDS_QUERY } from '#web/screens/private-area/cards.ts';
import { listQueryModel } from '../../machines/models/list-query.model.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun, withoutEvents } from './screen-run.ts';

type Snapshot = SnapshotFrom<typeof listQueryMachine>;

/** Events of the machine no control of the private area produces. */
const NOT_ON_THE_CARDS = ['SET_SIZE', 'SORT', 'SEARCH', 'SET_FILTERS', 'RESET'];

const cardsModel: ModelSpec<typeof listQueryMachine> = withoutEvents(
  {
    ...listQueryModel,
    inputs: [{ name: 'private area', input: CARDS_QUERY }],
    payloads: {
      ...listQueryModel.payloads,
      // The paginator shows every page of a three-page list; it is there while a page loads too.
      SET_PAGE: ({ context }: Snapshot) => (context.totalPages > 1 ? [{ page: context.page === 1 ? 2 : 1 }] : []),
      // "Try again" is on the failure callout only.
      RELOAD: (snapshot: Snapshot) => (snapshot.matches('failed') ? [{}] : []),
    },
  },
  NOT_ON_THE_CARDS,
);

const gates = createLatestGates();

/** `count` requests of the citizen, all sent (no delete buttons), ids from 900. */
function requestsOf(count: number): SuapRequest[] {
  const template = mockStore.requests.find((request) => request.stateOfRequest.stateOfRequestId === RequestState.SENT)!;
  return Array.from({ length: count }, (_, index) => ({
    ...forCitizen(template, false),
    requestId: 900 + index,
    updatedOn: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
  }));
}

function gatedList() {
  return http.get(privateAreaUrls.list, async () => {
    const reply = await gates.hold('loadPage');
    if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
    return HttpResponse.json({ ...OK_STATUS, requestList: requestsOf((reply.output as LoadPageOutput).totalResults) });
  });
}

await describeScreenRun<typeof listQueryMachine>({
  title: 'listQuery model on the private area',
  model: cardsModel,
  notOnScreen: NOT_ON_THE_CARDS,
  gates,
  setUp() {
    useListsMockApi();
    server.use(gatedList());
    storeSession('mario');
  },
  warmUp: { url: '/private-area', ready: () => screen.findByRole('heading', { level: 1, name: 'Area personale' }, { timeout: 60_000 }) },
  url: () => '/private-area',
  ready: () => screen.findByRole('heading', { level: 1, name: 'Area personale' }, SLOW),
  async send(event, { app, snapshot, ui, direct }) {
    if (event.type === 'SET_PAGE') {
      const nav = screen.queryByRole('navigation', { name: 'Paginazione' });
      const button = nav ? within(nav).queryByRole('button', { name: `Pagina ${event.page} di ${snapshot().context.totalPages}` }) : null;
      return button ? ui(() => app.user.click(button)) : direct(event);
    }
    if (event.type === 'RELOAD') {
      const retry = screen.queryByRole('button', { name: 'Riprova' });
      return retry ? ui(() => app.user.click(retry)) : direct(event);
    }
    return direct(event);
  },
  async check(step) {
    const state = step.state as Snapshot;
    // What the screen shows follows the machine: the cards of the page, the count, the callout.
    if (state.matches('ready')) {
      await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(state.context.items.length));
      expect(
        screen.getByText(
          state.context.totalResults === 9 ? 'Hai 9 richieste.' : state.context.totalResults === 1 ? 'Hai una richiesta.' : 'Non hai ancora richieste.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Paginazione' }) !== null).toBe(state.context.totalPages > 1);
    }
    if (state.matches('failed')) {
      expect(await screen.findByRole('button', { name: 'Riprova' })).toBeTruthy();
      expect(screen.queryAllByRole('article')).toHaveLength(0);
    }
  },
});
