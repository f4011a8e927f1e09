// Pure rules of the draft machine (spec §4 "Draft save", "Draft actions", "Abort, draft found, draft
// delete"): what a new draft holds, which request counts as an existing draft, how the session copy
// is encoded, which failure is a stale version, where leaving goes, and the modals it asks for.
import { ErrorKey } from '#shared/api/error-keys.ts';
import { isApiFailure, refusalMessage } from '#shared/api/failure.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { RequestState, STARTUP_SERVICE_TYPE_ID } from '#shared/constants.ts';
import { STARTUP_SERVICE_PATH } from '../enrolment/steps.ts';
import type { ModalReplies, ModalRequest } from '../modals.ts';
import { HOME_PATH } from '../support/routes.ts';
import { DRAFT_SYSTEM_ID } from '../support/system-ids.ts';
import type { DraftContext, DraftData, DraftEvent, RequestUser } from './types.ts';

/** The one session-storage key of the draft (spec §4: stored encoded under one key). */
export const DRAFT_STORAGE_KEY = 'suap.draft';

export type AbortOffer = 'save-and-exit' | 'back-to-form';

export const DraftMessages = {
  saveErrorTitle: 'modals.save-draft-error.title',
  saveErrorDescription: 'modals.save-draft-error.description',
  saveForbiddenTitle: 'modals.save-draft-forbidden.title',
  saveForbiddenDescription: 'modals.save-draft-forbidden.description',
  draftUpdated: 'modals.draft-updated',
  draftDeleted: 'modals.draft-deleted',
  deleteErrorTitle: 'modals.draft-delete-error.title',
  deleteErrorDescription: 'modals.draft-delete-error.description',
  draftFoundTitle: 'modals.draft-found.title',
  draftFoundDescription: 'modals.draft-found.description',
  requestAbortTitle: 'modals.request-abort.title',
  draftGoneTitle: 'modals.draft-gone.title',
  draftGoneDescription: 'modals.draft-gone.description',
} as const;

/**
 * The buttons of the draft's dialogs (the `action` the modals machine receives when one is pressed);
 * each dialog's `replies` say which draft event a button answers with.
 */
export const DraftModalActions = {
  /** Draft found: reopen the existing draft. */
  restore: 'restore',
  /** Draft found: delete it and start a new one. */
  discard: 'discard',
  /** Draft found: keep it and start another request beside it (docs/architecture.md, deviations from spec §2). */
  keepAndStartNew: 'keep-and-start-new',
  /** Request abort: leave without saving. */
  abort: 'abort',
  /** Request abort (saved draft): save, then leave. */
  saveAndExit: 'save-and-exit',
  /** Request abort (new draft): stay. */
  backToForm: 'back-to-form',
  /** Draft delete: confirmed. */
  confirmDelete: 'confirm-delete',
  /** Draft delete: not confirmed. */
  cancel: 'cancel',
  /** Draft deleted elsewhere: start a new request. */
  startNew: 'start-new',
  /** Draft deleted elsewhere: go to the private area. */
  privateArea: 'private-area',
} as const;

export function isStartupProcess(typeOfServiceId: number): boolean {
  return typeOfServiceId === STARTUP_SERVICE_TYPE_ID;
}

/** Spec §4 "Request states": a new request is a draft of the process's service type, with the logged user and the office chosen earlier. */
export function newDraft(context: Pick<DraftContext, 'typeOfServiceId' | 'user' | 'selectedSuap'>): DraftData {
  return {
    typeOfService: { typeOfServiceId: context.typeOfServiceId },
    stateOfRequest: { stateOfRequestId: RequestState.DRAFT },
    suap: context.selectedSuap ?? null,
    ...(context.user ? { user: context.user } : {}),
  };
}

/** The user's drafts of this service type (sent, decided and deleted requests and other services' drafts do not count). */
export function draftsOfService(requests: readonly SuapRequest[] | null, typeOfServiceId: number): SuapRequest[] {
  return (requests ?? []).filter(
    (request) => request.stateOfRequest.stateOfRequestId === RequestState.DRAFT && request.typeOfService.typeOfServiceId === typeOfServiceId,
  );
}

/** The user's existing draft of this service type, the most recently updated one if several. */
export function findExistingDraft(requests: readonly SuapRequest[] | null, typeOfServiceId: number): SuapRequest | null {
  const drafts = draftsOfService(requests, typeOfServiceId);
  return drafts.reduce<SuapRequest | null>((latest, draft) => (!latest || Date.parse(draft.updatedOn) > Date.parse(latest.updatedOn) ? draft : latest), null);
}

/** A form's changes never touch what the server owns: the id and the version it was loaded at. */
export function mergeChanges(draft: DraftData, changes: Partial<DraftData> | undefined): DraftData {
  if (!changes) return draft;
  const { requestId: _id, version: _version, ...rest } = changes;
  return { ...draft, ...rest };
}

export function forSubmission(draft: DraftData): DraftData {
  return { ...draft, stateOfRequest: { stateOfRequestId: RequestState.SENT } };
}

