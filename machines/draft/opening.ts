// The draft machine's states that open a draft (machines/draft.ts assembles the chart): the session
// copy read at page load, the process entry (reopen the request it names, or look for an existing
// draft by listing the user's requests), the draft-found choice, and fetching a request.
import { Paths } from '#shared/spa-paths.ts';
import {
  decodeDraft,
  deleteErrorModal,
  discardConfirmModal,
  DRAFT_STORAGE_KEY,
  draftFoundModal,
  requireFound,
  requireResumed,
  requireTarget,
  requireUser,
  storedRequestId,
} from './rules.ts';
import { draftSetup } from './setup.ts';

type EnterEvent = { event: { requestId: number | null } };

/**
 * ENTER naming a request (`?requestId=`, the private area's "resume"): that request is fetched, in
 * every state that accepts the process entry.
 */
export const resume = {
  guard: { type: 'isResume', params: ({ event }: EnterEvent) => ({ requestId: event.requestId }) },
  target: '#draft.running.lifecycle.retrieving',
  actions: { type: 'setTarget', params: ({ event }: EnterEvent) => ({ requestId: requireResumed(event.requestId), forcedStep: null }) },
} as const;

export const restoring = draftSetup.createStateConfig({
  tags: 'busy',
  description: 'Page load: reads the session copy. A new draft is restored, an existing one refetched; a request the process entry names is fetched at once.',
  invoke: {
    id: 'loadPersistedDraft',
    src: 'loadPersistedDraft',
    input: { key: DRAFT_STORAGE_KEY },
    onDone: [
      {
        guard: { type: 'isExistingDraft', params: ({ event }) => ({ draft: decodeDraft(event.output) }) },
        target: 'retrieving',
        actions: [{ type: 'setTarget', params: ({ event }) => ({ requestId: storedRequestId(event.output), forcedStep: null }) }, 'forgetStart'],
      },
      {
        guard: { type: 'isNewDraft', params: ({ event }) => ({ draft: decodeDraft(event.output) }) },
        target: 'editing',
        actions: [
          { type: 'setDraft', params: ({ event }) => ({ draft: decodeDraft(event.output) ?? {} }) },
          'persistDraft',
          { type: 'emitRecheck', params: { forcedStep: null } },
          'forgetStart',
        ],
      },
      { guard: 'isStartRequested', target: 'lookingForDrafts', actions: 'forgetStart' },
      { target: 'idle', actions: 'emitNothingToReopen' },
    ],
    // Storage unavailable (private mode, quota): go on without a session copy rather than not at all.
    onError: [
      { guard: 'isStartRequested', target: 'lookingForDrafts', actions: 'forgetStart' },
      { target: 'idle', actions: 'emitNothingToReopen' },
    ],
  },
  on: {
    // The process entry is opened as the startup pages mount, so ENTER usually comes before the
    // session copy is read. A request it names wins over the session copy: it is fetched at once.
    // Otherwise the entry is remembered and the session copy decides first (a draft it holds is
    // reopened; none: look for drafts).
    ENTER: [
      { ...resume, actions: [resume.actions, 'forgetStart'] },
      { actions: [{ type: 'startProcess', params: ({ event }) => ({ user: event.user, selectedSuap: event.selectedSuap }) }, 'rememberStart'] },
    ],
  },
});

export const idle = draftSetup.createStateConfig({
  description: 'No draft open.',
  on: {
    ENTER: [
      resume,
      { target: 'lookingForDrafts', actions: { type: 'startProcess', params: ({ event }) => ({ user: event.user, selectedSuap: event.selectedSuap }) } },
    ],
  },
});

