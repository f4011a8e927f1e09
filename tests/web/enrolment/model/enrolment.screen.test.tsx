// The enrolment machine's model (tests/machines/models/enrolment.model.ts) replayed on the rendered
// startup process with the real draft machine and the mocked API behind it (docs/machines/README.md). What a
// person does is done on screen: a step's save is its page's "Avanti" (choosing an office and an
// initiative first on select-initiative), the initial summary's "Inizia", the summary's "Invia la
// richiesta" and its "Modifica" link (EDIT_FROM_SUMMARY); a move to another open step is a click on
// the step menu. Time passes on the machines' SimulatedClock. The request list behind the entry page
// is msw's (the entry lists drafts through HTTP whichever machine asks).
//
// Injected, and why (each is counted by kind, and the last test fails on any other kind):
// - RECHECK and RESET: the draft machine's reports of a draft retrieved or restored and of a new
//   draft. The model re-checks drafts of every shape (a forced step, an office on its own portal or
//   no longer serving the municipality, a withdrawn initiative); on screen each would be a page
//   load over a server draft of that shape, which starts another enrolment actor. So they are sent
//   as the draft machine would send them, with the model's request, preceded when needed by the
//   page the re-check reads (URL_CHANGED), where the app moved on by itself.
// - COMPLETE_STEP that resolves a warning: the warning comes from an injected re-check, and the
//   draft the page would save is the app's, not the re-checked one the model's walk reads; and a
//   completion of a step whose page is not shown (the initial summary's "start" once an injected
//   re-check has moved the app past it). The request summary and the thank page take no completion
//   (the summary is completed by sending the request, SUBMITTED): no path holds one.
// - SUBMITTED of a draft the screen does not hold complete (the model reached the summary through
//   an injected re-check): the draft machine's report of the sent request.
// - URL_CHANGED of the entry path /startup: rendering the entry would start the process again.
// A move to a step the menu does not link is a router move. Saves naming an office on its own
// portal are left out of the model: no control makes one (the exception modal never lets such an
// office be chosen), and they take no transition an ordinary save does not.
//
// The app reports the page it shows (URL_CHANGED) as soon as it navigates, where the model takes
// that report as a later step of its own: until the model reports the page the app moved to, the
// expected state is the model's with that report applied. After every step the running machine
// must equal this expectation, and the step menu must draw exactly the running machine's steps.
// The paths are the fewest that together take the pure machine through everything the model
// reaches; the last test asserts that the rendered app's enrolment machine went through every state
// and transition of the machine, and that the screens never sent it an event its state refuses.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { getNextSnapshot, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { enrolmentMachine, selectSelectionWarning, selectStepViews } from '#machines/enrolment.ts';
import type { StepName } from '#machines/enrolment/steps.ts';
import { enrolmentModel } from '#tests/machines/models/enrolment.model.ts';
import { serializeModelState, type ModelSpec, type Payload } from '#tests/machines/support/model.ts';
import { replayPath, type PathDriver } from '#tests/machines/support/replay.ts';
import { coveringPaths, createScreenObserver } from '../../model/screen-coverage.ts';
import { storeSession } from '../../session.ts';
import { mockEnrolmentApi } from '../harness.tsx';
import { renderObserved } from './render.tsx';

// The enrolment harness shortens the waits to 5 s; a model run waits for states on a machine that may
// be far busier (other suites beside it): back to the web setup's 20 s, which a passing wait never uses.
configure({ asyncUtilTimeout: 20_000 });

type Snapshot = SnapshotFrom<typeof enrolmentMachine>;

const isOwnPortalSave = (payload: Payload) => (payload.request as { suap?: { type?: string } } | undefined)?.suap?.type === 'EXT';

/**
 * The pure suite's model without the saves no control makes: a save that still names an office on
 * its own portal (the exception modal never lets such an office be chosen). Outside a warning that
 * save is an ordinary completion, in a warning a refused one: it takes no transition of its own.
 */