/**
 * What session storage keeps (spec §4): the working copy whole. A new draft is restored from it on a
 * reload; an existing one is refetched by its id (the server's copy wins), and the edits typed since
 * its last save are put back only when the server still has the version they were typed on.
 */
export function sessionCopy(draft: DraftData | null): DraftData | null {
  return draft;
}

/** Base64 of the UTF-8 JSON (spec §4). TextEncoder and btoa exist in browsers and in Node alike. */
export function encodeDraft(draft: DraftData): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(draft))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The stored draft, or null when nothing usable is stored (absent, corrupt or not a draft). */
export function decodeDraft(stored: string | null | undefined): DraftData | null {
  if (!stored) return null;
  try {
    const bytes = Uint8Array.from(atob(stored), (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const requestId = (value as { requestId?: unknown }).requestId;
    if (requestId !== undefined && !(Number.isInteger(requestId) && (requestId as number) > 0)) return null;
    return value as DraftData;
  } catch {
    return null;
  }
}

/**
 * Whether the tab's session copy is of draft `requestId`. The private area deletes drafts while this
 * machine is not running; a copy of the deleted draft is dropped so that the process, entered again,
 * does not reopen it (the server still answers a deleted request, in state "deleted").
 */
export function isSessionCopyOf(stored: string | null, requestId: number): boolean {
  return decodeDraft(stored)?.requestId === requestId;
}

/** The fields a step form edits: the ones put back after a reload (see editsToRestore). */
const EDITABLE_FIELDS: ReadonlyArray<keyof DraftData> = [
  'procedureNotification',
  'suap',
  'municipalityId',
  'municipality',
  'iniziative',
  'personalData',
  'partitaIva',
];

/**
 * Edits typed since the last save of an existing draft, put back after the page reloaded (the
 * startup machine's hasEditsToRestore): only when the server's copy is still the version they were
 * typed on. A newer version wins: nothing is overwritten silently.
 */
export function editsToRestore(stored: DraftData | null, server: DraftData): Partial<DraftData> | null {
  if (!stored?.requestId || stored.requestId !== server.requestId || stored.version !== server.version) return null;
  const changes: Partial<DraftData> = {};
  for (const field of EDITABLE_FIELDS) {
    if (field in stored && JSON.stringify(stored[field]) !== JSON.stringify(server[field])) {
      Object.assign(changes, { [field]: stored[field] });
    }
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Spec §4: leaving the process goes to the startup service page for the startup process, else home. */
export function exitPath(typeOfServiceId: number): string {
  return isStartupProcess(typeOfServiceId) ? STARTUP_SERVICE_PATH : HOME_PATH;
}

export const saveErrorModal: ModalRequest = {
  kind: 'alert',
  type: 'error',
  titleKey: DraftMessages.saveErrorTitle,
  descriptionKey: DraftMessages.saveErrorDescription,
};

/**
 * A save the server refused for a named reason (too many requests, a field that may
 * not change, data too large…) says that reason in the catalogue's words (`api-errors.<key>`);
 * a failure without one (no answer, spec §8's 999) keeps the save-draft error's own text.
 */
export function saveErrorModalFor(error: unknown): ModalRequest {
  const descriptionKey = refusalMessage(error, '');
  return descriptionKey ? { ...saveErrorModal, descriptionKey } : saveErrorModal;
}

const NOT_FOUND = 404;

/**
 * A save of a saved draft the server no longer has: deleted in another tab or window (409
 * 'draft-deleted'), or gone altogether (404, the answer alike for a missing request and someone
 * else's, docs/architecture.md "Server rules and errors"). Trying again cannot help.
 */
export function isDraftGoneFailure(error: unknown): boolean {
  return isApiFailure(error) && (error.status === NOT_FOUND || error.errorKey === ErrorKey.draftDeleted);
}

/** The draft was deleted elsewhere: say so, and offer the two ways on, a new request or the private area. */
export const draftGoneModal: ModalRequest = {
  id: 'draft-gone',
  kind: 'draftGone',
  type: 'error',
  titleKey: DraftMessages.draftGoneTitle,
  descriptionKey: DraftMessages.draftGoneDescription,
  replies: {
    to: DRAFT_SYSTEM_ID,
    actions: { [DraftModalActions.startNew]: { type: 'START_NEW' }, [DraftModalActions.privateArea]: { type: 'GO_TO_PRIVATE_AREA' } },
  } satisfies ModalReplies<DraftEvent>,
};

/** The server refused the save (403): no "try again", but who to ask. */
export const saveForbiddenModal: ModalRequest = {
  kind: 'alert',
  type: 'error',
  titleKey: DraftMessages.saveForbiddenTitle,
  descriptionKey: DraftMessages.saveForbiddenDescription,
};

export const draftUpdatedModal: ModalRequest = { kind: 'alert', type: 'success', titleKey: DraftMessages.draftUpdated };

export const draftDeletedModal: ModalRequest = { kind: 'alert', type: 'success', titleKey: DraftMessages.draftDeleted };

export const deleteErrorModal: ModalRequest = {
  kind: 'alert',
  type: 'error',
  titleKey: DraftMessages.deleteErrorTitle,
  descriptionKey: DraftMessages.deleteErrorDescription,
};

/** Stable id: asking again while it is queued does not show it twice. */
export const DRAFT_FOUND_MODAL_ID = 'draft-found';

/**
 * The draft-found dialog names the draft it offers (the latest: its number, office and last change,
 * `updatedOn` as the server wrote it, shown in Europe/Rome by the dialog) and how many other drafts
 * the person has (`others`: the dialog then links to the private area, where they all are). Its
 * choices: restore; delete and start new (spec §2); keep it and start another request (one
 * entrepreneur, two shops: docs/architecture.md, deviations from spec §2).
 */
export function draftFoundModal(found: SuapRequest, others: number): ModalRequest {
  return {
    id: DRAFT_FOUND_MODAL_ID,
    kind: 'draftFound',
    titleKey: DraftMessages.draftFoundTitle,
    descriptionKey: DraftMessages.draftFoundDescription,
    values: { requestId: found.requestId, office: found.suap?.name ?? '', updatedOn: found.updatedOn, others },
    // Dismissing is not choosing: back to the service page.
    replies: {
      to: DRAFT_SYSTEM_ID,
      actions: {
        [DraftModalActions.restore]: { type: 'RESTORE_DRAFT' },
        [DraftModalActions.discard]: { type: 'DISCARD_AND_START_NEW' },
        [DraftModalActions.keepAndStartNew]: { type: 'KEEP_AND_START_NEW' },
        [DraftModalActions.privateArea]: { type: 'GO_TO_PRIVATE_AREA' },
      },
      dismissed: { type: 'CANCEL' },
    } satisfies ModalReplies<DraftEvent>,
  };
}

/** Id of the draft-found "delete and start again" confirmation: its answer goes back to the draft machine. */
export const DISCARD_CONFIRM_MODAL_ID = 'draft-found-discard';

/**
 * "delete and start a new request" asks first, with the private area's confirmation
 * (kind 'draftDelete': "Annulla" / "Elimina la bozza"), naming the draft.
 */
export function discardConfirmModal(requestId: number): ModalRequest {
  return {
    id: DISCARD_CONFIRM_MODAL_ID,
    kind: 'draftDelete',
    type: 'warning',
    titleKey: 'pa.draft-delete.title',
    descriptionKey: 'pa.draft-delete.description',
    values: { requestId },
    // Only "delete" deletes; "cancel" or closing it goes back to the draft-found choice.
    replies: {
      to: DRAFT_SYSTEM_ID,
      actions: { [DraftModalActions.confirmDelete]: { type: 'CONFIRM_DISCARD' }, [DraftModalActions.cancel]: { type: 'CANCEL_DISCARD' } },
      dismissed: { type: 'CANCEL_DISCARD' },
    } satisfies ModalReplies<DraftEvent>,
  };
}

/**
 * The abort confirmation. Its offer (the button besides "abort") is `values.action`; the buttons
 * answer SAVE_AND_EXIT, BACK_TO_FORM or CONFIRM_ABORT, and closing it goes back to the form.
 */
export function requestAbortModal(offer: AbortOffer, openerId: string | null = null): ModalRequest {
  return {
    ...(openerId ? { openerId } : {}),
    id: 'request-abort',
    kind: 'requestAbort',
    type: 'warning',
    titleKey: DraftMessages.requestAbortTitle,
    descriptionKey: `modals.request-abort.${offer}`,
    values: { action: offer },
    replies: {
      to: DRAFT_SYSTEM_ID,
      actions: {
        [DraftModalActions.saveAndExit]: { type: 'SAVE_AND_EXIT' },
        [DraftModalActions.backToForm]: { type: 'BACK_TO_FORM' },
        [DraftModalActions.abort]: { type: 'CONFIRM_ABORT' },
      },
      dismissed: { type: 'BACK_TO_FORM' },
    } satisfies ModalReplies<DraftEvent>,
  };
}

// The states that call these are entered only after the value was set; a missing one is a bug in
// the machine, so it fails loudly instead of sending a request without id.
export function requireDraft(context: DraftContext): DraftData {
  if (!context.draft) throw new Error('draft: no draft open');
  return context.draft;
}

export function requireRequestId(context: DraftContext): number {
  const requestId = context.draft?.requestId;
  if (!requestId) throw new Error('draft: the open draft has no requestId');
  return requestId;
}

export function requireUser(context: DraftContext): RequestUser {
  if (!context.user) throw new Error('draft: no user to list the drafts of');
  return context.user;
}

/** The request ENTER names; only called once the isResume guard has passed. */
export function requireResumed(requestId: number | null): number {
  if (requestId === null) throw new Error('draft: ENTER names no request to reopen');
  return requestId;
}

export function requireFound(context: DraftContext): SuapRequest {
  if (!context.found) throw new Error('draft: no existing draft was found');
  return context.found;
}

export function requireTarget(context: DraftContext): NonNullable<DraftContext['target']> {
  if (!context.target) throw new Error('draft: nothing to retrieve');
  return context.target;
}

export function storedRequestId(stored: string | null): number {
  const requestId = decodeDraft(stored)?.requestId;
  if (!requestId) throw new Error('draft: the session copy has no requestId');
  return requestId;
}
