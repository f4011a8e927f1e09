// The listQuery machine's model (tests/machines/models/listQuery.model.ts) replayed on the private
// area's cards (issue #13.5): every event a person causes there is a click — a page of the
// paginator (SET_PAGE), "try again" on a list that could not be loaded (RELOAD) — and the list
// call's answers are released through an msw gate with the model's page (9, 1 or no requests) or a
// failure. The private area offers no search, sort, page size, filter or reset: the model tries
// none of them here (the desk has those). The paths are the fewest that together cover what the
// model reaches; the last test asserts that the running machine went through every state and every
// transition of those events on screen — all of the machine but the five events the cards do not
// offer, listed by type — and that no screen sent it an event its state refuses.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { listQueryMachine } from '../../../machines/listQuery.ts';
import type { LoadPageOutput } from '../../../machines/listQuery/rules.ts';
import { mockStore } from '../../../mocks/fixtures/back-office.ts';
import { forCitizen, privateAreaUrls } from '../../../mocks/handlers/private-area.ts';
import type { SuapRequest } from '../../../src/shared/api/requests.ts';
import { GENERIC_ERROR, RequestState } from '../../../src/shared/constants.ts';
import { OK_STATUS } from '../../../src/shared/envelope.ts';
import { CARDS_QUERY } from '../../../src/web/screens/private-area/cards.ts';
import { listTransitions } from '../../../scripts/diagrams/walk.ts';
import { listQueryModel } from '../../machines/models/listQuery.model.ts';
import { serializeModelState, type ModelSpec } from '../../machines/support/model.ts';
import { replayPath, type PathDriver } from '../../machines/support/replay.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { renderInspected } from './render-inspected.tsx';
import { coveringPaths, createScreenObserver } from './screen-coverage.ts';

type Snapshot = SnapshotFrom<typeof listQueryMachine>;

/** Events of the machine no control of the private area produces. */
const NOT_ON_THE_CARDS = ['SET_SIZE', 'SORT', 'SEARCH', 'SET_FILTERS', 'RESET'];

const cardsModel: ModelSpec<typeof listQueryMachine> = {
  ...listQueryModel,
  inputs: [{ name: 'private area', input: CARDS_QUERY }],
  payloads: {
    ...listQueryModel.payloads,
    ...Object.fromEntries(NOT_ON_THE_CARDS.map((type) => [type, []])),
    // The paginator shows every page of a three-page list; it is there while a page loads too.
    SET_PAGE: ({ context }: Snapshot) => (context.totalPages > 1 ? [{ page: context.page === 1 ? 2 : 1 }] : []),
    // "Try again" is on the failure callout only.
    RELOAD: (snapshot: Snapshot) => (snapshot.matches('failed') ? [{}] : []),
  },
};

const paths = await coveringPaths(cardsModel);
const observer = createScreenObserver(listQueryMachine);
const gates = createLatestGates();
const tally = { paths: 0, steps: 0, clicks: 0, direct: 0, answers: 0 };

/** `count` requests of the citizen, all sent (no delete buttons), ids from 900. */
function requestsOf(count: number): SuapRequest[] {
  const template = mockStore.requests.find((request) => request.stateOfRequest.stateOfRequestId === RequestState.SENT)!;
  return Array.from({ length: count }, (_, index) => ({ ...forCitizen(template, false), requestId: 900 + index, updatedOn: new Date(Date.UTC(2025, 0, 1 + index)).toISOString() }));
}

function gatedList() {
  return http.get(privateAreaUrls.list, async () => {
    const reply = await gates.hold('loadPage');
    if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
    return HttpResponse.json({ ...OK_STATUS, requestList: requestsOf((reply.output as LoadPageOutput).totalResults) });
  });
}

