// The draft machine's model (tests/machines/models/draft.model.ts) replayed on the rendered startup
// process, with the real draft machine and the mocked API behind it (docs/machines/README.md). What a person
// does is done on screen: the process entry is opened (its page sends ENTER as it mounts: /startup,
// or /startup?requestId= to resume), a failed fetch is retried ("Riprova" on the entry page,
// "Avvia o riprendi la richiesta" on a step page); the draft-found dialog's "Riprendi la bozza",
// "Elimina e inizia una nuova richiesta", "Tienila e avvia un'altra richiesta", its link to the private
// area (with other drafts), Escape and its close button; the delete confirmation's
// "Elimina la bozza", "Annulla" and Escape; the contacts page's field (CHANGE), "Avanti" and "Salva
// bozza" (SAVE, reached through "Inizia" or the step menu), "Salva bozza" on select-initiative and
// personal data for a saved draft; "Invia la richiesta" on the summary;
// "Annulla la richiesta" (ABORT) and the abort dialog's "Salva ed esci", "Esci senza salvare",
// "Torna al modulo" and Escape; "Carica l'ultima versione" after a stale save.
//
// Injected or arranged, and why:
// - The page load: the tab's session copy is put in storage before the app renders, and the page
//   opened is the process entry when the path's first event is ENTER, a step page otherwise. The
//   steps of the load (ENTER as the entry mounts, the session copy read) are the app's own: they are
//   checked as states the running machine went through, since it moves on before anyone looks.
// - The server's answers: every draft call waits at an msw gate until the path answers it, with the
//   model's output in the server's envelope (so the screen holds the model's draft) or its failure
//   as the server sends it (409 'stale-version', 403, 429, 500).
// - A storage that cannot be read (the model's failing session-copy read): the tab's sessionStorage
//   is disabled for the draft's key, its reads throw a SecurityError as a browser's do when storage
//   is blocked; the app's adapter (src/web/actors/enrolment.ts) passes the failure to the machine.
// - Router moves: the process entry opened again over an open draft, a sent request or a listing
//   (ENTER in editing, submitted, lookingForDrafts) is a move to /startup(?requestId=) with the
//   router, as a bookmark or the browser's history would do it (no link of the process leads
//   there); the entry page mounts only once per visit, so from the entry itself the move goes
//   through a step page first.
// - Time: the save-and-exit delay alone is held on a SimulatedClock and stepped at the model's
//   `xstate.after` step (./draft-driver.ts SaveAndExitClock); the dialogs' delays run in real time.
//
// Nothing is left out: every event of the machine has its control or its page load (59/59
// transitions, asserted). A path ends where the person leaves the startup process (the draft-found
// dialog dismissed, "Esci senza salvare", the save-and-exit delay): its machines stop there.
//
// After every step the running machine must equal the model, the screen must show what the state
// says (its dialog, the stale-version alert, the thank page, the service page after an exit, the
// error alert of a failed save, closed by the driver, the entry page's retry after a failed fetch),
// and every control one can operate must send an event its state accepts (step actions, the
// contacts and personal-data fields, the office and initiative choices, the dialogs' buttons, the
// entry's retry): none may be offered where its event is refused (asserted empty).
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import { draftMachine } from '#machines/draft.ts';
import { DRAFT_STORAGE_KEY } from '#machines/draft/rules.ts';
import { listStates, listTransitions } from '#scripts/diagrams/walk.ts';
import { serializeModelState } from '#tests/machines/support/model.ts';
import type { ModelPath, ModelStep } from '#tests/machines/support/paths.ts';
import { replayPath, type PathDriver } from '#tests/machines/support/replay.ts';
import { createScreenObserver } from '../../model/screen-coverage.ts';
import { isOperable } from '../../model/screen-run.ts';
import { storeSession } from '../../session.ts';
import { mockEnrolmentApi } from '../harness.tsx';
import { callOf, gatedDraftCalls, gates, isExit, pageLoadOf, SaveAndExitClock, screenModel, screenPaths, type DraftSnapshot } from './draft-driver.ts';
import { renderObserved } from './render.tsx';