const screenModel: ModelSpec<typeof enrolmentMachine> = {
  ...enrolmentModel,
  payloads: {
    ...enrolmentModel.payloads,
    COMPLETE_STEP: (snapshot) => {
      const cases = enrolmentModel.payloads.COMPLETE_STEP!;
      return (typeof cases === 'function' ? cases(snapshot) : cases).filter((payload) => !isOwnPortalSave(payload));
    },
  },
};

const paths = await coveringPaths(screenModel);
const observer = createScreenObserver(enrolmentMachine);
const tally = { paths: 0, steps: 0, byUi: 0, menuClicks: 0, routerMoves: 0, appNavigations: 0, injected: {} as Record<string, number> };

const HEADINGS: Partial<Record<StepName, string>> = {
  'initial-summary': 'Riepilogo iniziale',
  'notification-contacts': 'Recapiti per le comunicazioni',
  'select-initiative': 'Sportello e iniziativa',
  'personal-data': 'Dati anagrafici',
  'request-summary': 'Documenti e riepilogo',
};

function createDriver(app: ReturnType<typeof renderObserved>, clock: SimulatedClock): PathDriver<typeof enrolmentMachine> {
  const snapshot = () => observer.actor().getSnapshot() as Snapshot;
  const draft = () => app.actor('draft').getSnapshot().context.draft as Record<string, unknown> | null;
  const pathname = () => app.router.state.location.pathname;
  /**
   * Routes load their screens on demand (the data router's `lazy`): the location changes only once
   * the page's module has arrived, which on a cold run is after the model's next step is ready. A
   * step waits for the router to settle first, never for a time.
   */
  const settled = () => waitFor(() => expect(app.router.state.navigation.state, 'the router is idle').toBe('idle'));
  /** The last page the model reported (its URL_CHANGED steps); the app may be ahead of it. */
  let modelUrl: string | null = null;
  let lastAhead: string | null = null;

  /** An event injected as the draft machine or the router would report it (see the header for which). */
  const inject = (event: AnyEventObject, why: string) => {
    const key = `${event.type} (${why})`;
    tally.injected[key] = (tally.injected[key] ?? 0) + 1;
    act(() => observer.sendDirectly(event));
  };
  /** Whether the router shows the step's page; then waits for the page itself (lazy pages arrive a render later). */
  const onPage = async (step: StepName) => {
    if (pathname() !== `/startup/${step}`) return false;
    await screen.findByRole('heading', { level: 1, name: HEADINGS[step] ?? '' });
    return true;
  };
  /** The button, once enabled (a save in flight disables it for a while). */
  const enabledButton = async (name: string) => {
    let button: HTMLButtonElement | null = null;
    await waitFor(() => {
      button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled, `${name} enabled`).toBe(false);
    });
    return button!;
  };

  async function chooseOfficeAndInitiative() {
    if (!draft()?.municipalityId) {
      // Where the business will be (machines/activity-place.ts): Rome, from the ISTAT list.
      const place = screen.getByRole('combobox', { name: 'Comune dell’attività' });
      await app.user.clear(place);
      await app.user.type(place, 'Roma');
      await app.user.click(await screen.findByRole('option', { name: 'Roma (RM)' }));
      await waitFor(() => expect(draft()?.municipalityId).toBeTruthy());
    }
    if (!draft()?.suap) {
      // No office is listed before a search (docs/architecture.md "The citizen's journey with real data"): search by a municipality first.
      const search = await screen.findByRole('search', { name: 'Cerca lo sportello per nome o comune' });
      await app.user.type(within(search).getByRole('searchbox'), 'Roma');
      await app.user.click(within(search).getByRole('button', { name: 'Cerca' }));
      const offices = await screen.findByRole('list', { name: 'Sportelli' });
      // The office of Rome, which serves the municipality of the activity (another would be refused).
      await app.user.click(await within(offices).findByRole('button', { name: 'Scegli', description: 'SUAP del Comune di Roma (RM)' }));
      await waitFor(() => expect(draft()?.suap).toBeTruthy());
    }
    if (!draft()?.iniziative) {
      const list = await screen.findByRole('list', { name: 'Iniziative' });
      await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0));
      await app.user.click(within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Scegli' }));
    }
  }

  /** What the personal-data step requires beyond the identity, unless the draft has it: the business's address and who the business is (a sole trader). */
  async function sayWhoTheBusinessIs() {
    const personal = draft()?.personalData as { business?: unknown; activityAddress?: unknown } | null | undefined;
    if (!personal?.activityAddress) {
      await app.user.type(screen.getByRole('textbox', { name: /^Via o piazza/ }), 'Via del Corso');
      await app.user.type(screen.getByRole('textbox', { name: /^Numero civico/ }), '12');
      await app.user.type(screen.getByRole('textbox', { name: /^Codice di avviamento postale/ }), '00186');
    }
    if (personal?.business) return;
    const business = screen.getByRole('region', { name: "Chi è l'impresa" });
    await app.user.click(within(business).getByRole('radio', { name: 'Ditta individuale' }));
    await app.user.type(within(business).getByRole('textbox', { name: /^Codice ATECO 2025/ }), '56.10.11');
    await app.user.click(within(business).getByRole('radio', { name: 'Titolare della ditta' }));
  }

  async function completeStep(event: AnyEventObject) {
    const step = (event.step as StepName | undefined) ?? 'initial-summary';
    if (step === 'initial-summary' && (await onPage('initial-summary'))) {
      tally.byUi += 1;
      return app.user.click(await enabledButton('Inizia'));
    }
    // No page saves the request summary or the thank page as complete, and the machine takes no such
    // completion (the summary is completed by sending it, SUBMITTED): the covering paths hold none.
    if (step === 'request-summary' || step === 'thank-page') throw new Error(`no page completes ${step}`);
    const saves: StepName[] = ['notification-contacts', 'select-initiative', 'personal-data'];
    if (!saves.includes(step)) return inject(event, 'save of a step whose page is not shown');
    // A save that resolves the warning: the walk that follows reads the saved request, which on
    // screen is the draft the app holds, not the re-checked one the (injected) warning came from.
    if (selectSelectionWarning(snapshot()) !== null) return inject(event, 'save resolving an injected warning');
    if (await onPage(step)) {
      if (step === 'select-initiative') await chooseOfficeAndInitiative();
      if (step === 'personal-data') await sayWhoTheBusinessIs();
      tally.byUi += 1;
      return app.user.click(await enabledButton('Avanti'));
    }
    return inject(event, 'save of a step whose page is not shown');
  }

  async function submit(event: AnyEventObject) {
    const current = draft();
    const complete = current?.requestId && current.procedureNotification && current.suap && current.iniziative && current.personalData;
    if (complete && (await onPage('request-summary'))) {
      tally.byUi += 1;
      return app.user.click(await enabledButton('Invia la richiesta'));
    }
    return inject(event, 'submission of a draft the screen does not hold');
  }

  return {
    async send(event) {
      await settled();
      if (event.type === 'COMPLETE_STEP') return completeStep(event);
      if (event.type === 'SUBMITTED') return submit(event);
      if (event.type === 'EDIT_FROM_SUMMARY' && event.step === 'personal-data' && (await onPage('request-summary'))) {
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
        if (url === '/startup') return inject(event, 'entry path');
        // The step menu links to every open step but the one shown.
        const menu = screen.queryByRole('navigation', { name: 'Passaggi della richiesta' });
        const link = menu
          ? within(menu)
              .queryAllByRole('link')
              .find((candidate) => candidate.getAttribute('href') === url)
          : undefined;
        if (link) {
          tally.byUi += 1;
          tally.menuClicks += 1;
          return app.user.click(link);
        }
        tally.routerMoves += 1;
        await act(() => app.router.navigate(url));
        return;
      }
      if (event.type === 'RECHECK' && snapshot().context.url !== (modelUrl ?? snapshot().context.url)) {
        // A re-check keeps the page the machine believes is shown: first tell it the model's page
        // (the app may have moved on by itself, e.g. to the initial summary of a new draft).
        inject({ type: 'URL_CHANGED', url: modelUrl! }, 'the page a re-check reads');
      } else if (event.type === 'RECHECK' && modelUrl === null && snapshot().context.activeStep !== null) {
        inject({ type: 'URL_CHANGED', url: '/startup' }, 'the page a re-check reads');
      }
      if (event.type === 'RECHECK' || event.type === 'RESET') return inject(event, 'draft machine report');
      throw new Error(`no control for ${event.type} here`);
    },
    complete: () => {
      throw new Error('the enrolment machine invokes nothing');
    },
    fail: () => {
      throw new Error('the enrolment machine invokes nothing');
    },
    advance: (ms) => act(() => clock.increment(ms)),
    async check(step) {
      await settled();
      const expectedOf = () => {
        // The page the app reported on its own (a step's delay, a re-check's redirect, the thank
        // page) and the model has not reported yet.
        const reported = snapshot().context.url;
        const ahead = reported !== null && reported !== modelUrl ? reported : null;
        if (ahead && ahead !== lastAhead) tally.appNavigations += 1;
        lastAhead = ahead;
        const adjusted = ahead ? getNextSnapshot(enrolmentMachine, step.state, { type: 'URL_CHANGED', url: ahead }) : step.state;
        return serializeModelState(screenModel, adjusted);
      };
      await waitFor(() => expect(serializeModelState(screenModel, snapshot())).toBe(expectedOf()));
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
    it(`path ${index + 1}/${paths.length}: ${path.description}`, async () => {
      mockEnrolmentApi();
      storeSession('mario');
      const clock = new SimulatedClock();
      const app = renderObserved('/startup', clock, observer.inspect);
      await screen.findByRole('heading', { level: 1, name: 'Riepilogo iniziale' });
      try {
        await replayPath(enrolmentMachine, path, createDriver(app, clock));
      } finally {
        app.unmount();
      }
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
    }, 120_000);
  }

  it('went through every state and transition of the enrolment machine on screen, and no screen sent an event its state refuses', () => {
    expect(tally.paths, 'every path ran').toBe(paths.length);
    const missing = observer.onScreen.missing();
    expect(missing.states).toEqual([]);
    expect(missing.transitions).toEqual([]);
    expect(observer.refused).toEqual([]);
    // Only the reports the header names were injected; every other step was a click or a router move.
    const kinds = Object.keys(tally.injected);
    const allowed = [
      'RECHECK (draft machine report)',
      'RESET (draft machine report)',
      'URL_CHANGED (entry path)',
      'URL_CHANGED (the page a re-check reads)',
      'COMPLETE_STEP (save resolving an injected warning)',
      'COMPLETE_STEP (save of a step whose page is not shown)',
      'SUBMITTED (submission of a draft the screen does not hold)',
    ];
    expect(kinds.filter((kind) => !allowed.includes(kind))).toEqual([]);
    expect(tally.byUi, 'saves, menu moves, edits and submissions by the screen').toBeGreaterThan(0);
  });

  afterAll(() => {
    observer.onScreen.paths = tally.paths;
    observer.onScreen.steps = tally.steps;
    const injected = Object.values(tally.injected).reduce((sum, count) => sum + count, 0);
    console.log(
      `enrolment on screen: ${tally.paths}/${paths.length} paths, ${tally.steps} steps; ${tally.byUi} by the screen (${tally.menuClicks} step menu clicks), ${tally.routerMoves} router moves, ` +
        `${tally.appNavigations} navigations of the app ahead of the model, ${injected} injected ${JSON.stringify(tally.injected)}; ${observer.onScreen.summary()}`,
    );
  });
});