function createDriver(app: ReturnType<typeof renderInspected>): PathDriver<typeof listQueryMachine> {
  const direct = (event: { type: string }) => {
    tally.direct += 1;
    observer.sendDirectly(event);
  };
  const click = async (control: HTMLElement) => {
    tally.clicks += 1;
    await app.user.click(control);
  };
  return {
    async send(event) {
      const snapshot = observer.actor().getSnapshot() as Snapshot;
      if (event.type === 'SET_PAGE') {
        const nav = screen.queryByRole('navigation', { name: 'Paginazione' });
        const button = nav ? within(nav).queryByRole('button', { name: `Pagina ${event.page} di ${snapshot.context.totalPages}` }) : null;
        return button ? click(button) : direct(event);
      }
      if (event.type === 'RELOAD') {
        const retry = screen.queryByRole('button', { name: 'Riprova' });
        return retry ? click(retry) : direct(event);
      }
      return direct(event);
    },
    async complete(id, output) {
      tally.answers += 1;
      await gates.release(id, { ok: true, output });
    },
    async fail(id, error) {
      tally.answers += 1;
      await gates.release(id, { ok: false, error });
    },
    advance: () => {
      throw new Error('the list query machine has no timers');
    },
    async check(step) {
      await waitFor(() => expect(serializeModelState(cardsModel, observer.actor().getSnapshot() as Snapshot)).toBe(serializeModelState(cardsModel, step.state)));
      const state = step.state as Snapshot;
      // What the screen shows follows the machine: the cards of the page, the count, the callout.
      if (state.matches('ready')) {
        await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(state.context.items.length));
        expect(screen.getByText(state.context.totalResults === 9 ? 'Hai 9 richieste.' : state.context.totalResults === 1 ? 'Hai una richiesta.' : 'Non hai ancora richieste.')).toBeTruthy();
        expect(screen.queryByRole('navigation', { name: 'Paginazione' }) !== null).toBe(state.context.totalPages > 1);
      }
      if (state.matches('failed')) {
        expect(await screen.findByRole('button', { name: 'Riprova' })).toBeTruthy();
        expect(screen.queryAllByRole('article')).toHaveLength(0);
      }
    },
  };
}

describe('listQuery model on the private area', () => {
  beforeEach(() => {
    useListsMockApi();
    server.use(gatedList());
    storeSession('mario');
  });

  it('opens the private area once (its screens load lazily)', async () => {
    const app = renderInspected('/private-area', () => {});
    await screen.findByRole('heading', { level: 1, name: 'Area personale' }, { timeout: 60_000 });
    gates.drain();
    app.unmount();
  }, 90_000);

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}/${paths.length}: ${path.description}`, async () => {
      const app = renderInspected('/private-area', observer.inspect);
      await screen.findByRole('heading', { level: 1, name: 'Area personale' }, SLOW);
      try {
        await replayPath(listQueryMachine, path, createDriver(app));
      } finally {
        gates.drain();
        app.unmount();
      }
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
    });
  }

  it('went through every state and every transition the cards can cause, and no screen sent an event its state refuses', () => {
    expect(tally.paths, 'every path ran').toBe(paths.length);
    const missing = observer.onScreen.missing();
    expect(missing.states).toEqual([]);
    // Exactly the transitions of the events the cards do not offer are left (the desk's model run has them).
    const offered = listTransitions(listQueryMachine).filter((transition) => !(transition.kind === 'event' && NOT_ON_THE_CARDS.includes(transition.eventType ?? '')));
    expect(offered.filter((transition) => !observer.onScreen.transitions.has(transition.key)).map((transition) => transition.key)).toEqual([]);
    expect(missing.transitions).toHaveLength(NOT_ON_THE_CARDS.length);
    expect(observer.refused).toEqual([]);
    expect(tally.clicks, 'every SET_PAGE and RELOAD of the paths was a click').toBeGreaterThan(0);
  });

  afterAll(() => {
    console.log(`listQuery on the private area: ${tally.paths}/${paths.length} paths, ${tally.steps} steps; ${tally.clicks} clicks, ${tally.answers} answers released, ${tally.direct} sent to the machine (no control)`);
  });
});