// The enrolment harness shortens the waits to 5 s; a model run waits for states on a machine that may
// be far busier (other suites beside it): back to the web setup's 20 s, which a passing wait never uses.
configure({ asyncUtilTimeout: 20_000 });

type Path = ModelPath<typeof draftMachine>;
type Step = ModelStep<DraftSnapshot>;

const paths = await screenPaths();
const observer = createScreenObserver(draftMachine);
const tally = {
  paths: 0,
  steps: 0,
  byUi: 0,
  pageLoads: 0,
  answers: 0,
  routerMoves: 0,
  menuClicks: 0,
  escapes: 0,
  alertsClosed: 0,
  offeredChecks: 0,
  unreadable: 0,
};
const refusedOffers = new Set<string>();

const DRAFT_FOUND = 'Hai già una richiesta in bozza';
const DISCARD_CONFIRM = /^Vuoi eliminare la bozza n\. \d+\?$/;
const ABORT_DIALOG = 'Vuoi uscire dalla richiesta?';
const SAVE_ERROR = 'Non è stato possibile salvare la bozza';
const SAVE_FORBIDDEN = 'Non puoi salvare questa richiesta';
const DELETE_ERROR = 'Non è stato possibile eliminare la bozza';
const DRAFT_SAVED = 'Bozza salvata';
const RESTART = 'Avvia o riprendi la richiesta';
const PRIVATE_AREA_LINK = 'le trovi tutte nella tua area personale';

const HEADINGS: Record<string, string> = {
  'initial-summary': 'Riepilogo iniziale',
  'notification-contacts': 'Recapiti per le comunicazioni',
  'select-initiative': 'Sportello e iniziativa',
  'personal-data': 'Dati anagrafici',
  'request-summary': 'Documenti e riepilogo',
  'thank-page': 'Richiesta inviata',
};
const SAVE_STEPS = ['notification-contacts', 'select-initiative', 'personal-data', 'request-summary'];

const inLifecycle = (snapshot: DraftSnapshot, state: string) => snapshot.matches({ running: { lifecycle: state } } as never);
/** The lifecycle state's name, e.g. `saving.updating`. */
const lifecycleOf = (snapshot: DraftSnapshot) => {
  const names: string[] = [];
  let value: unknown = (snapshot.value as { running: { lifecycle: unknown } }).running.lifecycle;
  while (typeof value === 'object' && value !== null) {
    const [name, child] = Object.entries(value)[0]!;
    names.push(name);
    value = child;
  }
  return [...names, String(value)].join('.');
};
const button = (name: string | RegExp, container: HTMLElement | null = document.body) => (container ? within(container).queryByRole('button', { name }) : null);
const dialog = (name: string | RegExp) => screen.queryByRole('alertdialog', { name });

/** The steps after which, in editing, the app moves to a step page by itself. */
const OPENS_A_STEP = [
  'xstate.done.actor.loadPersistedDraft',
  'xstate.done.actor.retrieveRequest',
  'xstate.done.actor.listDrafts',
  'xstate.error.actor.listDrafts',
  'xstate.done.actor.deleteFoundDraft',
  'KEEP_AND_START_NEW',
  'ENTER',
];

/** The save calls whose failure shows the save error (or, for a 403, the refusal) unless it was a stale version. */
const SAVE_CALLS = ['createRequest', 'updateRequest', 'submitRequest', 'saveBeforeExit'];

