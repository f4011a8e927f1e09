// The draftDeletion machine's model (tests/machines/models/citizen.model.ts) replayed on the private
// area (docs/machines/README.md), on Mario's draft n. 101 (first page, beside his other draft n. 106). Every
// event a person causes is a click or a key press: "Elimina" on the draft's card (ASK_DELETE);
// in the confirmation "Elimina la bozza" (CONFIRM) or "Annulla" / Escape (CANCEL, both tried). The
// delete call's answers are released through an msw gate (the draft deleted in the mock store, or a
// server failure); the success and error alerts are seen and closed by the driver. Time is injected
// in one place, where the delay is the point: the list reloads 10 ms after the success (spec §9),
// so the draftDeletion actor alone runs on a SimulatedClock, advanced at the model's
// `xstate.after` step; the driver asserts that the list was not reloaded before and was after.
// The shared helper (screen-run.ts) has no timers, so this file runs the same steps itself:
// covering paths, the running machine equal to the model after every step, what the screen shows,
// the controls one can operate (each must send an event the state accepts), and the final
// assertions (100% of states and transitions on screen, no refused event, none sent for want of a
// control). Both drafts' "Elimina" are among those controls: the run found that while n. 101 was
// being deleted, n. 106's "Elimina" stayed enabled and did nothing (the machine refuses ASK_DELETE
// outside idle); the page now disables every card's "delete" while one is under way. The model's stray CONFIRM naming another draft is not tried: the screen shows one
// confirmation at a time, for the draft asked about (its guard is the pure run's).
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { draftDeletionMachine } from '#machines/draft-deletion.ts';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { privateAreaUrls } from '#mocks/handlers/private-area.ts';
import { GENERIC_ERROR, RequestState } from '#shared/constants.ts';
import { listStates, listTransitions } from '#scripts/diagrams/walk.ts';
import { draftDeletionModel } from '../../machines/models/citizen.model.ts';
import { serializeModelState, type ModelSpec } from '../../machines/support/model.ts';
import { generatePaths } from '../../machines/support/paths.ts';
import { replayPath } from '../../machines/support/replay.ts';
import { messages } from '../messages.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { renderInspected } from './render-inspected.tsx';
import { createScreenObserver } from './screen-coverage.ts';
import { isOperable } from './screen-run.ts';

// Every actor a screen starts with useActorRef reports to the render's ScreenInspectContext; the
// draftDeletion actor also gets the path's SimulatedClock (the page's other machines keep real time).
const clocks = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@xstate/react', async (original) => {
  const module = (await import('./inspect-actors.ts')).inspectingActors(await original<typeof import('@xstate/react')>());
  const useActorRef = module.useActorRef as (logic: unknown, options?: Record<string, unknown>, observer?: unknown) => unknown;
  return {
    ...module,
    useActorRef: ((logic: { id?: string }, options?: Record<string, unknown>, observer?: unknown) =>
      useActorRef(
        logic,
        logic?.id === 'draftDeletion' && clocks.current ? { ...options, clock: clocks.current } : options,
        observer,
      )) as typeof module.useActorRef,
  };
});

type Snapshot = SnapshotFrom<typeof draftDeletionMachine>;

const DRAFT = 101;
const OTHER_DRAFT = 106;
const CONFIRM_TITLE = `Vuoi eliminare la bozza n. ${DRAFT}?`;
const DELETED_TITLE = messages.it['modals.draft-deleted'];
const ERROR_TITLE = messages.it['modals.draft-delete-error.title'];

const screenModel: ModelSpec<typeof draftDeletionMachine> = {
  ...draftDeletionModel,
  payloads: {
    ...draftDeletionModel.payloads,
    ASK_DELETE: [{ requestId: DRAFT, openerId: `request-card-${DRAFT}-delete` }],
    CONFIRM: [{ requestId: DRAFT }],
    // `by`: how the driver closes the confirmation (the machine gets a plain CANCEL either way).
    CANCEL: [{ by: 'Annulla' }, { by: 'Escape' }],
  },
};

const gates = createLatestGates();
let listLoads = 0;

function handlers() {
  return [
    // Counts the list's loads; the area's own handler answers.
    http.get(privateAreaUrls.list, () => {
      listLoads += 1;
      return undefined;
    }),
    // Held until the path says how the delete ends; a success falls through to the area's handler,
    // which marks the draft deleted in the mock store.
    http.delete(privateAreaUrls.request, async () => {
      const reply = await gates.hold('deleteDraft');
      if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
      return undefined;
    }),
  ];
}

