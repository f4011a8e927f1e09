// Implementations of the draft machine (machines/draft.ts holds the state chart): the side effects
// the app provides, the guards, and the actions. Kept apart so each file stays readable.
import { assign, emit, enqueueActions, setup } from 'xstate';
import type { RequestWrite, SuapRequest } from '#shared/api/requests.ts';
import { failureStatusOf, isForbiddenFailure, isStaleVersion } from '#shared/api/failure.ts';
import { Timings } from '#shared/constants.ts';
import { stepUrl, type StepName } from '../enrolment/steps.ts';
import type { ModalRequest } from '../modals.ts';
import { notProvided } from '../support/not-provided.ts';
import {
  DRAFT_STORAGE_KEY,
  draftsOfService,
  draftUpdatedModal,
  encodeDraft,
  exitPath,
  findExistingDraft,
  isStartupProcess,
  mergeChanges,
  newDraft,
  requireDraft,
  isDraftGoneFailure,
  saveErrorModalFor,
  sessionCopy,
} from './rules.ts';
import type { DraftContext, DraftData, DraftEmitted, DraftEvent, DraftInput, ListDraftsInput, UpdateRequestInput } from './types.ts';

type Target = NonNullable<DraftContext['target']>;

export const draftSetup = setup({
  types: {
    context: {} as DraftContext,
    events: {} as DraftEvent,
    emitted: {} as DraftEmitted,
    input: {} as DraftInput,
    tags: {} as 'busy',
  },
  delays: {
    saveAndExit: Timings.saveAndExit,
  },
  actors: {
    /** Reads session storage under `key`; resolves the stored string or null. */
    loadPersistedDraft: notProvided<string | null, { key: string }>('draft', 'loadPersistedDraft'),
    /** The user's requests, every state and service (GET request/list); rejects on any failure. */
    listDrafts: notProvided<readonly SuapRequest[], ListDraftsInput>('draft', 'listDrafts'),
    createRequest: notProvided<SuapRequest, RequestWrite>('draft', 'createRequest'),
    /** Rejects with an ApiFailure; 409 with errorKey 'stale-version' when `version` is not the latest. */
    updateRequest: notProvided<SuapRequest, UpdateRequestInput>('draft', 'updateRequest'),
    retrieveRequest: notProvided<SuapRequest, { requestId: number }>('draft', 'retrieveRequest'),
    deleteRequest: notProvided<void, { requestId: number }>('draft', 'deleteRequest'),
  },
  guards: {
    isExistingDraft: (_, params: { draft: DraftData | null }) => Boolean(params.draft?.requestId),
    isNewDraft: (_, params: { draft: DraftData | null }) => params.draft !== null && !params.draft.requestId,
    isResume: (_, params: { requestId: number | null }) => params.requestId !== null,
    hasDraftOfService: ({ context }, params: { requests: readonly SuapRequest[] }) => findExistingDraft(params.requests, context.typeOfServiceId) !== null,
    isStartRequested: ({ context }) => context.startRequested,
    hasRequestId: ({ context }) => Boolean(context.draft?.requestId),
    allRequiredAttached: ({ context }) => context.documentsComplete,
    hasDraft: ({ context }) => context.draft !== null,
    isNotCreated: ({ context }) => !context.draft?.requestId,
    // Only a draft the server has can have changed elsewhere (a create carries no version). Reads
    // the error event itself so one onError list serves every save invoke.
    isStaleVersion: ({ context, event }) => Boolean(context.draft?.requestId) && isStaleVersion((event as { error?: unknown }).error),
    isForbidden: ({ event }) => isForbiddenFailure((event as { error?: unknown }).error),
    isDraftGone: ({ context, event }) => Boolean(context.draft?.requestId) && isDraftGoneFailure((event as { error?: unknown }).error),
  },
  actions: {
    startProcess: assign(({ context }, params: Pick<Extract<DraftEvent, { type: 'ENTER' }>, 'user' | 'selectedSuap'>) => ({
      user: params.user,
      selectedSuap: params.selectedSuap === undefined ? context.selectedSuap : params.selectedSuap,
      sent: null,
      retrieveStatus: null,
    })),
    rememberStart: assign({ startRequested: true }),
    forgetStart: assign({ startRequested: false }),
    offerFound: assign(({ context }, params: { requests: readonly SuapRequest[] }) => ({
      found: findExistingDraft(params.requests, context.typeOfServiceId),
      otherDrafts: Math.max(draftsOfService(params.requests, context.typeOfServiceId).length - 1, 0),
    })),
    startNewDraft: assign(({ context }) => ({ draft: newDraft(context), found: null, otherDrafts: 0 })),
    setDraft: assign((_, params: { draft: DraftData }) => ({ draft: params.draft, retrieveStatus: null })),
    mergeChanges: assign(({ context }, params: { changes: Partial<DraftData> | undefined }) => ({
      draft: context.draft ? mergeChanges(context.draft, params.changes) : null,
      savedNotice: false,
    })),
    setTarget: assign((_, params: Target) => ({ target: { requestId: params.requestId, forcedStep: params.forcedStep } })),
    rememberSave: assign((_, params: NonNullable<DraftContext['pendingSave']>) => ({ pendingSave: params, savedNotice: false })),
    forgetSave: assign({ pendingSave: null }),
    // 999 "Generic Error", or the refusal (403) so the step says "not allowed" (docs/architecture.md "The citizen's journey with real data").
    setRetrieveFailed: assign(({ event }) => ({ retrieveStatus: failureStatusOf((event as { error?: unknown }).error ?? null) })),
    clearDraft: assign({ draft: null, pendingSave: null, target: null, found: null, otherDrafts: 0, savedNotice: false }),
    setSent: assign((_, params: { request: SuapRequest }) => ({ sent: params.request, draft: null, pendingSave: null })),
    forgetTarget: assign({ target: null }),
    setDocumentsComplete: assign((_, params: { complete: boolean }) => ({ documentsComplete: params.complete })),
    rememberAbortOpener: assign((_, params: { openerId: string | null }) => ({ abortOpenerId: params.openerId })),
    // Named actions for the session copy: the default emits the write for the app to perform; the app
    // may instead provide its own `persistDraft` / `clearPersistedDraft` implementations.
    persistDraft: emit(({ context }) => {
      const copy = sessionCopy(context.draft);
      if (!copy) throw new Error('draft: nothing to persist');
      return { type: 'persistDraft' as const, key: DRAFT_STORAGE_KEY, value: encodeDraft(copy) };
    }),
    clearPersistedDraft: emit({ type: 'clearPersistedDraft', key: DRAFT_STORAGE_KEY }),
    emitModal: emit((_, params: { modal: ModalRequest }) => ({ type: 'modal' as const, modal: params.modal })),
    // The save-draft error, in the server's words when it named the reason.
    emitSaveError: emit(({ event }) => ({ type: 'modal' as const, modal: saveErrorModalFor((event as { error?: unknown }).error) })),
    emitNavigate: emit((_, params: { to: string; replace: boolean }) => ({ type: 'navigate' as const, ...params })),
    emitExit: emit(({ context }) => ({ type: 'navigate' as const, to: exitPath(context.typeOfServiceId), replace: false })),
    emitResetSteps: emit({ type: 'resetSteps' }),
    emitNothingToReopen: emit({ type: 'nothingToReopen' }),
    // Replace: the process entry path would only look for drafts again on "back".
    navigateToStart: emit({ type: 'navigate', to: stepUrl('initial-summary'), replace: true }),
    emitRecheck: emit(({ context }, params: { forcedStep: StepName | null }) => ({
      type: 'recheck' as const,
      request: requireDraft(context),
      forcedStep: params.forcedStep,
    })),
    emitSubmitted: emit((_, params: { request: SuapRequest }) => ({ type: 'submitted' as const, request: params.request })),
    // Spec §4 "Draft save": a completing save completes the step; any other save of the startup
    // process says "draft updated"; notification contacts also reload the reference data. The spec's
    // "the request list is reloaded" kept the old app's cached list fresh: this machine keeps none, it
    // lists the drafts afresh (listDrafts) each time the process is entered.
    announceSave: enqueueActions(({ context, enqueue }) => {
      const save = context.pendingSave;
      if (save?.complete && context.draft) enqueue.emit({ type: 'stepCompleted', step: save.step, request: context.draft });
      else if (isStartupProcess(context.typeOfServiceId)) {
        // "save draft" confirms with a status message, not a dialog, so the person
        // stays where they were; save-and-exit (no step save pending) leaves the page, so it keeps
        // the dialog, which outlives the navigation.
        if (save) enqueue.assign({ savedNotice: true });
        else enqueue.emit({ type: 'modal', modal: draftUpdatedModal });
      }
      if (save?.step === 'notification-contacts') enqueue.emit({ type: 'reloadReferenceData' });
    }),
  },
});