function createDriver(app: ReturnType<typeof renderObserved>, clock: SaveAndExitClock, path: Path, history: string[]): PathDriver<typeof draftMachine> {
  const load = pageLoadOf(path);
  const snapshot = () => observer.actor().getSnapshot() as DraftSnapshot;
  const serialized = () => {
    try {
      return serializeModelState(screenModel, snapshot());
    } catch {
      return '(the draft machine is not running)';
    }
  };
  const pathname = () => app.router.state.location.pathname;
  const requestIdOfUrl = () => {
    const value = Number(new URLSearchParams(app.router.state.location.search).get('requestId'));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  let checked = 0;
  let cursor = 0;

  /** The router and the step navigation at rest (pages load lazily; a completed step moves on after 10 ms). */
  const settled = () =>
    waitFor(() => {
      expect(app.router.state.navigation.state, 'the router is idle').toBe('idle');
      const enrolment = app.actors.get('enrolment');
      if (enrolment)
        expect(
          (enrolment.getSnapshot() as { matches(value: unknown): boolean }).matches({ running: { navigation: 'ready' } }),
          'no step navigation pending',
        ).toBe(true);
    });
  const ui = async (action: () => Promise<unknown>) => {
    tally.byUi += 1;
    await action();
  };
  /** The control, once one can operate it (a call in flight disables it for a while). */
  const operable = async (find: () => HTMLElement | null, what: string) => {
    let found: HTMLElement | null = null;
    await waitFor(() => {
      found = find();
      expect(isOperable(found), `${what} operable`).toBe(true);
    });
    return found!;
  };
  const routerMove = async (to: string) => {
    tally.routerMoves += 1;
    await act(() => app.router.navigate(to));
    await settled();
  };

  /** Shows a step's page: "Inizia" from the initial summary, else the step menu, else the router. */
  async function gotoStep(step: string) {
    await settled();
    const url = `/startup/${step}`;
    if (pathname() !== url) {
      const menu = screen.queryByRole('navigation', { name: 'Passaggi della richiesta' });
      const link = menu
        ? within(menu)
            .queryAllByRole('link')
            .find((candidate) => candidate.getAttribute('href') === url)
        : undefined;
      if (step === 'notification-contacts' && pathname() === '/startup/initial-summary') {
        await ui(async () => app.user.click(await operable(() => button('Inizia'), 'Inizia')));
      } else if (link) {
        tally.menuClicks += 1;
        await ui(() => app.user.click(link));
      } else {
        await routerMove(url);
      }
      await waitFor(() => expect(pathname()).toBe(url));
      await settled();
    }
    await screen.findByRole('heading', { level: 1, name: HEADINGS[step] });
  }

  /** The process entry opened again: its retry or the step page's restart link, else the router. */
  async function enter(requestId: number | null) {
    await settled();
    const onEntry = pathname() === '/startup';
    const retry = onEntry ? button('Riprova') : null;
    if (onEntry && requestIdOfUrl() === requestId && isOperable(retry)) return ui(() => app.user.click(retry));
    // The entry page mounts once per visit: from the entry itself, a step page first.
    if (onEntry) await routerMove('/startup/initial-summary');
    const restart = screen.queryByRole('link', { name: RESTART });
    if (requestId === null && isOperable(restart)) return ui(() => app.user.click(restart));
    return routerMove(requestId === null ? '/startup' : `/startup?requestId=${requestId}`);
  }

  /** A dialog's button, once its content is there (after the modals' content delay). */
  async function press(title: string | RegExp, name: string) {
    const open = await screen.findByRole('alertdialog', { name: title });
    const target = await within(open).findByRole('button', { name });
    await ui(() => app.user.click(target));
  }
  async function dismiss(title: string | RegExp, by: string) {
    const open = await screen.findByRole('alertdialog', { name: title });
    const close = await within(open).findByRole('button', { name: 'Chiudi la finestra' });
    await within(open).findAllByRole('button');
    if (by === 'Escape') {
      tally.escapes += 1;
      return ui(() => app.user.keyboard('{Escape}'));
    }
    return ui(() => app.user.click(close));
  }
  async function closeAlert(title: string) {
    const alert = await screen.findByRole('alertdialog', { name: title });
    await app.user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(dialog(title)).toBeNull());
    tally.alertsClosed += 1;
  }

  /** The events the controls one can operate now would send the draft machine. */
  function offered(): Array<{ control: string; event: AnyEventObject }> {
    const controls: Array<{ control: string; event: AnyEventObject }> = [];
    const add = (control: string, element: Element | null | undefined, event: AnyEventObject) => {
      if (isOperable(element ?? null)) controls.push({ control, event });
    };
    const step = pathname().replace(/^\/startup\/?/, '');
    add('"Annulla la richiesta"', button('Annulla la richiesta'), { type: 'ABORT' });
    add('"Carica l\'ultima versione"', button("Carica l'ultima versione"), { type: 'RELOAD_LATEST' });
    add('"Invia la richiesta"', button('Invia la richiesta'), { type: 'SUBMIT' });
    if (SAVE_STEPS.includes(step)) {
      add(`"Salva bozza" on ${step}`, button('Salva bozza'), { type: 'SAVE', step, complete: false });
      add(`"Avanti" on ${step}`, button('Avanti'), { type: 'SAVE', step, complete: true });
    }
    // The step forms' fields and choices change the draft (CHANGE); the office search's own fields
    // (area, free search) talk to the office search machine, not to the draft.
    if (step === 'notification-contacts' || step === 'personal-data') {
      for (const field of [...screen.queryAllByRole('textbox'), ...screen.queryAllByRole('radio'), ...screen.queryAllByRole('combobox')]) {
        add(`the ${step} field ${field.getAttribute('name') ?? field.id}`, field, { type: 'CHANGE', changes: {} });
      }
    }
    if (step === 'select-initiative') {
      for (const choose of screen.queryAllByRole('button', { name: 'Scegli' })) add('a "Scegli" on select-initiative', choose, { type: 'CHANGE', changes: {} });
    }
    if (step === '') add('"Riprova"', button('Riprova'), { type: 'ENTER', requestId: requestIdOfUrl() });
    add(`"${RESTART}"`, screen.queryByRole('link', { name: RESTART }), { type: 'ENTER', requestId: null });
    const found = dialog(DRAFT_FOUND);
    add('"Riprendi la bozza"', button('Riprendi la bozza', found), { type: 'RESTORE_DRAFT' });
    add('"Elimina e inizia una nuova richiesta"', button('Elimina e inizia una nuova richiesta', found), { type: 'DISCARD_AND_START_NEW' });
    add('"Tienila e avvia un\'altra richiesta"', button("Tienila e avvia un'altra richiesta", found), { type: 'KEEP_AND_START_NEW' });
    add("the draft-found dialog's link to the private area", found ? within(found).queryByRole('link', { name: PRIVATE_AREA_LINK }) : null, {
      type: 'GO_TO_PRIVATE_AREA',
    });
    add("the draft-found dialog's close button", button('Chiudi la finestra', found), { type: 'CANCEL' });
    const confirm = dialog(DISCARD_CONFIRM);
    add('"Elimina la bozza"', button('Elimina la bozza', confirm), { type: 'CONFIRM_DISCARD' });
    add('"Annulla" (delete confirmation)', button('Annulla', confirm), { type: 'CANCEL_DISCARD' });
    add("the delete confirmation's close button", button('Chiudi la finestra', confirm), { type: 'CANCEL_DISCARD' });
    const abort = dialog(ABORT_DIALOG);
    add('"Salva ed esci"', button('Salva ed esci', abort), { type: 'SAVE_AND_EXIT' });
    add('"Esci senza salvare"', button('Esci senza salvare', abort), { type: 'CONFIRM_ABORT' });
    add('"Torna al modulo"', button('Torna al modulo', abort), { type: 'BACK_TO_FORM' });
    add("the abort dialog's close button", button('Chiudi la finestra', abort), { type: 'BACK_TO_FORM' });
    return controls;
  }

  /** What the screen shows in the step's state (and the alerts a failure brings, closed here). */
  async function view(step: Step) {
    const state = step.state;
    const type = step.event.type;
    const failed = /^xstate\.error\.actor\.(.*)$/.exec(type)?.[1];
    if (failed && SAVE_CALLS.includes(failed) && !inLifecycle(state, 'stale')) {
      await closeAlert((step.event.error as { status?: number }).status === 403 ? SAVE_FORBIDDEN : SAVE_ERROR);
    }
    if (failed === 'deleteFoundDraft') await closeAlert(DELETE_ERROR);
    if (isExit(step)) {
      // Left for the service page (or, by the draft-found dialog's link, the private area); the
      // startup process and its machines are gone.
      await waitFor(() => expect(pathname()).toBe(type === 'GO_TO_PRIVATE_AREA' ? '/private-area' : '/startup-service'));
      return;
    }
    if (inLifecycle(state, 'draftFound'))
      await within(await screen.findByRole('alertdialog', { name: DRAFT_FOUND })).findByRole('button', { name: 'Riprendi la bozza' });
    if (inLifecycle(state, 'confirmingDiscard'))
      await within(await screen.findByRole('alertdialog', { name: DISCARD_CONFIRM })).findByRole('button', { name: 'Elimina la bozza' });
    if (state.matches({ running: { lifecycle: { aborting: 'offeringSave' } } })) {
      await within(await screen.findByRole('alertdialog', { name: ABORT_DIALOG })).findByRole('button', { name: 'Salva ed esci' });
    }
    if (state.matches({ running: { lifecycle: { aborting: 'offeringBack' } } })) {
      const open = await screen.findByRole('alertdialog', { name: ABORT_DIALOG });
      await within(open).findByRole('button', { name: 'Torna al modulo' });
      expect(button('Salva ed esci', open), 'a new draft offers no save-and-exit').toBeNull();
    }
    // Saved: "Bozza salvata" shows while the save-and-exit delay runs.
    if (state.matches({ running: { lifecycle: { aborting: 'leaving' } } })) await screen.findByRole('alertdialog', { name: DRAFT_SAVED });
    const withDialog = ['draftFound', 'confirmingDiscard', 'aborting.offeringSave', 'aborting.offeringBack', 'aborting.leaving'];
    if (!withDialog.includes(lifecycleOf(state))) await waitFor(() => expect(screen.queryByRole('alertdialog'), 'no dialog open').toBeNull());
    if (inLifecycle(state, 'editing') && OPENS_A_STEP.includes(type) && !(type === 'ENTER' && step.event.requestId !== null)) {
      // A draft fetched, restored or started (or re-checked from the entry): the app shows its step.
      await waitFor(() => expect(pathname()).toMatch(/^\/startup\/[a-z-]+$/));
      await settled();
      await screen.findByRole('heading', { level: 1, name: HEADINGS[pathname().slice('/startup/'.length)] });
    }
    if (inLifecycle(state, 'stale')) await screen.findByRole('button', { name: "Carica l'ultima versione" });
    if (inLifecycle(state, 'submitted')) {
      await waitFor(() => expect(pathname()).toBe('/startup/thank-page'));
      await screen.findByRole('heading', { level: 1, name: HEADINGS['thank-page'] });
    }
    if (inLifecycle(state, 'editing') && state.context.retrieveStatus && pathname() === '/startup') {
      // The request named could not be fetched over the draft that stays open: the entry page offers its retry.
      await screen.findByRole('button', { name: 'Riprova' });
    }
    if (inLifecycle(state, 'idle') && state.context.retrieveStatus) {
      // A failed fetch with no draft open: the entry page's retry, or the step page's restart link.
      if (pathname() === '/startup') await screen.findByRole('button', { name: 'Riprova' });
      else await screen.findByRole('link', { name: RESTART });
    }
  }

  return {
    async send(event) {
      if (checked + 1 <= load.steps) {
        // The entry page's ENTER as it mounts: done by opening the page.
        tally.pageLoads += 1;
        return;
      }
      await settled();
      switch (event.type) {
        case 'ENTER':
          return enter(event.requestId as number | null);
        case 'RESTORE_DRAFT':
          return press(DRAFT_FOUND, 'Riprendi la bozza');
        case 'DISCARD_AND_START_NEW':
          return press(DRAFT_FOUND, 'Elimina e inizia una nuova richiesta');
        case 'KEEP_AND_START_NEW':
          return press(DRAFT_FOUND, "Tienila e avvia un'altra richiesta");
        case 'GO_TO_PRIVATE_AREA': {
          const open = await screen.findByRole('alertdialog', { name: DRAFT_FOUND });
          const link = await within(open).findByRole('link', { name: PRIVATE_AREA_LINK });
          return ui(() => app.user.click(link));
        }
        case 'CANCEL':
          return dismiss(DRAFT_FOUND, event.by as string);
        case 'CONFIRM_DISCARD':
          return press(DISCARD_CONFIRM, 'Elimina la bozza');
        case 'CANCEL_DISCARD':
          return event.by === 'Escape' ? dismiss(DISCARD_CONFIRM, 'Escape') : press(DISCARD_CONFIRM, 'Annulla');
        case 'SAVE_AND_EXIT':
          return press(ABORT_DIALOG, 'Salva ed esci');
        case 'CONFIRM_ABORT':
          return press(ABORT_DIALOG, 'Esci senza salvare');
        case 'BACK_TO_FORM':
          return event.by === 'Escape' ? dismiss(ABORT_DIALOG, 'Escape') : press(ABORT_DIALOG, 'Torna al modulo');
        case 'ABORT': {
          // Every step page but the thank page has it (the process entry has none).
          if (!/^\/startup\/(?!thank-page)[a-z-]+$/.test(pathname())) await gotoStep('notification-contacts');
          const abort = await operable(() => button('Annulla la richiesta'), 'Annulla la richiesta');
          return ui(() => app.user.click(abort));
        }
        case 'RELOAD_LATEST': {
          const reload = await operable(() => button("Carica l'ultima versione"), "Carica l'ultima versione");
          return ui(() => app.user.click(reload));
        }
        case 'CHANGE': {
          await gotoStep('notification-contacts');
          const field = await operable(() => screen.queryByRole('textbox', { name: /^Indirizzo (e-mail|PEC)/ }), 'the contact field');
          // One key stroke: one CHANGE (the address stays valid).
          return ui(() => app.user.type(field, 'x'));
        }
        case 'SAVE': {
          await gotoStep(event.step as string);
          const name = event.complete ? 'Avanti' : 'Salva bozza';
          const save = await operable(() => button(name), `${name} on ${event.step as string}`);
          return ui(() => app.user.click(save));
        }
        case 'SUBMIT': {
          await gotoStep('request-summary');
          const submit = await operable(() => button('Invia la richiesta'), 'Invia la richiesta');
          return ui(() => app.user.click(submit));
        }
      }
      throw new Error(`no control for ${event.type}`);
    },
    async complete(id, output) {
      // The session copy is arranged in storage before the page loads.
      if (id === 'loadPersistedDraft') return;
      tally.answers += 1;
      await gates.release(callOf(id), { ok: true, output });
    },
    async fail(id, error) {
      // The unreadable storage is arranged before the page loads.
      if (id === 'loadPersistedDraft') return;
      tally.answers += 1;
      await gates.release(callOf(id), { ok: false, error });
    },
    advance: (ms) => act(() => clock.increment(ms)),
    async check(step, index) {
      checked = index;
      const expected = serializeModelState(screenModel, step.state);
      if (index <= load.steps) {
        // A step of the page load: the machine went through it (and may be past it already).
        await waitFor(() => expect(history.slice(cursor), 'states the running machine went through').toContain(expected));
        cursor = history.indexOf(expected, cursor) + 1;
      } else {
        await waitFor(() => expect(serialized()).toBe(expected));
        cursor = history.length;
      }
      await view(step);
      if (isExit(step)) return;
      await settled();
      const current = snapshot();
      for (const { control, event } of offered()) {
        if (!current.can(event as never)) refusedOffers.add(`${control} (${event.type}) in ${lifecycleOf(current)}`);
      }
      tally.offeredChecks += 1;
    },
  };
}

