// One screen-level model run (docs/machines/README.md), shared by every suite that replays a machine's model on
// the screen that runs it: the fewest model paths that cover what the model reaches
// (coveringPaths), each replayed on the rendered app (renderInspected) through a driver whose
// person-caused events are the suite's (a click, a key press, a choice) and whose server answers
// are released through the suite's msw gates; after every step the running machine must equal the
// model before the suite checks what the screen shows. The last test asserts the coverage: every
// state and every transition went by on screen except exactly those of the events the screen has
// no control for (`notOnScreen`), no screen sent the machine an event its state refuses, and (unless
// the suite allows it) no event was sent to the machine for want of a control. A suite that lists
// the events its operable controls would send (`offered`) also has each checked after every step:
// a field left open in a state that refuses its event fails there, though the model never types in it.
import { waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { listStates, listTransitions } from '#scripts/diagrams/walk.ts';
import { serializeModelState, type ModelSpec } from '../../machines/support/model.ts';
import type { ModelPath, ModelStep } from '../../machines/support/paths.ts';
import { replayPath } from '../../machines/support/replay.ts';
import type { GateReply } from './http-gates.ts';
import { renderInspected } from './render-inspected.tsx';
import { coveringPaths, createScreenObserver } from './screen-coverage.ts';

export type ScreenApp = ReturnType<typeof renderInspected>;
export type ScreenObserver = ReturnType<typeof createScreenObserver>;

/** What a run counts: paths and steps replayed, actions on screen, answers released, events sent for want of a control, and the suite's own counters. */
export type ScreenTally = Record<string, number> & { paths: number; steps: number; byUi: number; answers: number; direct: number; offeredChecks: number };

/** What a suite's driver works with, one path at a time. */
export interface ScreenTools<TMachine extends AnyStateMachine> {
  app: ScreenApp;
  observer: ScreenObserver;
  /** The running machine's snapshot. */
  snapshot(): SnapshotFrom<TMachine>;
  /** A person's action on a control (counted as caused by the screen). */
  ui(act: () => Promise<unknown> | unknown): Promise<void>;
  /** An event no control produces, sent straight to the machine as the model's probe (counted, never judged). */
  direct(event: AnyEventObject): void;
  /** Counts something the suite asserts at the end (an alert closed, say). */
  count(name: string): void;
}

export interface ScreenRun<TMachine extends AnyStateMachine> {
  /** The describe's title: the machine and the screen. */
  title: string;
  /** The model with the screen's payloads (events offered only where their control is). */
  model: ModelSpec<TMachine>;
  /** Events of the machine no control of this screen produces: not tried; their transitions are the only ones left. */
  notOnScreen?: readonly string[];
  /** The gates holding the answers of the machine's invoked actors (keyed by invoke id). */
  gates: { release(id: string, reply: GateReply): Promise<void>; drain(): void };
  /** Before each test: the mock API, the gated handlers, the session. */
  setUp(): void;
  /** The first render of the file loads the lazy screens: done once, outside the paths, with a long wait. */
  warmUp: { url: string; ready(app: ScreenApp): Promise<unknown> };
  /** Where a path starts. */
  url(path: ModelPath<TMachine>): string;
  /** What says the screen is there (before the initial state is checked); may release a held answer. */
  ready(app: ScreenApp, path: ModelPath<TMachine>): Promise<unknown>;
  /** A person's event of the machine, caused through the screen (or `tools.direct` where no control exists). */
  send(event: AnyEventObject, tools: ScreenTools<TMachine>): Promise<void>;
  /** What the screen shows in the step's state, checked once the running machine equals the model. */
  check?(step: ModelStep<SnapshotFrom<TMachine>>, tools: ScreenTools<TMachine>): Promise<void>;
  /**
   * The events the screen's operable controls would send now (a field one can type in, a button one
   * can press), each named by its control: after every step each must be one the state accepts, so
   * a control left open in a state that refuses its event (typing dropped silently) fails the run.
   */
  offered?(tools: ScreenTools<TMachine>): Array<{ control: string; event: AnyEventObject }>;
  /** Cover the machine from each input on its own (each page of a shared form), not from all inputs together. */
  coverEachInput?: boolean;
  /** The model tries events where the screen has no control (e.g. a guard's refusal): `direct` is allowed, not asserted zero. */
  allowDirect?: boolean;
  /** More assertions of the final test (on the suite's counters). */
  finally?(tally: ScreenTally): void;
}

/** A control a person can operate now: shown to assistive technology, neither disabled nor read-only. */
export function isOperable(element: Element | null): element is HTMLElement {
  if (!element || !(element instanceof HTMLElement)) return false;
  if ((element as HTMLInputElement).disabled || (element as HTMLInputElement).readOnly) return false;
  if (element.closest('[aria-readonly="true"], [aria-disabled="true"], [aria-hidden="true"], [inert]')) return false;
  return true;
}

/** A model spec that does not try `types` anywhere (the screen has no control for them). */
export function withoutEvents<TMachine extends AnyStateMachine>(model: ModelSpec<TMachine>, types: readonly string[]): ModelSpec<TMachine> {
  return { ...model, payloads: { ...model.payloads, ...Object.fromEntries(types.map((type) => [type, []])) } };
}

/** Registers the run's tests: a warm-up, one test per covering path, the coverage assertions. */
export async function describeScreenRun<TMachine extends AnyStateMachine>(run: ScreenRun<TMachine>): Promise<void> {
  const { model } = run;
  const machine = model.machine;
  const notOnScreen = run.notOnScreen ?? [];
  const paths = run.coverEachInput
    ? (await Promise.all(model.inputs.map((input) => coveringPaths({ ...model, inputs: [input] })))).flat()
    : await coveringPaths(model);
  const observer = createScreenObserver(machine);
  const tally: ScreenTally = { paths: 0, steps: 0, byUi: 0, answers: 0, direct: 0, offeredChecks: 0 };
  const several = model.inputs.length > 1;

  const toolsFor = (app: ScreenApp): ScreenTools<TMachine> => ({
    app,
    observer,
    snapshot: () => observer.actor().getSnapshot() as SnapshotFrom<TMachine>,
    async ui(act) {
      tally.byUi += 1;
      await act();
    },
    direct(event) {
      tally.direct += 1;
      observer.sendDirectly(event);
    },
    count(name) {
      tally[name] = (tally[name] ?? 0) + 1;
    },
  });

  describe(run.title, () => {
    beforeEach(() => run.setUp());

    it('opens the screen once (its screens load lazily)', async () => {
      const app = renderInspected(run.warmUp.url, () => {});
      try {
        await run.warmUp.ready(app);
      } finally {
        run.gates.drain();
        app.unmount();
      }
    }, 90_000);

    for (const [index, path] of paths.entries()) {
      it(`path ${index + 1}/${paths.length}${several ? ` [${path.inputName}]` : ''}: ${path.description}`, async () => {
        const app = renderInspected(run.url(path), observer.inspect);
        const tools = toolsFor(app);
        try {
          await run.ready(app, path);
          await replayPath(machine, path, {
            send: (event) => run.send(event, tools),
            async complete(id, output) {
              tally.answers += 1;
              await run.gates.release(id, { ok: true, output });
            },
            async fail(id, error) {
              tally.answers += 1;
              await run.gates.release(id, { ok: false, error });
            },
            advance: () => {
              throw new Error(`the ${machine.id} machine has no timers`);
            },
            async check(step) {
              await waitFor(() => expect(serializeModelState(model, tools.snapshot())).toBe(serializeModelState(model, step.state)));
              await run.check?.(step, tools);
              if (run.offered) {
                const snapshot = tools.snapshot();
                const value = JSON.stringify((snapshot as unknown as { value: unknown }).value);
                const refusing = run
                  .offered(tools)
                  .filter(
                    ({ event }) =>
                      (snapshot as unknown as { status: string }).status !== 'active' ||
                      !(snapshot as unknown as { can(event: AnyEventObject): boolean }).can(event),
                  )
                  .map(({ control, event }) => `${control} (${event.type}) in ${value}`);
                expect(refusing, 'controls offered for events the state refuses').toEqual([]);
                tally.offeredChecks += 1;
              }
            },
          });
        } finally {
          run.gates.drain();
          app.unmount();
        }
        tally.paths += 1;
        tally.steps += path.steps.length - 1;
      });
    }

    it('went through every state and every transition the screen can cause, and no screen sent an event its state refuses', () => {
      expect(tally.paths, 'every path ran').toBe(paths.length);
      expect(observer.onScreen.missing().states).toEqual([]);
      const all = listTransitions(machine);
      const uncovered = all.filter((transition) => !observer.onScreen.transitions.has(transition.key)).map((transition) => transition.key);
      // Exactly the transitions of the events the screen does not offer are left (none when it offers them all).
      const notOffered = all
        .filter((transition) => transition.kind === 'event' && notOnScreen.includes(transition.eventType ?? ''))
        .map((transition) => transition.key);
      expect(uncovered).toEqual(notOffered);
      expect(observer.refused).toEqual([]);
      if (!run.allowDirect) expect(tally.direct, 'events sent to the machine for want of a control').toBe(0);
      expect(tally.byUi, 'events caused on screen').toBeGreaterThan(0);
      run.finally?.(tally);
    });

    afterAll(() => {
      const states = listStates(machine).map((state) => state.key);
      const transitions = listTransitions(machine);
      const statesSeen = states.filter((key) => observer.onScreen.states.has(key)).length;
      const transitionsSeen = transitions.filter((transition) => observer.onScreen.transitions.has(transition.key)).length;
      const extra = Object.entries(tally)
        .filter(([name, value]) => !['paths', 'steps', 'byUi', 'answers', 'direct'].includes(name) && (name !== 'offeredChecks' || value > 0))
        .map(([name, value]) => `, ${value} ${name}`)
        .join('');
      console.log(
        `${run.title}: ${tally.paths}/${paths.length} paths, ${tally.steps} steps; ${tally.byUi} by the screen, ${tally.answers} answers released, ` +
          `${tally.direct} sent to the machine${extra}; on screen ${statesSeen}/${states.length} states, ${transitionsSeen}/${transitions.length} transitions`,
      );
    });
  });
}