const card = (id: number) => screen.queryByRole('article', { name: `Richiesta n. ${id}` });
const deleteButton = (id: number) => {
  const article = card(id);
  return article ? (within(article).queryByRole('button', { name: 'Elimina' }) as HTMLButtonElement | null) : null;
};
const dialogButton = (name: string) => {
  const dialog = screen.queryByRole('alertdialog', { name: CONFIRM_TITLE });
  return dialog ? within(dialog).queryByRole('button', { name }) : null;
};
const draftState = (id: number) => mockStore.requests.find((request) => request.requestId === id)?.stateOfRequest.stateOfRequestId;

/** The events the controls one can operate now would send to the machine. */
function offered(): Array<{ control: string; event: AnyEventObject }> {
  const controls: Array<{ control: string; event: AnyEventObject }> = [];
  for (const id of [DRAFT, OTHER_DRAFT]) {
    if (isOperable(deleteButton(id)))
      controls.push({ control: `"Elimina" on n. ${id}`, event: { type: 'ASK_DELETE', requestId: id, openerId: `request-card-${id}-delete` } });
  }
  if (isOperable(dialogButton('Elimina la bozza'))) controls.push({ control: '"Elimina la bozza"', event: { type: 'CONFIRM', requestId: DRAFT } });
  if (isOperable(dialogButton('Annulla'))) controls.push({ control: '"Annulla"', event: { type: 'CANCEL' } });
  return controls;
}

