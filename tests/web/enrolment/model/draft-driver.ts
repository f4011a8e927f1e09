// What the draft machine's screen run (./draft.screen.test.tsx) needs beside its tests: the pure
// suite's model limited to what a person can cause on the startup process, the paths that cover it
// (a path ends where the person leaves the startup mount, whose machines then stop), the page load a
// path starts from (the session copy in storage and the page opened), the msw gates holding the
// draft's calls, and a clock that holds the save-and-exit delay alone.
import { http, HttpResponse } from 'msw';
import { SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { draftMachine } from '#machines/draft.ts';
import { isDraftGoneFailure } from '#machines/draft/rules.ts';
import { fail } from '#mocks/handlers/envelope.ts';
import { requestUrls } from '#mocks/handlers/requests.ts';
import { isApiFailure } from '#shared/api/failure.ts';
import { Timings } from '#shared/constants.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { requestUser } from '#tests/machines/fixtures/requests.ts';
import { draftModel } from '#tests/machines/models/draft.model.ts';
import type { ModelSpec } from '#tests/machines/support/model.ts';
import { generatePaths, type ModelPath, type ModelStep } from '#tests/machines/support/paths.ts';
import { createLatestGates } from '../../model/latest-gate.ts';
import { coverOf, greedyCover } from '../../model/screen-coverage.ts';

export type DraftSnapshot = SnapshotFrom<typeof draftMachine>;
type Path = ModelPath<typeof draftMachine>;

/** The request `?requestId=` names in the model (the pure suite's request 7, whose server copy is complete). */
export const RESUMED = 7;

const inLifecycle = (snapshot: DraftSnapshot, state: string) => snapshot.matches({ running: { lifecycle: state } } as never);
const ENTER = (requestId: number | null) => ({ user: requestUser, requestId });

function withoutDraftGone(invoke: string): { error: unknown }[] {
  const failures = draftModel.payloads[`xstate.error.actor.${invoke}`] as { error: unknown }[];
  return failures.filter(({ error }) => !isDraftGoneFailure(error));
}

/**
 * The pure suite's model with each event offered where the startup process has its control (or, for
 * the process entry, where opening it reaches the machine); every event of the machine has one. `by`
 * names the control when an event has more than one; the machine ignores it.
 */
export const screenModel: ModelSpec<typeof draftMachine> = {
  ...draftModel,
  // The documents step is tests/web/enrolment/documents.test.tsx's: here every draft's required
  // documents are stored (the harness's default), so the summary reports them attached as it opens
  // and "send" is the draft's own decision.
  machine: draftMachine.provide({ guards: { allRequiredAttached: () => true } }),
  // Whether a fetch failed counts too: with no draft open, only then does the process stay on screen.
  project: (snapshot) => {
    const { documentsComplete: _reported, ...view } = draftModel.project(snapshot) as { documentsComplete: boolean };
    return { ...view, retrieveFailed: snapshot.context.retrieveStatus !== null };
  },
  payloads: {
    ...draftModel.payloads,
    DOCUMENTS_CHANGED: [],
    ENTER: (snapshot) => {
      // The page load: the entry page sends ENTER as it mounts, before the session copy is read.
      if (inLifecycle(snapshot, 'restoring')) return snapshot.context.startRequested ? [] : [ENTER(null), ENTER(RESUMED)];
      // Where no draft is open the startup process stays mounted only after a failed fetch (its
      // "Riprova", or the step page's "Avvia o riprendi la richiesta"); an exit has left it.
      if (inLifecycle(snapshot, 'idle')) return snapshot.context.retrieveStatus ? [ENTER(null), ENTER(RESUMED)] : [];
      // While the drafts are listed only a request to resume is taken (ENTER without one is refused).
      if (inLifecycle(snapshot, 'lookingForDrafts')) return [ENTER(RESUMED)];
      return [ENTER(null), ENTER(RESUMED)];
    },
    // The notification contacts page: "Avanti" completes the step, "Salva bozza" does not. A draft
    // the server has (request 7, complete) is also saved from select-initiative and personal data,
    // so their fields and choices are checked while the save is in flight and after it is refused.
    SAVE: (snapshot) => [
      { step: 'notification-contacts', complete: true, by: 'Avanti' },
      { step: 'notification-contacts', complete: false, by: 'Salva bozza' },
      ...(snapshot.context.draft?.requestId
        ? [
            { step: 'select-initiative', complete: false, by: 'Salva bozza on select-initiative' },
            { step: 'personal-data', complete: false, by: 'Salva bozza on personal-data' },
          ]
        : []),
    ],
    // "Invia la richiesta" is enabled for a draft the server has (the machine's hasRequestId) once
    // the documents step reports its documents attached: a draft with no initiative has none to show.
    SUBMIT: (snapshot) => (snapshot.context.draft?.requestId && snapshot.context.draft.iniziative ? [{}] : []),
    CANCEL: [{ by: 'Escape' }, { by: 'Chiudi la finestra' }],
    CANCEL_DISCARD: [{ by: 'Annulla' }, { by: 'Escape' }],
    BACK_TO_FORM: [{ by: 'Torna al modulo' }, { by: 'Escape' }],
    // A saved draft found deleted elsewhere (404) and its two ways on are run on screen by
    // tests/web/enrolment/draft-gone.test.tsx, not by this run.
    'xstate.error.actor.updateRequest': withoutDraftGone('updateRequest'),
    'xstate.error.actor.submitRequest': withoutDraftGone('submitRequest'),
    'xstate.error.actor.saveBeforeExit': withoutDraftGone('saveBeforeExit'),
    START_NEW: [],
    // The draft-found dialog links to the private area only when there are other drafts to find there.
    GO_TO_PRIVATE_AREA: (snapshot) => (inLifecycle(snapshot, 'draftFound') && snapshot.context.otherDrafts > 0 ? [{}] : []),
  },
};

/** The steps that leave the startup mount (its machines stop): a path ends there. */
export function isExit(step: ModelStep<DraftSnapshot>): boolean {
  if (step.event.type.startsWith('xstate.after.saveAndExit')) return true;
  return ['CANCEL', 'CONFIRM_ABORT', 'GO_TO_PRIVATE_AREA'].includes(step.event.type) && step.state.matches({ running: { lifecycle: 'idle' } });
}

/** The control an event is caused by when it has several (each must be used once). */
const controlOf = (event: AnyEventObject) => (typeof event.by === 'string' ? `control ${event.type} by ${event.by}` : null);

/**
 * The fewest paths that cover what the screen model reaches, as coveringPaths (../../model/screen-coverage.ts)
 * chooses them, from paths cut where the person leaves the startup mount, and with every control of
 * an event with several counted as something to cover.
 */
export async function screenPaths(): Promise<Path[]> {
  const cut = generatePaths(screenModel).map((path) => {
    const exit = path.steps.findIndex((step, index) => index > 0 && isExit(step));
    return exit < 0 ? path : { ...path, steps: path.steps.slice(0, exit + 1) };
  });
  const unique = [...new Map(cut.map((path) => [path.steps.map((step) => JSON.stringify(step.event)).join('\n'), path])).values()];
  const covers = await Promise.all(
    unique.map((path) =>
      coverOf(
        screenModel,
        path,
        path.steps.map((step) => controlOf(step.event)).filter((key): key is string => key !== null),
      ),
    ),
  );
  const chosen = greedyCover(covers);
  return chosen.map((path) => ({
    ...path,
    description: path.steps
      .slice(1)
      .map((step) => step.event.type + (controlOf(step.event) ? ` (${step.event.by})` : ''))
      .join(' → '),
  }));
}

/**
 * The page load a path starts with: the steps the app takes by itself as the page opens (the entry
 * page's ENTER as it mounts, the session copy read), which page is opened and what the tab's
 * storage holds, or whether it cannot be read at all (`unreadable`: sessionStorage disabled, its
 * reads throw a SecurityError). A path that reads the session copy before any entry opens a step page.
 */
export function pageLoadOf(path: Path): { url: string; stored: string | null; unreadable: boolean; steps: number } {
  let steps = 0;
  let url = '/startup/notification-contacts';
  let stored: string | null = null;
  let unreadable = false;
  for (const [index, step] of path.steps.entries()) {
    if (index === 0) continue;
    if (!path.steps[index - 1]!.state.matches({ running: { lifecycle: 'restoring' } })) break;
    steps = index;
    if (step.event.type === 'ENTER') url = step.event.requestId ? `/startup?requestId=${step.event.requestId as number}` : '/startup';
    if (step.event.type === 'xstate.done.actor.loadPersistedDraft') stored = step.event.output as string | null;
    if (step.event.type === 'xstate.error.actor.loadPersistedDraft') unreadable = true;
  }
  return { url, stored, unreadable, steps };
}

/** Which held call answers each invoke of the draft machine (one call of each is in flight at a time). */
const CALLS: Record<string, 'list' | 'get' | 'delete' | 'post' | 'put'> = {
  listDrafts: 'list',
  retrieveRequest: 'get',
  deleteFoundDraft: 'delete',
  createRequest: 'post',
  updateRequest: 'put',
  submitRequest: 'put',
  saveBeforeExit: 'put',
};

export function callOf(invokeId: string): string {
  const call = CALLS[invokeId];
  if (!call) throw new Error(`no call answers ${invokeId}`);
  return call;
}

export const gates = createLatestGates();

/** The model's failure as the server sends it: its status and errorKey (409 'stale-version', 403, 429, 500). */
function failure(error: unknown): Response {
  if (!isApiFailure(error)) return fail(500);
  return fail(error.status, error.errorKey ?? undefined);
}

/**
 * The draft's calls, each held until the path answers it: the model's output in the envelope the
 * server sends (so the screen holds the model's draft), or its failure.
 */
export function gatedDraftCalls() {
  const answer = (call: string, ok: (output: unknown) => Response) => async () => {
    const reply = await gates.hold(call);
    return reply.ok ? ok(reply.output) : failure(reply.error);
  };
  const one = (output: unknown) => HttpResponse.json({ ...OK_STATUS, request: output });
  return [
    http.get(
      requestUrls.list,
      answer('list', (output) => {
        const requestList = output as unknown[];
        return HttpResponse.json({ ...OK_STATUS, totalResults: requestList.length, totalPages: requestList.length > 0 ? 1 : 0, requestList });
      }),
    ),
    http.get(requestUrls.one, answer('get', one)),
    http.post(requestUrls.create, answer('post', one)),
    http.put(requestUrls.one, answer('put', one)),
    http.delete(
      requestUrls.one,
      answer('delete', () => HttpResponse.json({ ...OK_STATUS })),
    ),
  ];
}

/**
 * The startup mount's machines share one clock (MachineClockContext). Only the save-and-exit delay
 * (spec §9, 500 ms: the one delay of that length there) is held on the SimulatedClock, stepped at the
 * model's `xstate.after` step; the modals' and the step navigation's short delays run in real time,
 * so dialogs and pages come as a person sees them.
 */
export class SaveAndExitClock extends SimulatedClock {
  readonly #real = new Map<number, ReturnType<typeof globalThis.setTimeout>>();
  #next = 0;

  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    if (timeout === Timings.saveAndExit) return super.setTimeout(fn, timeout) as number;
    const id = --this.#next;
    this.#real.set(
      id,
      globalThis.setTimeout(() => {
        this.#real.delete(id);
        fn();
      }, timeout),
    );
    return id;
  }

  override clearTimeout(id: number): void {
    const real = this.#real.get(id);
    if (real === undefined) return super.clearTimeout(id);
    globalThis.clearTimeout(real);
    this.#real.delete(id);
  }
}
