// The draft machine's states that save a draft or leave it (machines/draft.ts assembles the chart):
// step saves, sending, the stale-version reload offer, and the abort confirmation with save-and-exit.
import { stepUrl } from '../enrolment/steps.ts';
import { resume } from './opening.ts';
import { Paths } from '#shared/spa-paths.ts';
import { draftGoneModal, forSubmission, requestAbortModal, requireDraft, requireRequestId, saveForbiddenModal } from './rules.ts';
import { draftSetup } from './setup.ts';

/**
 * Every failed update, submit or save-and-exit: a stale version always ends in `stale` (the reload
 * offer), never in a retry that would overwrite the newer copy; a refusal (403) says the person may
 * not save this request and what to do instead, never "try again" (docs/architecture.md "The citizen's journey with real data"); a draft
 * deleted elsewhere (404) ends in `gone`, which says so and offers a new request or the private area;
 * anything else shows the save-draft error and keeps the working copy for another try.
 */
const REFUSED = {
  guard: 'isForbidden',
  target: '#draft.running.lifecycle.editing',
  actions: ['forgetSave', { type: 'emitModal', params: { modal: saveForbiddenModal } }],
} as const;
const FAILED = { target: '#draft.running.lifecycle.editing', actions: ['forgetSave', 'emitSaveError'] } as const;
const SAVE_FAILED = [
  { guard: 'isStaleVersion', target: '#draft.running.lifecycle.stale', actions: 'forgetSave' },
  // Deleted in another tab (404): nothing to save into; the person chooses a way on.
  { guard: 'isDraftGone', target: '#draft.running.lifecycle.gone', actions: 'forgetSave' },
  REFUSED,
  FAILED,
] as const;

/** A create carries no version and names no saved draft: it is refused (403), or fails. */
const CREATE_FAILED = [REFUSED, FAILED] as const;

export const saving = draftSetup.createStateConfig({
  tags: 'busy',
  description: 'Saving the draft of a step page.',
  initial: 'choosing',
  states: {
    // Spec §4: on notification contacts create when there is no requestId, else update. A
    // draft without requestId is created from any step: an update without id cannot succeed.
    choosing: {
      description: 'Create or update.',
      always: [{ guard: 'isNotCreated', target: 'creating' }, { target: 'updating' }],
    },
    creating: {
      description: 'Creating the draft on the server.',
      invoke: {
        id: 'createRequest',
        src: 'createRequest',
        input: ({ context }) => requireDraft(context),
        onDone: {
          target: '#draft.running.lifecycle.editing',
          actions: [{ type: 'setDraft', params: ({ event }) => ({ draft: event.output }) }, 'persistDraft', 'announceSave', 'forgetSave'],
        },
        onError: CREATE_FAILED,
      },
    },
    updating: {
      description: 'Updating the draft on the server.',
      invoke: {
        id: 'updateRequest',
        src: 'updateRequest',
        input: ({ context }) => ({ request: requireDraft(context) }),
        onDone: {
          target: '#draft.running.lifecycle.editing',
          actions: [{ type: 'setDraft', params: ({ event }) => ({ draft: event.output }) }, 'persistDraft', 'announceSave', 'forgetSave'],
        },
        onError: SAVE_FAILED,
      },
    },
  },
});

export const submitting = draftSetup.createStateConfig({
  tags: 'busy',
  description: 'Sending the request (update to state 3, sent).',
  invoke: {
    id: 'submitRequest',
    src: 'updateRequest',
    input: ({ context }) => ({ request: forSubmission(requireDraft(context)) }),
    onDone: {
      target: 'submitted',
      actions: [
        { type: 'setSent', params: ({ event }) => ({ request: event.output }) },
        'clearPersistedDraft',
        { type: 'emitSubmitted', params: ({ event }) => ({ request: event.output }) },
        { type: 'emitNavigate', params: { to: stepUrl('thank-page'), replace: true } },
      ],
    },
    onError: SAVE_FAILED,
  },
});

export const submitted = draftSetup.createStateConfig({
  description: 'The request was sent; the thank page shows it.',
  on: {
    ENTER: [
      resume,
      { target: 'lookingForDrafts', actions: { type: 'startProcess', params: ({ event }) => ({ user: event.user, selectedSuap: event.selectedSuap }) } },
    ],
  },
});