describe('draft model on the rendered startup process', () => {
  // The first render loads every lazy screen of the process; on a busy machine that can take longer
  // than one wait, so it happens once here first, waiting for the page rather than for a time.
  it('opens the startup process of a logged citizen once (its screens load lazily)', async () => {
    mockEnrolmentApi();
    storeSession('mario');
    const app = renderObserved('/startup', new SaveAndExitClock());
    await screen.findByRole('heading', { level: 1, name: 'Riepilogo iniziale' }, { timeout: 100_000 });
    app.unmount();
  }, 120_000);

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}/${paths.length}: ${path.description}`, async () => {
      const load = pageLoadOf(path);
      if (load.stored === null) window.sessionStorage.removeItem(DRAFT_STORAGE_KEY);
      else window.sessionStorage.setItem(DRAFT_STORAGE_KEY, load.stored);
      mockEnrolmentApi([], gatedDraftCalls());
      storeSession('mario');
      const history: string[] = [];
      const inspect = (event: InspectionEvent) => {
        observer.inspect(event);
        if (event.type !== '@xstate.snapshot' || (event.actorRef as unknown as { logic: { id?: string } }).logic.id !== 'draft') return;
        const snapshot = event.snapshot as DraftSnapshot;
        if (snapshot.status === 'active') history.push(serializeModelState(screenModel, snapshot));
      };
      const read = Storage.prototype.getItem;
      const blocked = load.unreadable
        ? vi.spyOn(Storage.prototype, 'getItem').mockImplementation(function (this: Storage, key: string) {
            if (key === DRAFT_STORAGE_KEY) throw new DOMException('The operation is insecure.', 'SecurityError');
            return read.call(this, key);
          })
        : null;
      const clock = new SaveAndExitClock();
      const app = renderObserved(load.url, clock, inspect);
      try {
        await replayPath(draftMachine, path, createDriver(app, clock, path, history));
      } finally {
        gates.drain();
        app.unmount();
        blocked?.mockRestore();
      }
      if (load.unreadable) tally.unreadable += 1;
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
    }, 120_000);
  }

  /**
   * A saved draft found deleted elsewhere (the `gone` state, the 404 that leads there, its ways on)
   * is run on screen by tests/web/enrolment/draft-gone.test.tsx, not by this run (./draft-driver.ts).
   */
  const isRunByDraftGoneTest = (key: string) =>
    key === 'running.lifecycle.gone' ||
    key.startsWith('running.lifecycle.gone |') ||
    /xstate\.error\.actor\.(updateRequest|submitRequest|saveBeforeExit) \| #1$/.test(key);

  it('went through every state and transition of the draft machine on screen, no screen sent an event its state refuses, and no control was offered where its event is refused', () => {
    expect(tally.paths, 'every path ran').toBe(paths.length);
    expect(observer.onScreen.missing().states.filter((state) => !isRunByDraftGoneTest(state))).toEqual([]);
    expect(listStates(draftMachine)).toHaveLength(24);
    const all = listTransitions(draftMachine);
    expect(all).toHaveLength(71);
    const uncovered = all
      .filter((transition) => !observer.onScreen.transitions.has(transition.key) && !isRunByDraftGoneTest(transition.key))
      .map((transition) => transition.key);
    expect(uncovered).toEqual([]);
    expect(observer.refused).toEqual([]);
    expect([...refusedOffers]).toEqual([]);
    expect(tally.unreadable, 'a page load over a storage that cannot be read').toBeGreaterThan(0);
    expect(tally.byUi, 'events caused on screen').toBeGreaterThan(0);
    expect(tally.escapes, 'Escape dismissed a dialog').toBeGreaterThan(0);
    expect(tally.offeredChecks, 'controls checked after every step').toBeGreaterThan(tally.paths);
  });

  afterAll(() => {
    const states = listStates(draftMachine).map((state) => state.key);
    const transitions = listTransitions(draftMachine);
    console.log(
      `draft on screen: ${tally.paths}/${paths.length} paths, ${tally.steps} steps; ${tally.byUi} by the screen (${tally.menuClicks} step menu clicks, ${tally.escapes} Escape), ` +
        `${tally.pageLoads} by opening the page, ${tally.routerMoves} router moves, ${tally.answers} answers released, ${tally.alertsClosed} alerts closed, ${tally.offeredChecks} offered checks; ` +
        `on screen ${states.filter((key) => observer.onScreen.states.has(key)).length}/${states.length} states, ` +
        `${transitions.filter((transition) => observer.onScreen.transitions.has(transition.key)).length}/${transitions.length} transitions; ` +
        `offered but refused: ${JSON.stringify([...refusedOffers])}`,
    );
  });
});
