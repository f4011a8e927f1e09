// Spec §2 private area, §4 "Abort, draft found, draft delete", §9 timings (docs/machines/README.md): deleting a
// draft from the private area. The citizen asks (a card's "delete"), confirms in the modal, the
// draft is deleted on the server (the `deleteDraft` actor the app provides), a success alert says
// so and the request list reloads 10 ms later; a failure says so and changes nothing. One delete
// at a time: the card being deleted has its buttons disabled. Modals go out as `modal` events (the
// confirmation names the draft in its id, so the answer finds it); the list reload as `reloadRequests`;
// the draft deleted as `deleted` (the tab's session copy of the startup process may hold it: the
// draft machine does not run in the private area, so the app drops that copy, or the process would
// reopen a deleted request when entered again).
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { Timings } from '#shared/constants.ts';
import { deleteErrorModal, draftDeletedModal } from './draft/rules.ts';
import type { ModalRequest } from './modals.ts';
import { notProvided } from './support/not-provided.ts';
import type { MachineInfo } from './support/machine-info.ts';

const MODAL_ID_PREFIX = 'draft-delete-';

/** The confirmation (modal kind 'draftDelete'); its id names the draft, so the answer finds it. */
export function draftDeleteModal(requestId: number, openerId: string | null): ModalRequest {
  return {
    id: `${MODAL_ID_PREFIX}${requestId}`,
    kind: 'draftDelete',
    type: 'warning',
    titleKey: 'pa.draft-delete.title',
    descriptionKey: 'pa.draft-delete.description',
    values: { requestId },
    ...(openerId ? { openerId } : {}),
  };
}

/** The draft a confirmation's id names, or null for any other modal. */
export function draftOfModal(modalId: string): number | null {
  if (!modalId.startsWith(MODAL_ID_PREFIX)) return null;
  const id = Number(modalId.slice(MODAL_ID_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export interface DraftDeletionContext {
  /** The draft asked about, being deleted, or just deleted; null when idle. */
  requestId: number | null;
  /** The delete button pressed: focus goes back there when the confirmation closes. */
  openerId: string | null;
}

export type DraftDeletionEvent =
  | { type: 'ASK_DELETE'; requestId: number; openerId?: string }
  /** The confirmation's "delete" (for the draft it names). */
  | { type: 'CONFIRM'; requestId: number }
  /** The confirmation closed without "delete". */
  | { type: 'CANCEL' };

export type DraftDeletionEmitted = { type: 'modal'; modal: ModalRequest } | { type: 'reloadRequests' } | { type: 'deleted'; requestId: number };

export const draftDeletionMachine = setup({
  types: {
    context: {} as DraftDeletionContext,
    events: {} as DraftDeletionEvent,
    emitted: {} as DraftDeletionEmitted,
  },
  actors: {
    /** Spec §7: DELETE request/{id}; rejects unless the answer is 200. */
    deleteDraft: notProvided<void, { requestId: number }>('draftDeletion', 'deleteDraft'),
  },
  delays: {
    reloadAfterDraftDelete: Timings.reloadAfterDraftDelete,
  },
  guards: {
    isAskedDraft: ({ context }, params: { requestId: number }) => context.requestId === params.requestId,
  },
  actions: {
    rememberDraft: assign((_, params: { requestId: number; openerId: string | null }) => ({ requestId: params.requestId, openerId: params.openerId })),
    forgetDraft: assign({ requestId: null, openerId: null }),
    askConfirmation: emit(({ context }) => ({ type: 'modal' as const, modal: draftDeleteModal(context.requestId!, context.openerId) })),
    announceDeleted: emit({ type: 'modal' as const, modal: draftDeletedModal }),
    reportDeleted: emit(({ context }) => ({ type: 'deleted' as const, requestId: context.requestId! })),
    announceFailure: emit({ type: 'modal' as const, modal: deleteErrorModal }),
    reloadRequests: emit({ type: 'reloadRequests' as const }),
  },
}).createMachine({
  id: 'draftDeletion',
  description: 'Deleting a draft from the private area: ask, confirm, delete, reload the list.',
  initial: 'idle',
  context: { requestId: null, openerId: null },
  states: {
    idle: {
      description: 'No delete under way: every draft card offers "delete".',
      on: {
        ASK_DELETE: {
          target: 'confirming',
          actions: [{ type: 'rememberDraft', params: ({ event }) => ({ requestId: event.requestId, openerId: event.openerId ?? null }) }, 'askConfirmation'],
        },
      },
    },
    confirming: {
      description: 'The modal asks "delete the draft n. …?".',
      on: {
        CONFIRM: { guard: { type: 'isAskedDraft', params: ({ event }) => ({ requestId: event.requestId }) }, target: 'deleting' },
        CANCEL: { target: 'idle', actions: 'forgetDraft' },
      },
    },
    deleting: {
      description: "Deleting the draft on the server; its card's buttons are disabled.",
      invoke: {
        id: 'deleteDraft',
        src: 'deleteDraft',
        input: ({ context }) => ({ requestId: context.requestId! }),
        onDone: { target: 'deleted', actions: ['announceDeleted', 'reportDeleted'] },
        onError: { target: 'idle', actions: ['announceFailure', 'forgetDraft'] },
      },
    },
    deleted: {
      description: 'Deleted: the success alert is shown; the request list reloads after a short delay (spec §9: 10 ms).',
      after: { reloadAfterDraftDelete: { target: 'idle', actions: ['reloadRequests', 'forgetDraft'] } },
    },
  },
});

export type DraftDeletionSnapshot = SnapshotFrom<typeof draftDeletionMachine>;

/** The draft whose buttons are disabled: the one being deleted (or just deleted, until the list reloads), or null. */
export function selectDeleting(snapshot: DraftDeletionSnapshot): number | null {
  return snapshot.matches('deleting') || snapshot.matches('deleted') ? snapshot.context.requestId : null;
}

export const draftDeletionMachineInfo: MachineInfo<typeof draftDeletionMachine> = {
  id: 'draftDeletion',
  machine: draftDeletionMachine,
  title: 'Deleting a draft (private area)',
  purpose:
    'Deletes one of the citizen\'s drafts from the private area. "Delete" on a draft card asks for ' +
    'confirmation first; only "delete" in that modal deletes the draft on the server, any other way of ' +
    "closing it changes nothing. While the draft is being deleted its card's buttons are disabled. " +
    'A success alert says the draft was deleted and the list of requests reloads a moment later ' +
    '(10 ms, spec §9); a failure opens an error alert and the draft stays.',
  guards: {
    isAskedDraft: 'The confirmation answered is the one for the draft asked about.',
  },
  actions: {
    rememberDraft: 'Remembers the draft asked about and the button pressed (focus goes back there).',
    forgetDraft: 'Forgets the draft: every card offers "delete" again.',
    askConfirmation: { says: 'Opens the confirmation "delete the draft n. …?".', messages: ['pa.draft-delete.title'] },
    announceDeleted: 'Opens the success alert: the draft was deleted.',
    reportDeleted: 'Says which draft was deleted, so this tab forgets its copy of it (the startup process would otherwise reopen it).',
    announceFailure: 'Opens the error alert: the draft could not be deleted.',
    reloadRequests: 'Asks the request list to load its page again (the deleted draft leaves it).',
  },
};