export const stale = draftSetup.createStateConfig({
  description: 'The server refused the save: the draft changed elsewhere. Nothing is saved until the latest version is reloaded.',
  on: {
    RELOAD_LATEST: {
      target: 'retrieving',
      actions: { type: 'setTarget', params: ({ context }) => ({ requestId: requireRequestId(context), forcedStep: null }) },
    },
    ABORT: { target: 'aborting', actions: { type: 'rememberAbortOpener', params: ({ event }) => ({ openerId: event.openerId ?? null }) } },
  },
});

export const gone = draftSetup.createStateConfig({
  description: 'The server answered 404: the draft was deleted elsewhere. Nothing can be saved; the dialog offers a new request or the private area.',
  entry: { type: 'emitModal', params: { modal: draftGoneModal } },
  on: {
    // A save or a send asked again (the dialog was closed) says the same again.
    SAVE: { actions: { type: 'emitModal', params: { modal: draftGoneModal } } },
    SUBMIT: { actions: { type: 'emitModal', params: { modal: draftGoneModal } } },
    START_NEW: { target: 'editing', actions: ['clearDraft', 'startNewDraft', 'persistDraft', 'emitResetSteps', 'navigateToStart'] },
    GO_TO_PRIVATE_AREA: {
      target: 'idle',
      actions: ['clearDraft', 'clearPersistedDraft', { type: 'emitNavigate', params: { to: Paths.privateArea, replace: false } }],
    },
    // The process entry opened again: the deleted draft is let go, and the entry decides afresh.
    ENTER: [
      { ...resume, actions: ['clearDraft', 'clearPersistedDraft', resume.actions] },
      {
        target: 'lookingForDrafts',
        actions: [
          'clearDraft',
          'clearPersistedDraft',
          { type: 'startProcess', params: ({ event }) => ({ user: event.user, selectedSuap: event.selectedSuap }) },
        ],
      },
    ],
  },
});

export const aborting = draftSetup.createStateConfig({
  description: 'Abort confirmation: save-and-exit for a saved draft, back-to-form for a new one.',
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Picks the offer.',
      always: [{ guard: 'hasRequestId', target: 'offeringSave' }, { target: 'offeringBack' }],
    },
    offeringSave: {
      description: 'Modal offers save-and-exit.',
      entry: { type: 'emitModal', params: ({ context }) => ({ modal: requestAbortModal('save-and-exit', context.abortOpenerId) }) },
      on: {
        SAVE_AND_EXIT: {
          target: 'savingBeforeExit',
          actions: [{ type: 'mergeChanges', params: ({ event }) => ({ changes: event.changes }) }, 'persistDraft'],
        },
        BACK_TO_FORM: { target: '#draft.running.lifecycle.editing' },
        CONFIRM_ABORT: { target: '#draft.running.lifecycle.idle', actions: ['clearDraft', 'clearPersistedDraft', 'emitExit'] },
      },
    },
    offeringBack: {
      description: 'Modal offers back-to-form.',
      entry: { type: 'emitModal', params: ({ context }) => ({ modal: requestAbortModal('back-to-form', context.abortOpenerId) }) },
      on: {
        BACK_TO_FORM: { target: '#draft.running.lifecycle.editing' },
        CONFIRM_ABORT: { target: '#draft.running.lifecycle.idle', actions: ['clearDraft', 'clearPersistedDraft', 'emitExit'] },
      },
    },
    savingBeforeExit: {
      tags: 'busy',
      description: 'Saving before leaving.',
      invoke: {
        id: 'saveBeforeExit',
        src: 'updateRequest',
        input: ({ context }) => ({ request: requireDraft(context) }),
        onDone: {
          target: 'leaving',
          actions: [{ type: 'setDraft', params: ({ event }) => ({ draft: event.output }) }, 'persistDraft', 'announceSave'],
        },
        onError: SAVE_FAILED,
      },
    },
    leaving: {
      description: 'Saved; the user leaves after the save-and-exit delay (the success message shows meanwhile).',
      after: {
        saveAndExit: { target: '#draft.running.lifecycle.idle', actions: ['clearDraft', 'clearPersistedDraft', 'emitExit'] },
      },
    },
  },
});
