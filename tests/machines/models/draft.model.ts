// Test model of the draft machine: every session copy a reload can find (none, a new draft, an
// existing draft's id, garbage, storage failing), the process entry with or without a request to
// resume, every answer of the request list (none, a draft found, a sent request only, failure),
// the draft-found choices (restore, delete and start new, keep it and start another, the private area), saves that complete a
// step or not, creates and updates that succeed, fail, or are refused (as stale, or 403), submission, abort
// with both offers, the reload of the latest version after a stale refusal, and a saved draft found
// deleted elsewhere (404) with its two ways on. (Deleting a draft from the private area is the draftDeletion machine's:
// tests/machines/citizen.test.ts.)
import type { SuapRequest } from '#shared/api/requests.ts';
import { draftMachine } from '#machines/draft.ts';
import { encodeDraft } from '#machines/draft/rules.ts';
import type { DraftContext, DraftData } from '#machines/draft/types.ts';
import {
  contact,
  createdDraft,
  earlierDraft,
  forbiddenFailure,
  notFoundFailure,
  personalData,
  rateLimitedFailure,
  requestUser,
  sentEarlier,
  sentRequest,
  serverCopies,
  serverFailure,
  staleFailure,
} from '../fixtures/requests.ts';
import type { ModelSpec } from '../support/model.ts';

export const FIELDS = ['procedureNotification', 'suap', 'iniziative', 'personalData'] as const;

/** A new draft left in session storage by an earlier page (the contact typed, never saved). */
export const unsavedDraft: DraftData = {
  typeOfService: { typeOfServiceId: 1 },
  stateOfRequest: { stateOfRequestId: 1 },
  suap: null,
  procedureNotification: contact,
};

/** A draft older than earlierDraft: with both listed, earlierDraft is offered and one other counted. */
const olderDraft: SuapRequest = { ...earlierDraft, requestId: 44, updatedOn: '2025-01-10T09:00:00.000Z' };

/** The server's answer to a save: the draft as sent, with its id and the next version. */
function saved(context: DraftContext, base: SuapRequest): SuapRequest {
  const draft = context.draft ?? {};
  const fields = Object.fromEntries(FIELDS.filter((field) => draft[field]).map((field) => [field, draft[field]]));
  return { ...base, ...fields, version: (draft.version ?? 0) + 1 } as SuapRequest;
}

const failures = [{ error: staleFailure }, { error: serverFailure }, { error: forbiddenFailure }, { error: rateLimitedFailure }];
/** A save of a saved draft may also find it deleted in another tab (404). */
const updateFailures = [...failures, { error: notFoundFailure }];

export const draftModel: ModelSpec<typeof draftMachine> = {
  machine: draftMachine,
  inputs: [{ name: 'page load', input: {} }],
  payloads: {
    'xstate.done.actor.loadPersistedDraft': [
      { output: null },
      { output: encodeDraft(unsavedDraft) },
      { output: encodeDraft({ requestId: 7 }) },
      { output: 'not a draft' },
    ],
    'xstate.error.actor.loadPersistedDraft': [{ error: new Error('storage unavailable') }],
    // The process entry: start (look for drafts), or resume request 7 (?requestId=).
    ENTER: [
      { user: requestUser, requestId: null },
      { user: requestUser, requestId: 7 },
    ],
    // The request list: none, a draft among others, a sent request only; or it fails (spec §8: no data).
    // Several drafts: the dialog offers the latest and links to the private area for the others.
    'xstate.done.actor.listDrafts': [
      { output: [] },
      { output: [sentEarlier, earlierDraft] },
      { output: [olderDraft, earlierDraft] },
      { output: [sentEarlier] },
    ],
    'xstate.error.actor.listDrafts': [{ error: serverFailure }],
    RESTORE_DRAFT: [{}],
    DISCARD_AND_START_NEW: [{}],
    CONFIRM_DISCARD: [{}],
    CANCEL_DISCARD: [{}],
    KEEP_AND_START_NEW: [{}],
    CANCEL: [{}],
    CHANGE: [{ changes: { procedureNotification: contact } }],
    SAVE: [
      { step: 'notification-contacts', complete: true, changes: { procedureNotification: contact } },
      { step: 'personal-data', complete: false, changes: { personalData } },
    ],
    SUBMIT: [{}],
    DOCUMENTS_CHANGED: [{ complete: true }],
    RELOAD_LATEST: [{}],
    ABORT: [{}],
    SAVE_AND_EXIT: [{}],
    BACK_TO_FORM: [{}],
    CONFIRM_ABORT: [{}],
    START_NEW: [{}],
    GO_TO_PRIVATE_AREA: [{}],
    'xstate.done.actor.deleteFoundDraft': [{ output: undefined }],
    'xstate.error.actor.deleteFoundDraft': [{ error: serverFailure }],
    'xstate.done.actor.retrieveRequest': ({ context }) => {
      const copy = context.target ? serverCopies[context.target.requestId] : undefined;
      return copy ? [{ output: copy }] : [];
    },
    'xstate.error.actor.retrieveRequest': [{ error: serverFailure }],
    'xstate.done.actor.createRequest': ({ context }) => [{ output: saved(context, createdDraft) }],
    'xstate.error.actor.createRequest': failures,
    'xstate.done.actor.updateRequest': ({ context }) => [{ output: saved(context, createdDraft) }],
    'xstate.error.actor.updateRequest': updateFailures,
    'xstate.done.actor.submitRequest': [{ output: sentRequest }],
    'xstate.error.actor.submitRequest': updateFailures,
    'xstate.done.actor.saveBeforeExit': ({ context }) => [{ output: saved(context, createdDraft) }],
    'xstate.error.actor.saveBeforeExit': updateFailures,
  },
  // What changes a decision: whether a draft is open and saved, the draft offered, whether the entry
  // came during the page load, the save in flight. Fields, versions, ids and statuses do not; the invariants
  // check them on every step of every path.
  project: ({ context }) => ({
    draft: context.draft ? (context.draft.requestId ? 'saved' : 'new') : null,
    found: context.found !== null,
    otherDrafts: context.otherDrafts > 0,
    startRequested: context.startRequested,
    pendingSave: context.pendingSave,
    documentsComplete: context.documentsComplete,
  }),
};
