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
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { getNextSnapshot, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { enrolmentMachine, selectStepViews } from '../../../../machines/enrolment.ts';
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

const paths: Path[] = createMachineModel(enrolmentModel, undefined)
  .getShortestPaths()
  .map((path) => ({ inputName: 'start', input: undefined, steps: path.steps as Path['steps'], description: describeSteps(path.steps) }));
const tally = { paths: 0, steps: 0, byUi: 0, direct: 0, appNavigations: 0 };

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
    act(() => enrolment().send(event));
  };
  const onPage = (step: StepName) => pathname() === `/startup/${step}` && screen.queryByRole('heading', { level: 1, name: HEADINGS[step] ?? '' }) !== null;
  const enabledButton = (name: string) => {
    const button = screen.queryByRole('button', { name }) as HTMLButtonElement | null;
    return button && !button.disabled ? button : null;
  };

  async function chooseOfficeAndInitiative() {
    if (!draft()?.suap) {
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
    if (saves.includes(step) && onPage(step) && enabledButton('Avanti')) {
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
  for (const [index, path] of paths.entries()) {
    it(`shortest path ${index + 1}/${paths.length}: ${path.description}`, async () => {
      mockEnrolmentApi();
      storeSession('mario');
      const clock = new SimulatedClock();
      const app = renderObserved('/startup', clock);
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

  afterAll(() => {
    console.log(
      `enrolment on screen: ${tally.paths}/${paths.length} shortest paths, ${tally.steps} steps; ${tally.byUi} by the screen, ` +
        `${tally.direct} sent to the machine (no control), ${tally.appNavigations} navigations of the app ahead of the model`,
    );
  });
});
