// The contract of the draft machine: its context, the events the app sends, the events it emits, and
// the input and output of every side effect the app provides (`machine.provide({ actors })`).
import type { RequestWrite, SuapRequest } from '#shared/api/requests.ts';
import type { Suap } from '#shared/domain.ts';
import type { Status } from '#shared/envelope.ts';
import type { StepName } from '../enrolment/steps.ts';
import type { ModalRequest } from '../modals.ts';

export type RequestUser = SuapRequest['user'];

/**
 * The working copy of the request: what the citizen writes, plus the server's full records when known
 * (office, municipality and initiative names for the summary). A new draft has no requestId until it is created.
 */
export type DraftData = RequestWrite & Partial<Pick<SuapRequest, 'suap' | 'municipality' | 'iniziative' | 'user'>>;

/** The steps whose page saves the draft (spec §4 "Draft save"). */
export type SaveStep = Extract<StepName, 'notification-contacts' | 'select-initiative' | 'personal-data' | 'request-summary'>;

export interface DraftInput {
  /** Service type of the process; defaults to the startup service (1). */
  typeOfServiceId?: number;
  /** The logged user, copied into a new draft (spec §4 "Request states"). */
  user?: RequestUser | null;
  /** Office chosen before the process started (internal one-stop-shop exception), copied into a new draft. */
  selectedSuap?: Suap | null;
}

export interface DraftContext {
  typeOfServiceId: number;
  user: RequestUser | null;
  selectedSuap: Suap | null;
  /** The working copy, or null when no draft is open. */
  draft: DraftData | null;
  /** The existing draft offered by the draft-found modal. */
  found: SuapRequest | null;
  /** How many other drafts of the service the person has besides the one offered (the dialog links to the private area). */
  otherDrafts: number;
  /** What the next retrieve fetches. */
  target: { requestId: number; forcedStep: StepName | null } | null;
  /** The process was entered (ENTER without a request) while the session copy was still being read: look for drafts once it is. */
  startRequested: boolean;
  /** The save in flight: its step and whether it completes the step. */
  pendingSave: { step: SaveStep; complete: boolean } | null;
  /** A "save draft" (not completing) just succeeded: the page says "draft saved" until the next change. */
  savedNotice: boolean;
  /** Spec §8: a failed retrieve gives no data and a 999 "Generic Error" status (retrieve-error callout). */
  retrieveStatus: Status | null;
  /** The request just sent (the thank page shows it); the working copy is closed by then. */
  sent: SuapRequest | null;
  /** The control "abort" was asked from: the confirmation gives it focus back when it closes. */
  abortOpenerId: string | null;
  /** The documents step last reported every required document attached (machines/documents.ts). */
  documentsComplete: boolean;
}

export type DraftEvent =
  /**
   * The user opened the process entry (its entry path). With `requestId` (`?requestId=`, the private
   * area's "resume") that request is reopened; without one the machine looks for a draft of the
   * service and offers it, or starts a new one with `user` and `selectedSuap` (the office chosen
   * earlier, spec §4; omitted: the one the machine already has).
   */
  | { type: 'ENTER'; user: RequestUser; selectedSuap?: Suap | null; requestId: number | null }
  /** Draft-found modal: reopen the existing draft. */
  | { type: 'RESTORE_DRAFT' }
  /** Draft-found modal: delete the existing draft and start a new one (asks for confirmation first). */
  | { type: 'DISCARD_AND_START_NEW' }
  /** Draft-found modal: keep the existing draft and start another request beside it. */
  | { type: 'KEEP_AND_START_NEW' }
  /** The delete confirmation of the draft found: confirmed. */
  | { type: 'CONFIRM_DISCARD' }
  /** The delete confirmation of the draft found: not confirmed (back to the draft-found choice). */
  | { type: 'CANCEL_DISCARD' }
  /** Draft-found modal dismissed without a choice: back to the service page. */
  | { type: 'CANCEL' }
  /** A form changed the working copy (kept in session storage while the draft is new). */
  | { type: 'CHANGE'; changes: Partial<DraftData> }
  /** A step page saves; `complete` when it is the step's "continue". */
  | { type: 'SAVE'; step: SaveStep; complete: boolean; changes?: Partial<DraftData> }
  | { type: 'SUBMIT' }
  /** The documents step: whether every required document is attached now (false while it loads). */
  | { type: 'DOCUMENTS_CHANGED'; complete: boolean }
  /** After a stale-version refusal: take the server's latest version. */
  | { type: 'RELOAD_LATEST' }
  /** "Abort": the confirmation opens; `openerId` is the control asked from (focus goes back there). */
  | { type: 'ABORT'; openerId?: string }
  | { type: 'SAVE_AND_EXIT'; changes?: Partial<DraftData> }
  | { type: 'BACK_TO_FORM' }
  | { type: 'CONFIRM_ABORT' }
  /** The draft was deleted elsewhere: start a new request instead. */
  | { type: 'START_NEW' }
  /** The draft was deleted elsewhere, or the draft-found dialog's link to the other drafts: go to the private area. */
  | { type: 'GO_TO_PRIVATE_AREA' };

export type DraftEmitted =
  /** Forward to the modals machine as OPEN. */
  | { type: 'modal'; modal: ModalRequest }
  /** Forward to the router. */
  | { type: 'navigate'; to: string; replace: boolean }
  /** Forward to the enrolment machine as COMPLETE_STEP, with the draft as saved (it may resolve a warning). */
  | { type: 'stepCompleted'; step: SaveStep; request: DraftData }
  /** Forward to the enrolment machine as RECHECK. */
  | { type: 'recheck'; request: DraftData; forcedStep: StepName | null }
  /** A new draft starts: forward to the enrolment machine as RESET. */
  | { type: 'resetSteps' }
  /** Forward to the enrolment machine as SUBMITTED. */
  | { type: 'submitted'; request: SuapRequest }
  /** Page load: the tab held no draft and the process entry was not opened: nothing is open. */
  | { type: 'nothingToReopen' }
  /** Reload the reference data (lists and configuration). */
  | { type: 'reloadReferenceData' }
  /** Default of the `persistDraft` action: write `value` to session storage under `key`. */
  | { type: 'persistDraft'; key: string; value: string }
  /** Default of the `clearPersistedDraft` action: remove `key` from session storage. */
  | { type: 'clearPersistedDraft'; key: string };

/** Input of the `listDrafts` actor: whose requests to list (its output: all of them, every state and service). */
export interface ListDraftsInput {
  userId: number;
}

export interface UpdateRequestInput {
  request: RequestWrite;
}
