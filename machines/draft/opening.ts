// The draft machine's states that open a draft (machines/draft.ts assembles the chart): the session
// copy read at page load, the look for an existing draft when the process starts, the draft-found
// choice, and fetching a request from the server.
import { decodeDraft, deleteErrorModal, discardConfirmModal, DRAFT_STORAGE_KEY, draftFoundModal, requireFound, requireTarget, storedRequestId } from './rules.ts';
import { draftSetup } from './setup.ts';

export const restoring = draftSetup.createStateConfig({
  tags: 'busy',
  description: 'Page load: reads the session copy. A new draft is restored, an existing one refetched.',
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
      { target: 'idle' },
    ],
    // Storage unavailable (private mode, quota): go on without a session copy rather than not at all.
    onError: [{ guard: 'isStartRequested', target: 'lookingForDrafts', actions: 'forgetStart' }, { target: 'idle' }],
  },
  on: {
    // A reload right on the process entry: the app may say START before the session copy is read.
    START: {
      actions: [{ type: 'startProcess', params: ({ event }) => ({ user: event.user, selectedSuap: event.selectedSuap }) }, 'rememberStart'],
    },
  },
});

export const idle = draftSetup.createStateConfig({
  description: 'No draft open.',
  on: {
    START: {
      target: 'lookingForDrafts',
      actions: { type: 'startProcess', params: ({ event }) => ({ user: event.user, selectedSuap: event.selectedSuap }) },
    },
    RETRIEVE: {
      target: 'retrieving',
      actions: { type: 'setTarget', params: ({ event }) => ({ requestId: event.requestId, forcedStep: event.forcedStep ?? null }) },
    },
  },
});

export const lookingForDrafts = draftSetup.createStateConfig({
  description: "Process started: waits for the user's requests to know whether a draft exists.",
  always: [
    { guard: 'hasFoundDraft', target: 'draftFound', actions: 'offerFound' },
    { guard: 'areDraftsKnown', target: 'editing', actions: ['startNewDraft', 'persistDraft', 'emitResetSteps', 'navigateToStart'] },
  ],
  on: {
    RETRIEVE: {
      target: 'retrieving',
      actions: { type: 'setTarget', params: ({ event }) => ({ requestId: event.requestId, forcedStep: event.forcedStep ?? null }) },
    },
  },
});

export const draftFound = draftSetup.createStateConfig({
  description: 'The user already has a draft: restore it, or delete it and start a new one.',
  entry: { type: 'emitModal', params: { modal: draftFoundModal } },
  on: {
    RESTORE_DRAFT: {
      target: 'retrieving',
      actions: { type: 'setTarget', params: ({ context }) => ({ requestId: requireFound(context).requestId, forcedStep: null }) },
    },
    // Issue #14.6: deleting asks for confirmation first, as the private area does.
    DISCARD_AND_START_NEW: { target: 'confirmingDiscard' },
    CANCEL: { target: 'idle', actions: ['clearDraft', 'emitExit'] },
    // The offered draft was deleted meanwhile (private area): decide again without it.
    DRAFT_DELETED: {
      guard: { type: 'isFoundDraft', params: ({ event }) => ({ requestId: event.requestId }) },
      target: 'lookingForDrafts',
      actions: [{ type: 'forgetDeleted', params: ({ event }) => ({ requestId: event.requestId }) }, 'forgetFound'],
    },
  },
});

export const confirmingDiscard = draftSetup.createStateConfig({
  description: 'The user chose to delete the draft found: asks "delete the draft n. …?" before deleting it.',
  entry: { type: 'emitModal', params: ({ context }) => ({ modal: discardConfirmModal(requireFound(context).requestId) }) },
  on: {
    CONFIRM_DISCARD: { target: 'discarding' },
    // Not confirmed: back to the choice between reopening and deleting.
    CANCEL_DISCARD: { target: 'draftFound' },
    DRAFT_DELETED: {
      guard: { type: 'isFoundDraft', params: ({ event }) => ({ requestId: event.requestId }) },
      target: 'lookingForDrafts',
      actions: [{ type: 'forgetDeleted', params: ({ event }) => ({ requestId: event.requestId }) }, 'forgetFound'],
    },
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
      actions: [
        { type: 'forgetDeleted', params: ({ context }) => ({ requestId: requireFound(context).requestId }) },
        'startNewDraft',
        'persistDraft',
        'emitResetSteps',
        'navigateToStart',
        'emitReloadRequests',
      ],
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
