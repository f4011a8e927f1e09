// The enrolment machine's shortest path to every state of its model (tests/machines/models/
// enrolment.model.ts) replayed on the rendered startup process, with the real draft machine and
// the mocked API behind it. A step's save is the step page's "continue" (the draft is saved and
// the step completed), the initial summary's "start", the summary's "send"; a page change is a
// navigation of the router; time passes on the machines' SimulatedClock. Re-checks and resets of
// arbitrary drafts have no screen control: they are sent to the machine and counted.
//
// The app reports the page it shows (URL_CHANGED) as soon as it navigates, where the model takes
// that report as a later step of its own: until the model reports the page the app moved to, the
// expected state is the model's with that report applied. After every step the running machine
// must equal this expectation, and the step menu must draw exactly the running machine's steps.
//
// The paths run are the fewest shortest paths that together take the pure machine through every
// state and transition (chosen greedily); the last test asserts that the rendered app's enrolment
// machine went through all of them too, and that the screens never sent it an event its state does
// not accept (an event the driver sends straight to the machine is the model's probe, not the screen's).
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { getNextSnapshot, SimulatedClock, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { activeStateKeys, ancestorKeys, keyOfTransition } from '../../../../scripts/diagrams/walk.ts';
import { Coverage } from '../../../machines/support/coverage.ts';
import { runPathOnMachine } from '../../../machines/support/runner.ts';
import { enrolmentMachine, selectSelectionWarning, selectStepViews } from '../../../../machines/enrolment.ts';
import type { StepName } from '../../../../machines/enrolment/steps.ts';
import { enrolmentModel } from '../../../machines/models/enrolment.model.ts';
import { createMachineModel, serializeModelState } from '../../../machines/support/model.ts';
import { describeSteps, type ModelPath } from '../../../machines/support/paths.ts';
import { replayPath, type PathDriver } from '../../../machines/support/replay.ts';
import { storeSession } from '../../session.ts';
import { mockEnrolmentApi } from '../harness.tsx';
import { renderObserved } from './render.tsx';

type Snapshot = SnapshotFrom<typeof enrolmentMachine>;
type Path = ModelPath<typeof enrolmentMachine>;

const allPaths: Path[] = createMachineModel(enrolmentModel, undefined)
  .getShortestPaths()
  .map((path) => ({ inputName: 'start', input: undefined, steps: path.steps as Path['steps'], description: describeSteps(path.steps) }));

/** What one path covers on the pure machine: its state keys and transition keys. */
async function coverageOf(path: Path): Promise<Set<string>> {
  const coverage = new Coverage(enrolmentMachine);
  await runPathOnMachine(enrolmentModel, path, {}, coverage);
  return new Set([...[...coverage.states].map((key) => `state ${key}`), ...[...coverage.transitions].map((key) => `transition ${key}`)]);
}

/** Greedy set cover: the fewest paths (roughly) that together cover everything the model reaches. */
async function coveringPaths(): Promise<Path[]> {
  const covers = await Promise.all(allPaths.map(async (path) => ({ path, keys: await coverageOf(path) })));
  const missing = new Set(covers.flatMap(({ keys }) => [...keys]));
  const chosen: Path[] = [];
  while (missing.size > 0) {
    let best = covers[0]!;
    let bestGain = -1;
    for (const candidate of covers) {
      let gain = 0;
      for (const key of candidate.keys) if (missing.has(key)) gain += 1;
      // Prefer shorter paths on a tie: fewer screen steps.
      if (gain > bestGain || (gain === bestGain && gain > 0 && candidate.path.steps.length < best.path.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    chosen.push(best.path);
    for (const key of best.keys) missing.delete(key);
  }
  return chosen;
}

const paths = await coveringPaths();

/** Transitions the selected paths reach on the pure machine but not yet on screen (see the last test). */
const NOT_YET_ON_SCREEN = [
  'running.navigation on REDIRECT [hasForcedStep] → running.navigation.ready (alternative #0)',
  'running.navigation on REDIRECT [(isShownStep and in running.steps.request-summary.clickable)] → running.navigation.ready (alternative #5)',
  'running.steps.select-initiative.clickable.COMPLETE on COMPLETE_STEP [isThisStep] → running.steps.select-initiative.clickable.COMPLETE (alternative #0)',
  'running.steps.personal-data.clickable.COMPLETE on COMPLETE_STEP [isThisStep] → running.steps.personal-data.clickable.COMPLETE (alternative #0)',
];
const tally = { paths: 0, steps: 0, byUi: 0, direct: 0, appNavigations: 0 };
/** What the rendered app's enrolment machine went through, and the events its screens sent that it refused. */
const onScreen = new Coverage(enrolmentMachine);
const refused: string[] = [];
let sendingDirectly = false;

function observe(event: InspectionEvent) {
  const ref = event.actorRef as AnyActorRef;
  if ((ref as unknown as { logic: { id?: string } }).logic.id !== 'enrolment') return;
  if (event.type === '@xstate.microstep') {
    for (const transition of event._transitions) {
      onScreen.transitions.add(keyOfTransition(transition));
      onScreen.recordStates(ancestorKeys(transition.source));
    }
    onScreen.recordStates(activeStateKeys(enrolmentMachine, (event.snapshot as AnyMachineSnapshot).value));
  }
  // An event from outside the machine (its own raised events have it as source) that its state does not accept.
  if (event.type === '@xstate.event' && event.sourceRef !== ref && !sendingDirectly && !event.event.type.startsWith('xstate.')) {
    const snapshot = ref.getSnapshot() as AnyMachineSnapshot;
    if (snapshot.status === 'active' && !snapshot.can(event.event)) refused.push(`${event.event.type} in ${JSON.stringify(snapshot.value)}`);
  }
}

const HEADINGS: Partial<Record<StepName, string>> = {
  'initial-summary': 'Riepilogo iniziale',
  'notification-contacts': 'Recapiti per le comunicazioni',
  'select-initiative': 'Sportello e iniziativa',
  'personal-data': 'Dati anagrafici',
  'request-summary': 'Riepilogo della richiesta',
};

function createDriver(app: ReturnType<typeof renderObserved>, clock: SimulatedClock): PathDriver<typeof enrolmentMachine> {
  const enrolment = () => app.actor('enrolment');
  const snapshot = () => enrolment().getSnapshot() as Snapshot;
  const draft = () => app.actor('draft').getSnapshot().context.draft as Record<string, unknown> | null;
  const pathname = () => app.router.state.location.pathname;
  /** The last page the model reported (its URL_CHANGED steps); the app may be ahead of it. */
  let modelUrl: string | null = null;
  let lastAhead: string | null = null;

  const direct = (event: AnyEventObject) => {
    tally.direct += 1;
    sendingDirectly = true;
    try {
      act(() => enrolment().send(event));
    } finally {
      sendingDirectly = false;
    }
  };
  const onPage = (step: StepName) => pathname() === `/startup/${step}` && screen.queryByRole('heading', { level: 1, name: HEADINGS[step] ?? '' }) !== null;
  const enabledButton = (name: string) => {
    const button = screen.queryByRole('button', { name }) as HTMLButtonElement | null;
    return button && !button.disabled ? button : null;
  };

  async function chooseOfficeAndInitiative() {
    if (!draft()?.suap) {
      // No office is listed before a search (issue #14.7): search by a municipality first.
      const search = await screen.findByRole('search', { name: 'Cerca lo sportello per nome o comune' });
      await app.user.type(within(search).getByRole('searchbox'), 'Roma');
      await app.user.click(within(search).getByRole('button', { name: 'Cerca' }));
      const offices = await screen.findByRole('list', { name: 'Sportelli' });
      await waitFor(() => expect(within(offices).getAllByRole('listitem').length).toBeGreaterThan(0));
      await app.user.click(within(within(offices).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Scegli' }));
    }
    if (!draft()?.iniziative) {
      const list = await screen.findByRole('list', { name: 'Iniziative' });
      await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0));
      await app.user.click(within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Scegli' }));
    }
  }

  async function completeStep(event: AnyEventObject) {
    const step = (event.step as StepName | undefined) ?? 'initial-summary';
    if (step === 'initial-summary' && onPage('initial-summary') && enabledButton('Inizia')) {
      tally.byUi += 1;
      return app.user.click(enabledButton('Inizia')!);
    }
    const saves: StepName[] = ['notification-contacts', 'select-initiative', 'personal-data'];
    // A save that still names an office on its own portal has no screen control (the exception
    // modal never lets it be chosen): the model's probe of the warning goes to the machine.
    // Likewise a save that resolves the warning: the walk that follows reads the saved request, which
    // on screen is the mocked server's answer, not the model's payload.
    const outdatedSave = (event.request as { suap?: { type?: string } } | undefined)?.suap?.type === 'EXT' || selectSelectionWarning(snapshot()) !== null;
    if (saves.includes(step) && !outdatedSave && onPage(step) && enabledButton('Avanti')) {
      if (step === 'select-initiative') await chooseOfficeAndInitiative();
      tally.byUi += 1;
      return app.user.click(enabledButton('Avanti')!);
    }
    return direct(event);
  }

  async function submit(event: AnyEventObject) {
    const current = draft();
    const complete = current?.requestId && current.procedureNotification && current.suap && current.iniziative && current.personalData;
    if (complete && onPage('request-summary') && enabledButton('Invia la richiesta')) {
      tally.byUi += 1;
      return app.user.click(enabledButton('Invia la richiesta')!);
    }
    return direct(event);
  }

  return {
    async send(event) {
      if (event.type === 'COMPLETE_STEP') return completeStep(event);
      if (event.type === 'SUBMITTED') return submit(event);
      if (event.type === 'EDIT_FROM_SUMMARY' && event.step === 'personal-data' && onPage('request-summary')) {
        tally.byUi += 1;
        return app.user.click(screen.getByRole('link', { name: /^Modifica\s*Dati anagrafici$/ }));
      }
      if (event.type === 'URL_CHANGED') {
        const url = event.url as string;
        const reported = snapshot().context.url;
        modelUrl = url;
        // Already reported by the app when it navigated there by itself.
        if (reported === url) return;
        // The entry path would start the process again: its report alone is sent.
        if (url === '/startup') return direct(event);
        tally.byUi += 1;
        await act(() => app.router.navigate(url));
        return;
      }
      if (event.type === 'RECHECK' && snapshot().context.url !== (modelUrl ?? snapshot().context.url)) {
        // A re-check keeps the page the machine believes is shown: first tell it the model's page
        // (the app may have moved on by itself, e.g. to the initial summary of a new draft).
        direct({ type: 'URL_CHANGED', url: modelUrl! });
      } else if (event.type === 'RECHECK' && modelUrl === null && snapshot().context.activeStep !== null) {
        direct({ type: 'URL_CHANGED', url: '/startup' });
      }
      return direct(event);
    },
    complete: () => {
      throw new Error('the enrolment machine invokes nothing');
    },
    fail: () => {
      throw new Error('the enrolment machine invokes nothing');
    },
    advance: (ms) => act(() => clock.increment(ms)),
    async check(step) {
      const expectedOf = () => {
        // The page the app reported on its own (a step's delay, a re-check's redirect, the thank
        // page) and the model has not reported yet.
        const reported = snapshot().context.url;
        const ahead = reported !== null && reported !== modelUrl ? reported : null;
        if (ahead && ahead !== lastAhead) tally.appNavigations += 1;
        lastAhead = ahead;
        const adjusted = ahead ? getNextSnapshot(enrolmentMachine, step.state, { type: 'URL_CHANGED', url: ahead }) : step.state;
        return serializeModelState(enrolmentModel, adjusted);
      };
      await waitFor(() => expect(serializeModelState(enrolmentModel, snapshot())).toBe(expectedOf()));
      // The step menu draws the running machine's steps (spec §4 "Wizard status drawing").
      const menu = screen.queryByRole('navigation', { name: 'Passaggi della richiesta' });
      if (menu) {
        const views = selectStepViews(snapshot()).filter((view) => !view.hidden);
        await waitFor(() => {
          const items = within(menu).getAllByRole('listitem');
          expect(items.map((item) => item.getAttribute('data-drawing'))).toEqual(views.map((view) => view.drawing));
          expect(within(menu).queryAllByRole('link').length).toBe(views.filter((view) => view.clickable && !view.active).length);
        });
      }
    },
  };
}

describe('enrolment model on the rendered startup process', () => {
  // The first render loads every lazy screen of the process; on a busy machine that can take longer
  // than one wait, so it happens once here first, waiting for the page rather than for a time.
  it('opens the startup process of a logged citizen on its initial summary', async () => {
    mockEnrolmentApi();
    storeSession('mario');
    const app = renderObserved('/startup', new SimulatedClock());
    await screen.findByRole('heading', { level: 1, name: 'Riepilogo iniziale' }, { timeout: 100_000 });
    app.unmount();
  }, 120_000);

  for (const [index, path] of paths.entries()) {
    it(`shortest path ${index + 1}/${paths.length}: ${path.description}`, async () => {
      mockEnrolmentApi();
      storeSession('mario');
      const clock = new SimulatedClock();
      const app = renderObserved('/startup', clock, observe);
      await screen.findByRole('heading', { level: 1, name: 'Riepilogo iniziale' });
      try {
        await replayPath(enrolmentModel.machine, path, createDriver(app, clock));
      } finally {
        app.unmount();
      }
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
    });
  }

  it('went through every state and transition of the enrolment machine on screen, and no screen sent an event its state refuses', () => {
    expect(tally.paths, 'every path ran').toBe(paths.length);
    const missing = onScreen.missing();
    expect(missing.states).toEqual([]);
    // Known gap (the paths are chosen on the pure machine; on screen these four go another way):
    // listed so the list can only shrink — a transition that starts being covered fails here too.
    expect(missing.transitions.sort()).toEqual([...NOT_YET_ON_SCREEN].sort());
    expect(refused).toEqual([]);
  });

  afterAll(() => {
    console.log(
      `enrolment on screen: ${tally.paths}/${paths.length} shortest paths, ${tally.steps} steps; ${tally.byUi} by the screen, ` +
        `${tally.direct} sent to the machine (no control), ${tally.appNavigations} navigations of the app ahead of the model`,
    );
  });
});
