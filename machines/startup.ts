// One system of actors (docs/machines/README.md), the enrolment’s part: the startup process's machines and the
// rules between them, while the startup pages are open. It invokes the draft (systemId 'draft') and
// the step statuses (systemId 'enrolment'); what they emit reaches it through the one generic relay
// (./support/relay.ts) as `draft.<event>` / `enrolment.<event>`, and every rule that used to live in
// a React effect (src/web/enrolment/use-enrolment-bridges.ts, gone) is a transition here: a completed
// save completes its step, a new draft resets the steps, a sent request locks them, a reopened draft
// re-checks them and gets back the edits the page reload would have lost, a step page opened with
// no draft goes to the process entry (or, after this tab sent a request, says it was sent), and the one-stop-shop dialog's answers open the office's own
// portal or keep the office and restart.
//
// What stays outside are the browser's things: the dialogs ('modal', for the modals machine: the
// draft's dialogs name the events they answer with, sent straight to 'draft'), the router
// ('navigate'), both emitted for whoever runs this machine; and the tab's storage and new windows,
// actions the app provides (`provide({ actions })`, side effects only). The router reports every
// page change with URL_CHANGED.
import { assign, emit, not, raise, sendTo, setup } from 'xstate';
import type { Suap } from '#shared/domain.ts';
import { draftMachine } from './draft.ts';
import { DRAFT_STORAGE_KEY, decodeDraft, editsToRestore } from './draft/rules.ts';
import type { DraftData, DraftEmitted, RequestUser, SaveStep } from './draft/types.ts';
import { enrolmentMachine, type EnrolmentEmitted } from './enrolment.ts';
import { STARTUP_MOUNT, stepForUrl, stepUrl, type StepName } from './enrolment/steps.ts';
import type { ModalRequest } from './modals.ts';
import type { MachineInfo } from './support/machine-info.ts';
import { notProvided } from './support/not-provided.ts';
import { relay, type Relayed } from './support/relay.ts';
import { DRAFT_SYSTEM_ID, ENROLMENT_SYSTEM_ID } from './support/system-ids.ts';

/**
 * The tab's "sent" marker: the number of the request this tab sent last, kept until a draft is
 * opened or started again. A step address typed after sending (a page load: the draft's copy is
 * gone) then says the request was sent and offers a new one, instead of starting one unasked.
 */
export const SENT_REQUEST_KEY = 'suap.sent-request';