export const lookingForDrafts = draftSetup.createStateConfig({
  tags: 'busy',
  description: "Process started: lists the user's requests to know whether a draft of this service exists.",
  invoke: {
    id: 'listDrafts',
    src: 'listDrafts',
    input: ({ context }) => ({ userId: requireUser(context).userId }),
    onDone: [
      {
        guard: { type: 'hasDraftOfService', params: ({ event }) => ({ requests: event.output }) },
        target: 'draftFound',
        actions: { type: 'offerFound', params: ({ event }) => ({ requests: event.output }) },
      },
      { target: 'editing', actions: ['startNewDraft', 'persistDraft', 'emitResetSteps', 'navigateToStart'] },
    ],
    // Spec §8: a failed list gives no data, so no draft is known: a new one starts.
    onError: { target: 'editing', actions: ['startNewDraft', 'persistDraft', 'emitResetSteps', 'navigateToStart'] },
  },
  on: {
    ENTER: resume,
  },
});

export const draftFound = draftSetup.createStateConfig({
  description:
    'The user already has a draft: the dialog names the latest (number, office, last change) and links to the private area when there are more. Restore it, delete it and start a new one, or keep it and start another.',
  entry: { type: 'emitModal', params: ({ context }) => ({ modal: draftFoundModal(requireFound(context), context.otherDrafts) }) },
  on: {
    RESTORE_DRAFT: {
      target: 'retrieving',
      actions: { type: 'setTarget', params: ({ context }) => ({ requestId: requireFound(context).requestId, forcedStep: null }) },
    },
    // Deleting asks for confirmation first, as the private area does.
    DISCARD_AND_START_NEW: { target: 'confirmingDiscard' },
    // One entrepreneur, two shops: the draft found stays as it is (nothing is deleted) and a new
    // request starts beside it (docs/architecture.md, deviations from spec §2).
    KEEP_AND_START_NEW: { target: 'editing', actions: ['startNewDraft', 'persistDraft', 'emitResetSteps', 'navigateToStart'] },
    // The dialog's link to the other drafts: the private area lists them all.
    GO_TO_PRIVATE_AREA: { target: 'idle', actions: ['clearDraft', { type: 'emitNavigate', params: { to: Paths.privateArea, replace: false } }] },
    CANCEL: { target: 'idle', actions: ['clearDraft', 'emitExit'] },
  },
});

export const confirmingDiscard = draftSetup.createStateConfig({
  description: 'The user chose to delete the draft found: asks "delete the draft n. …?" before deleting it.',
  entry: { type: 'emitModal', params: ({ context }) => ({ modal: discardConfirmModal(requireFound(context).requestId) }) },
  on: {
    CONFIRM_DISCARD: { target: 'discarding' },
    // Not confirmed: back to the choice between reopening and deleting.
    CANCEL_DISCARD: { target: 'draftFound' },
  },
});

export const discarding = draftSetup.createStateConfig({
  tags: 'busy',
  description: 'Deleting the existing draft before a new one starts.',
  invoke: {
    id: 'deleteFoundDraft',
    src: 'deleteRequest',
    input: ({ context }) => ({ requestId: requireFound(context).requestId }),
    onDone: {
      target: 'editing',
      actions: ['startNewDraft', 'persistDraft', 'emitResetSteps', 'navigateToStart'],
    },
    onError: { target: 'draftFound', actions: { type: 'emitModal', params: { modal: deleteErrorModal } } },
  },
});

export const retrieving = draftSetup.createStateConfig({
  tags: 'busy',
  description: 'Fetching a request from the server (restore, resume, reload).',
  invoke: {
    id: 'retrieveRequest',
    src: 'retrieveRequest',
    input: ({ context }) => ({ requestId: requireTarget(context).requestId }),
    onDone: {
      target: 'editing',
      actions: [
        { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
        'persistDraft',
        { type: 'emitRecheck', params: ({ context }) => ({ forcedStep: requireTarget(context).forcedStep }) },
        'forgetTarget',
      ],
    },
    // Spec §8: retrieve never fails loudly: no data and a 999 status. An open copy stays open.
    onError: [
      { guard: 'hasDraft', target: 'editing', actions: ['setRetrieveFailed', 'forgetTarget'] },
      { target: 'idle', actions: ['setRetrieveFailed', 'clearDraft', 'clearPersistedDraft'] },
    ],
  },
});