async function closeAlert(user: ReturnType<typeof renderInspected>['user'], title: string) {
  const alert = await screen.findByRole('alertdialog', { name: title });
  // The dialog's buttons come with its content, after the modals machine's content delay.
  await user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

const machine = draftDeletionMachine;
// Every edge of the model (a handful), so both ways of cancelling are tried on screen.
const paths = generatePaths(screenModel);
const observer = createScreenObserver(machine);
const tally = { paths: 0, steps: 0, byUi: 0, answers: 0, direct: 0, offeredChecks: 0, reloads: 0, alertsClosed: 0, escapes: 0 };

describe('draftDeletion model on the private area', () => {
  beforeEach(() => {
    useListsMockApi();
    server.use(...handlers());
    storeSession('mario');
    listLoads = 0;
  });

  it('opens the screen once (its screens load lazily)', async () => {
    const app = renderInspected('/private-area', () => {});
    try {
      await screen.findByText('Hai 6 richieste.', {}, { timeout: 60_000 });
    } finally {
      gates.drain();
      app.unmount();
    }
  }, 90_000);

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}/${paths.length}: ${path.description}`, async () => {
      const clock = new SimulatedClock();
      clocks.current = clock;
      const app = renderInspected('/private-area', observer.inspect);
      const snapshot = () => observer.actor().getSnapshot() as Snapshot;
      const ui = async (act: () => Promise<unknown>) => {
        tally.byUi += 1;
        await act();
      };
      let loadsBefore = 0;
      let loadsAtStart = 0;
      try {
        await screen.findByText('Hai 6 richieste.', {}, SLOW);
        await replayPath(machine, path, {
          async send(event) {
            if (event.type === 'ASK_DELETE') {
              const button = deleteButton(DRAFT);
              if (isOperable(button)) return ui(() => app.user.click(button));
            }
            if (event.type === 'CONFIRM') {
              const button = dialogButton('Elimina la bozza');
              if (isOperable(button)) return ui(() => app.user.click(button));
            }
            if (event.type === 'CANCEL' && event.by === 'Annulla') {
              const button = dialogButton('Annulla');
              if (isOperable(button)) return ui(() => app.user.click(button));
            }
            if (event.type === 'CANCEL' && event.by === 'Escape' && screen.queryByRole('alertdialog', { name: CONFIRM_TITLE })) {
              tally.escapes += 1;
              return ui(() => app.user.keyboard('{Escape}'));
            }
            tally.direct += 1;
            observer.sendDirectly(event);
          },
          async complete(id, output) {
            tally.answers += 1;
            await gates.release(id, { ok: true, output });
          },
          async fail(id, error) {
            tally.answers += 1;
            await gates.release(id, { ok: false, error });
          },
          async advance(ms) {
            loadsBefore = listLoads;
            act(() => clock.increment(ms));
          },
          async check(step) {
            const state = step.state as Snapshot;
            await waitFor(() => expect(serializeModelState(screenModel, snapshot())).toBe(serializeModelState(screenModel, state)));
            const type = step.event.type;
            if (type === 'xstate.init') loadsAtStart = listLoads;
            if (state.matches('confirming')) {
              await screen.findByRole('alertdialog', { name: CONFIRM_TITLE });
              await within(screen.getByRole('alertdialog')).findByRole('button', { name: 'Elimina la bozza' });
            }
            if (state.matches('deleting')) {
              // The confirmation closed; no card offers "delete" while one is under way.
              await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
              expect(deleteButton(DRAFT)?.disabled).toBe(true);
              expect(deleteButton(OTHER_DRAFT)?.disabled).toBe(true);
            }
            if (state.matches('deleted')) {
              // The success alert; the list is not reloaded until the delay has passed.
              await screen.findByRole('alertdialog', { name: DELETED_TITLE });
              expect(draftState(DRAFT)).toBe(RequestState.DELETED);
              expect(listLoads, 'no reload before the delay').toBe(loadsAtStart);
            }
            if (type.startsWith('xstate.after.')) {
              // The delay passed: the list reloaded; the deleted draft offers no delete any more.
              await waitFor(() => expect(listLoads).toBe(loadsBefore + 1));
              tally.reloads += 1;
              await closeAlert(app.user, DELETED_TITLE);
              tally.alertsClosed += 1;
              await waitFor(() => expect(within(card(DRAFT)!).getByText('Eliminata')).toBeTruthy());
              expect(deleteButton(DRAFT)).toBeNull();
            }
            if (type === 'xstate.error.actor.deleteDraft') {
              await closeAlert(app.user, ERROR_TITLE);
              tally.alertsClosed += 1;
              expect(draftState(DRAFT)).toBe(RequestState.DRAFT);
            }
            if (type === 'CANCEL' || type === 'xstate.init' || type === 'xstate.error.actor.deleteDraft') {
              // Nothing deleted; every draft offers "delete" again.
              await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
              expect(draftState(DRAFT)).toBe(RequestState.DRAFT);
              await waitFor(() => expect(isOperable(deleteButton(DRAFT))).toBe(true));
            }
            if (type === 'CANCEL') {
              // Focus goes back to the button pressed.
              await waitFor(() => expect(document.activeElement?.id).toBe(`request-card-${DRAFT}-delete`));
            }
            const current = snapshot();
            const refusing = offered()
              .filter(({ event }) => current.status !== 'active' || !current.can(event as never))
              .map(({ control, event }) => `${control} (${event.type}) in ${JSON.stringify(current.value)}`);
            expect(refusing, 'controls offered for events the state refuses').toEqual([]);
            tally.offeredChecks += 1;
          },
        });
      } finally {
        gates.drain();
        app.unmount();
        clocks.current = null;
      }
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
    });
  }

  it('went through every state and every transition, and no screen sent an event its state refuses', () => {
    expect(tally.paths, 'every path ran').toBe(paths.length);
    expect(observer.onScreen.missing().states).toEqual([]);
    expect(observer.onScreen.missing().transitions).toEqual([]);
    expect(observer.refused).toEqual([]);
    expect(tally.direct, 'events sent to the machine for want of a control').toBe(0);
    expect(tally.escapes, 'Escape cancelled a confirmation').toBeGreaterThan(0);
    expect(tally.reloads, 'the list reloaded after the delay').toBeGreaterThan(0);
    expect(tally.alertsClosed, 'the success and error alerts were seen').toBeGreaterThanOrEqual(2);
    expect(tally.offeredChecks).toBe(tally.steps + tally.paths);
  });

  afterAll(() => {
    const states = listStates(machine).map((state) => state.key);
    const transitions = listTransitions(machine);
    console.log(
      `draftDeletion model on the private area: ${tally.paths}/${paths.length} paths, ${tally.steps} steps; ${tally.byUi} by the screen (${tally.escapes} Escape), ` +
        `${tally.answers} answers released, ${tally.direct} sent to the machine, ${tally.offeredChecks} offeredChecks, ${tally.reloads} reloads, ${tally.alertsClosed} alerts closed; ` +
        `on screen ${states.filter((key) => observer.onScreen.states.has(key)).length}/${states.length} states, ` +
        `${transitions.filter((transition) => observer.onScreen.transitions.has(transition.key)).length}/${transitions.length} transitions`,
    );
  });
});