/** The marker's request number, or null when the stored text is not one. */
export function sentRequestIdOf(stored: string | null): number | null {
  if (!stored || !/^\d{1,10}$/.test(stored)) return null;
  const id = Number(stored);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export interface StartupInput {
  /** The logged citizen: the draft machine copies them into a new draft. */
  user: RequestUser | null;
  /** The page on screen when the startup pages opened. */
  url: string;
}

export interface StartupContext {
  user: RequestUser | null;
  /** The page on screen, as the router last reported it. */
  url: string;
  /** The working copy the tab held when the page loaded: its edits may have to be put back. */
  storedDraft: DraftData | null;
  /** The request this tab sent (its "sent" marker), while no draft was opened or started since. */
  sentRequestId: number | null;
}

export type StartupEvent =
  | Relayed<'draft', DraftEmitted>
  | Relayed<'enrolment', EnrolmentEmitted>
  /** The router adapter: the page on screen changed. */
  | { type: 'URL_CHANGED'; url: string }
  /** One-stop-shop dialog, external office: open its own portal in a new window. */
  | { type: 'OPEN_EXTERNAL_PORTAL'; url: string }
  /** One-stop-shop dialog, internal office chosen elsewhere: keep it and go to the process entry. */
  | { type: 'USE_INTERNAL_OFFICE'; suap: Suap }
  /** Internal (raised by forgetSent): a draft was opened or started, the tab's "sent" marker goes. */
  | { type: 'SENT_MARKER_SPENT' };

export type StartupEmitted =
  /** For the modals machine (OPEN). */
  | { type: 'modal'; modal: ModalRequest }
  /** For the router. */
  | { type: 'navigate'; to: string; replace: boolean };

/** Implementations the app must provide (side effects only); a missing one fails loudly. */
function notProvidedAction(name: string): () => void {
  return () => {
    throw new Error(`startup: action "${name}" not provided; pass it with machine.provide({ actions })`);
  };
}

export const startupSetup = setup({
  types: {
    context: {} as StartupContext,
    events: {} as StartupEvent,
    emitted: {} as StartupEmitted,
    input: {} as StartupInput,
  },
  actors: {
    draft: draftMachine,
    enrolment: enrolmentMachine,
    relay,
    /** Reads the tab's storage under `key`; resolves the stored string or null. */
    readStoredDraft: notProvided<string | null, { key: string }>('startup', 'readStoredDraft'),
  },
  guards: {
    hasEditsToRestore: ({ context }, params: { request: DraftData }) => editsToRestore(context.storedDraft, params.request) !== null,
    isOnStepPage: ({ context }) => {
      const step = stepForUrl(context.url);
      return step !== null && step !== 'thank-page';
    },
    isSentMarker: (_, params: { stored: string | null }) => sentRequestIdOf(params.stored) !== null,
    hasSentMarker: ({ context }) => context.sentRequestId !== null,
    isOnThankPage: ({ context }) => stepForUrl(context.url) === 'thank-page',
    isOnEntry: ({ context }) => stepForUrl(context.url) === null,
  },
  actions: {
    setUrl: assign((_, params: { url: string }) => ({ url: params.url })),
    tellEnrolmentUrl: sendTo('enrolment', (_, params: { url: string }) => ({ type: 'URL_CHANGED' as const, url: params.url })),
    completeStep: sendTo('enrolment', (_, params: { step: SaveStep; request: DraftData }) => ({
      type: 'COMPLETE_STEP' as const,
      step: params.step,
      request: params.request,
    })),
    resetSteps: sendTo('enrolment', { type: 'RESET' }),
    lockSteps: sendTo('enrolment', { type: 'SUBMITTED' }),
    recheckSteps: sendTo('enrolment', (_, params: { request: DraftData; forcedStep: StepName | null }) => ({
      type: 'RECHECK' as const,
      request: params.request,
      forcedStep: params.forcedStep,
    })),
    keepStoredDraft: assign((_, params: { stored: string | null }) => ({ storedDraft: decodeDraft(params.stored) })),
    restoreEdits: sendTo('draft', ({ context }, params: { request: DraftData }) => ({
      type: 'CHANGE' as const,
      changes: editsToRestore(context.storedDraft, params.request) ?? {},
    })),
    forgetStoredDraft: assign({ storedDraft: null }),
    rememberSent: assign((_, params: { requestId: number }) => ({ sentRequestId: params.requestId })),
    takeSentMarker: assign((_, params: { stored: string | null }) => ({ sentRequestId: sentRequestIdOf(params.stored) })),
    // A draft opened or started: the marker has said what it had to (SENT_MARKER_SPENT removes it,
    // only when the tab has one: hasSentMarker).
    forgetSent: raise({ type: 'SENT_MARKER_SPENT' }),
    clearSent: assign({ sentRequestId: null }),
    openModal: emit((_, params: { modal: ModalRequest }) => ({ type: 'modal' as const, modal: params.modal })),
    navigate: emit((_, params: { to: string; replace: boolean }) => ({ type: 'navigate' as const, to: params.to, replace: params.replace })),
    // Replace: the step page asked for is not a page to come back to.
    navigateToEntry: emit((_, params: { replace: boolean }) => ({ type: 'navigate' as const, to: STARTUP_MOUNT, replace: params.replace })),
    /** Storage adapter: writes `value` under `key` in the tab's storage, or removes `key` when null. */
    writeStorage: notProvidedAction('writeStorage') as (_: unknown, params: { key: string; value: string | null }) => void,
    /** Storage adapter: keeps the office chosen before the process started (internal one-stop shop). */
    keepSelectedOffice: notProvidedAction('keepSelectedOffice') as (_: unknown, params: { suap: Suap }) => void,
    /** Browser adapter: opens an external portal in a new window. */
    openExternalPortal: notProvidedAction('openExternalPortal') as (_: unknown, params: { url: string }) => void,
  },
});

type RecheckEvent = { event: { request: DraftData; forcedStep: StepName | null } };
const recheck = { type: 'recheckSteps', params: ({ event }: RecheckEvent) => ({ request: event.request, forcedStep: event.forcedStep }) } as const;
/** Spec §4 "draft actions": a step page opened with no draft goes to the process entry. */
const toEntry = { type: 'navigateToEntry', params: { replace: true } } as const;

export const startupMachine = startupSetup.createMachine({
  id: 'startup',
  description: 'The startup process while its pages are open: the draft, the steps and the rules between them.',
  context: ({ input }) => ({ user: input.user, url: input.url, storedDraft: null, sentRequestId: null }),
  invoke: [
    { id: 'draft', systemId: DRAFT_SYSTEM_ID, src: 'draft', input: ({ context }) => ({ user: context.user }) },
    { id: 'enrolment', systemId: ENROLMENT_SYSTEM_ID, src: 'enrolment' },
    // After the children they listen to (see ./support/relay.ts).
    { id: 'draftEvents', src: 'relay', input: { systemId: DRAFT_SYSTEM_ID } },
    { id: 'enrolmentEvents', src: 'relay', input: { systemId: ENROLMENT_SYSTEM_ID } },
  ],
  on: {
    URL_CHANGED: {
      actions: [
        { type: 'setUrl', params: ({ event }) => ({ url: event.url }) },
        { type: 'tellEnrolmentUrl', params: ({ event }) => ({ url: event.url }) },
      ],
    },
    'draft.modal': { actions: { type: 'openModal', params: ({ event }) => ({ modal: event.modal }) } },
    'draft.navigate': { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to, replace: event.replace }) } },
    'enrolment.navigate': { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to, replace: event.replace }) } },
    'draft.persistDraft': { actions: { type: 'writeStorage', params: ({ event }) => ({ key: event.key, value: event.value }) } },
    'draft.clearPersistedDraft': { actions: { type: 'writeStorage', params: ({ event }) => ({ key: event.key, value: null }) } },
    'draft.stepCompleted': { actions: { type: 'completeStep', params: ({ event }) => ({ step: event.step, request: event.request }) } },
    'draft.resetSteps': { actions: ['resetSteps', 'forgetSent'] },
    'draft.submitted': {
      actions: [
        'lockSteps',
        { type: 'rememberSent', params: ({ event }) => ({ requestId: event.request.requestId }) },
        { type: 'writeStorage', params: ({ event }) => ({ key: SENT_REQUEST_KEY, value: String(event.request.requestId) }) },
      ],
    },
    SENT_MARKER_SPENT: { guard: 'hasSentMarker', actions: ['clearSent', { type: 'writeStorage', params: { key: SENT_REQUEST_KEY, value: null } }] },
    'draft.recheck': { actions: [recheck, 'forgetSent'] },
    // The draft's 'reloadReferenceData' needs nothing: the reference lists load afresh whenever the
    // select-initiative step opens, and the configuration does not change with a draft.
    // Spec §4 "draft actions": a step page opened with no draft to show (a bookmark, a closed tab)
    // starts the process from its entry, which offers the existing draft or starts a new one.
    // Unless this tab has just sent a request: then the step address (typed after sending) says so
    // on the thank-you page, which offers a new request; the tab's marker decides (checkingSent).
    // The thank-you page itself, loaded again, reads the marker too: it names the request sent.
    'draft.nothingToReopen': { guard: not('isOnEntry'), target: '.checkingSent' },
    OPEN_EXTERNAL_PORTAL: { actions: { type: 'openExternalPortal', params: ({ event }) => ({ url: event.url }) } },
    USE_INTERNAL_OFFICE: {
      actions: [
        { type: 'keepSelectedOffice', params: ({ event }) => ({ suap: event.suap }) },
        { type: 'navigateToEntry', params: { replace: false } },
      ],
    },
  },
  initial: 'readingStoredDraft',
  states: {
    readingStoredDraft: {
      description: 'Page load: tells the steps the page on screen, and reads the working copy the tab held, whose unsaved edits a reload would otherwise lose.',
      entry: { type: 'tellEnrolmentUrl', params: ({ context }) => ({ url: context.url }) },
      invoke: {
        id: 'readStoredDraft',
        src: 'readStoredDraft',
        input: { key: DRAFT_STORAGE_KEY },
        onDone: { target: 'holdingEdits', actions: { type: 'keepStoredDraft', params: ({ event }) => ({ stored: event.output }) } },
        // Storage unavailable: there is nothing to put back.
        onError: { target: 'settled' },
      },
      on: {
        // The draft was reopened before the copy was read: it read the same copy, nothing to add.
        'draft.recheck': { target: 'settled', actions: [recheck, 'forgetSent'] },
      },
    },
    holdingEdits: {
      description: 'The tab’s copy is kept until the draft is reopened from the server.',
      on: {
        'draft.recheck': [
          {
            guard: { type: 'hasEditsToRestore', params: ({ event }) => ({ request: event.request }) },
            target: 'settled',
            actions: [recheck, { type: 'restoreEdits', params: ({ event }) => ({ request: event.request }) }, 'forgetStoredDraft', 'forgetSent'],
          },
          { target: 'settled', actions: [recheck, 'forgetStoredDraft', 'forgetSent'] },
        ],
      },
    },
    checkingSent: {
      description:
        'A step page (or the thank-you page) opened with no draft to show: reads the tab’s "sent" marker. After sending, the thank-you page says which request was sent and offers a new one; otherwise a step page goes to the process entry.',
      invoke: {
        id: 'readSentMarker',
        src: 'readStoredDraft',
        input: { key: SENT_REQUEST_KEY },
        onDone: [
          // The person moved on meanwhile, to the entry: nothing to decide.
          { guard: 'isOnEntry', target: 'settled' },
          // On the thank-you page: it names the request the marker names, if any.
          { guard: 'isOnThankPage', target: 'settled', actions: { type: 'takeSentMarker', params: ({ event }) => ({ stored: event.output }) } },
          {
            guard: { type: 'isSentMarker', params: ({ event }) => ({ stored: event.output }) },
            target: 'settled',
            actions: [
              { type: 'takeSentMarker', params: ({ event }) => ({ stored: event.output }) },
              { type: 'navigate', params: { to: stepUrl('thank-page'), replace: true } },
            ],
          },
          { target: 'settled', actions: toEntry },
        ],
        onError: [{ guard: 'isOnStepPage', target: 'settled', actions: toEntry }, { target: 'settled' }],
      },
    },
    settled: {
      description: 'The page load is over: the draft and the steps go on by themselves.',
    },
  },
});

export const startupMachineInfo: MachineInfo<typeof startupMachine> = {
  id: 'startup',
  machine: startupMachine,
  title: 'Startup process (draft and steps together)',
  purpose:
    'Runs the startup process while its pages are open: the draft of the request and the status of its ' +
    'steps, and the rules between them. A save with "continue" completes its step; a new draft starts the ' +
    'steps over; sending the request locks them; a reopened draft re-checks every step. After a page ' +
    'reload, edits typed since the last save of a draft are put back once the server’s copy is known, ' +
    'only if the server still has the version they were typed on. A step page opened with no draft (a ' +
    'bookmark, a closed tab) sends the citizen to the process entry; after this tab sent a request (its "sent" ' +
    'marker, kept until a draft is opened or started), the thank-you page says the request was sent and offers a ' +
    'new one instead. The draft’s dialogs and page changes ' +
    'go to the app’s dialogs and router; the tab’s storage is written as the draft asks. In the ' +
    'one-stop-shop dialog, an office with its own portal opens it in a new window; an internal office ' +
    'chosen elsewhere is kept and the process starts again from its entry.',
  guards: {
    hasEditsToRestore: 'The tab held edits of this very draft, typed since its last save, and the server’s copy is still the version they were typed on.',
    isOnStepPage: 'The page on screen is a step of the process (not its entry and not the thank-you page).',
    isSentMarker: 'The tab’s "sent" marker names a request this tab sent (and no draft was opened or started since).',
    hasSentMarker: 'This tab keeps a "sent" marker.',
    isOnThankPage: 'The page on screen is the thank-you page.',
    isOnEntry: 'The page on screen is the process entry (no step of it).',
  },
  actions: {
    setUrl: 'Remembers the page on screen.',
    tellEnrolmentUrl: 'Tells the steps which page is on screen (URL_CHANGED).',
    completeStep: 'Tells the steps the saved step is complete (COMPLETE_STEP), with the draft as saved.',
    resetSteps: 'Tells the steps to start over (RESET): a new draft.',
    lockSteps: 'Tells the steps the request was sent (SUBMITTED): every step but the thank-you page becomes read-only.',
    recheckSteps: 'Asks the steps to recompute their statuses from the reopened draft (RECHECK).',
    keepStoredDraft: 'Keeps the working copy the tab held at page load.',
    restoreEdits: 'Puts the edits typed before the reload back into the draft (CHANGE).',
    forgetStoredDraft: 'Forgets the working copy the tab held.',
    rememberSent: 'Keeps the number of the request just sent (written to the tab’s "sent" marker too).',
    takeSentMarker: 'Takes the request number the tab’s "sent" marker names (the thank-you page shows it).',
    forgetSent: 'A draft was opened or started: the tab’s "sent" marker is spent (SENT_MARKER_SPENT).',
    clearSent: 'Forgets the request sent: the tab’s "sent" marker is removed.',
    openModal: 'Shows the draft’s dialog (the dialogs queue); its buttons answer the draft directly.',
    navigate: 'Sends the citizen to the page the draft or the steps name.',
    navigateToEntry: { says: 'Sends the citizen to the entry of the startup process.', page: '/startup' },
    writeStorage: 'Writes the draft to the tab’s storage, or removes it (the app performs the write).',
    keepSelectedOffice: 'Keeps the chosen office in the tab’s storage, for the new draft.',
    openExternalPortal: 'Opens the office’s own portal in a new window.',
  },
};
