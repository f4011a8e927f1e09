// Spec §4 "Draft save", "Draft actions" and "Abort, draft found, draft delete": the working copy of
// the citizen's request, its session copy, and every call that creates, reads, updates or deletes it.
// Deleting a draft from the private area is the draftDeletion machine's (./draft-deletion.ts): this
// machine does not run there (the startup mount owns it), and a draft deleted meanwhile is found
// gone when this machine next fetches it or lists the drafts. Storage, HTTP, the router, the modals and the enrolment
// steps stay outside: the machine calls named actors (./draft/setup.ts) and emits events the app
// forwards (./draft/types.ts has the whole contract). The states that open a draft are in
// ./draft/opening.ts, those that save or leave it in ./draft/saving.ts.
import { and, type SnapshotFrom } from 'xstate';
import type { SuapRequest } from '#shared/api/requests.ts';
import { STARTUP_SERVICE_TYPE_ID } from '#shared/constants.ts';
import { confirmingDiscard, discarding, draftFound, idle, lookingForDrafts, restoring, resume, retrieving } from './draft/opening.ts';
import { aborting, gone, saving, stale, submitted, submitting } from './draft/saving.ts';
import { draftSetup } from './draft/setup.ts';
import type { DraftData } from './draft/types.ts';
import type { MachineInfo } from './support/machine-info.ts';

export const draftMachine = draftSetup.createMachine({
  id: 'draft',
  description: 'The open draft and its session copy.',
  initial: 'running',
  context: ({ input }) => ({
    typeOfServiceId: input.typeOfServiceId ?? STARTUP_SERVICE_TYPE_ID,
    user: input.user ?? null,
    selectedSuap: input.selectedSuap ?? null,
    draft: null,
    found: null,
    otherDrafts: 0,
    target: null,
    startRequested: false,
    pendingSave: null,
    savedNotice: false,
    retrieveStatus: null,
    sent: null,
    abortOpenerId: null,
    documentsComplete: false,
  }),
  states: {
    running: {
      // One region: `running.lifecycle` stays the name screens and tests use for the draft's states.
      description: 'The draft machine at work.',
      initial: 'lifecycle',
      on: {
        // The documents step reports each change (docs/architecture.md "Documents in the wizard").
        DOCUMENTS_CHANGED: { actions: { type: 'setDocumentsComplete', params: ({ event }) => ({ complete: event.complete }) } },
      },
      states: {
        lifecycle: {
          description: 'The draft open in the startup process.',
          initial: 'restoring',
          states: {
            restoring,
            idle,
            lookingForDrafts,
            draftFound,
            confirmingDiscard,
            discarding,
            retrieving,
            editing: {
              description: 'A draft is open; step pages change and save it.',
              on: {
                // Coming back to the process entry with a draft open: the steps are recomputed from it
                // (or the request the entry names is fetched instead).
                ENTER: [resume, { actions: { type: 'emitRecheck', params: { forcedStep: null } } }],
                CHANGE: { actions: [{ type: 'mergeChanges', params: ({ event }) => ({ changes: event.changes }) }, 'persistDraft'] },
                SAVE: {
                  target: 'saving',
                  actions: [
                    { type: 'mergeChanges', params: ({ event }) => ({ changes: event.changes }) },
                    { type: 'rememberSave', params: ({ event }) => ({ step: event.step, complete: event.complete }) },
                    'persistDraft',
                  ],
                },
                SUBMIT: { guard: and(['hasRequestId', 'allRequiredAttached']), target: 'submitting' },
                ABORT: { target: 'aborting', actions: { type: 'rememberAbortOpener', params: ({ event }) => ({ openerId: event.openerId ?? null }) } },
              },
            },
            saving,
            submitting,
            submitted,
            stale,
            gone,
            aborting,
          },
        },
      },
    },
  },
});

type DraftSnapshot = SnapshotFrom<typeof draftMachine>;

export function selectDraft(snapshot: DraftSnapshot): DraftData | null {
  return snapshot.context.draft;
}

/** The save was refused as stale: the screen offers RELOAD_LATEST. */
export function selectIsStale(snapshot: DraftSnapshot): boolean {
  return snapshot.matches({ running: { lifecycle: 'stale' } });
}

/** "draft saved" as a status message next to the button (no dialog, focus stays). */
export function selectSavedNotice(snapshot: DraftSnapshot): boolean {
  return snapshot.context.savedNotice;
}

/** When the draft the "draft saved" notice is about was saved: the server's `updatedOn`, while the notice shows. */
export function selectSavedAt(snapshot: DraftSnapshot): string | null {
  const updatedOn = snapshot.context.savedNotice ? snapshot.context.draft?.updatedOn : undefined;
  return typeof updatedOn === 'string' ? updatedOn : null;
}

/** A call is in flight (buttons disabled). */
export function selectIsBusy(snapshot: DraftSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** Spec §8 retrieve failure: show the retrieve-error callout when set. */
export function selectRetrieveStatus(snapshot: DraftSnapshot) {
  return snapshot.context.retrieveStatus;
}

export function selectSentRequest(snapshot: DraftSnapshot): SuapRequest | null {
  return snapshot.context.sent;
}

export const draftMachineInfo: MachineInfo<typeof draftMachine> = {
  id: 'draft',
  machine: draftMachine,
  title: 'Draft of a request',
  purpose:
    'Keeps the request the citizen is filling in and every exchange with the server about it. When the ' +
    'startup process begins and the citizen already has a draft, a dialog names the latest one (number, office, ' +
    'last change) and offers to reopen it, to delete it and start again, or to keep it and start another request ' +
    '(one entrepreneur, two shops); with more drafts it links to the private area, which lists them all; otherwise a new draft starts with the citizen and any office chosen before. Each ' +
    'step page saves the draft: the first save creates it on the server, later ones update it; a save ' +
    'with "continue" completes the step, any other save says "draft saved" in a status message next to the ' +
    'button (no dialog). If the draft was changed ' +
    'elsewhere meanwhile, the save is refused and the citizen is offered to reload the latest version: ' +
    'nothing is overwritten silently. If it was deleted elsewhere, the citizen is told so and offered a new ' +
    'request or the private area. Sending the request leads to the thank-you page. Aborting offers ' +
    '"save and exit" for a saved draft (it saves, then leaves after half a second) or "back to the form" ' +
    'for a new one. A new, never saved draft survives a page reload in the browser tab; a saved one is ' +
    'fetched again. The request is sent only when the documents step reports every required document attached.',
  guards: {
    isExistingDraft: 'The copy found in the tab is of a draft the server has (it has a request number).',
    isNewDraft: 'The copy found in the tab is of a new draft, never saved.',
    isResume: 'The process entry names a request to reopen (?requestId=, the private area’s "resume"): it is fetched, whatever the tab’s copy holds.',
    hasDraftOfService: 'The citizen’s request list holds a draft of this service (sent requests and other services’ drafts do not count).',
    isStartRequested: 'The process entry (naming no request) was opened while the tab’s copy was still being read.',
    hasRequestId: 'The open draft is saved on the server (it has a request number).',
    allRequiredAttached: 'The documents step last reported every document the request requires as attached (the server checks again at send).',
    hasDraft: 'A draft is open.',
    isNotCreated: 'The open draft is not on the server yet: the save creates it.',
    isStaleVersion: 'The server refused the save because the draft was changed elsewhere meanwhile.',
    isForbidden: 'The server refused the save (403): the person may not change this request, so trying again cannot help.',
    isDraftGone: 'The server does not have the saved draft any more (404): it was deleted in another tab or window.',
  },
  actions: {
    startProcess: 'Keeps the citizen and the office chosen earlier for a new draft.',
    rememberStart: 'Remembers that the process entry was opened.',
    forgetStart: 'Forgets that the process entry was opened.',
    offerFound: 'Picks the draft to offer from the request list: the latest draft of this service.',
    startNewDraft: 'Opens a new draft with the citizen and the office chosen earlier.',
    setDraft: 'Takes the server’s copy as the open draft.',
    mergeChanges: 'Puts what the citizen typed into the open draft (and ends the "draft saved" notice).',
    setTarget: 'Remembers which request to fetch, and on which step to open it.',
    rememberSave: 'Remembers the save in flight: its step and whether it completes the step.',
    forgetSave: 'Forgets the save in flight.',
    setRetrieveFailed: 'Records that the request could not be fetched (the "data not available" notice).',
    clearDraft: 'Closes the open draft.',
    setSent: 'Keeps the request just sent (the thank-you page shows it) and closes the draft.',
    forgetTarget: 'Forgets which request to fetch.',
    setDocumentsComplete: 'Keeps whether every required document is attached, as the documents step reports it.',
    rememberAbortOpener: 'Remembers the control "abort" was asked from, for the confirmation to give focus back to.',
    persistDraft: 'Writes the open draft to the tab’s storage (the app performs the write).',
    clearPersistedDraft: 'Removes the draft from the tab’s storage.',
    emitModal: 'Shows a dialog (draft found, delete confirmation, errors, "draft updated").',
    emitSaveError: {
      says: 'Shows the save-draft error; its text is the reason the server named (too many requests, a field that may not change…) when there is one.',
      messages: ['modals.save-draft-error.title', 'modals.save-draft-error.description', 'api-errors.*'],
    },
    emitNavigate: { says: 'Sends the citizen to a page.', page: '/startup/thank-page' },
    emitExit: { says: 'Leaves the process.', page: 'the service page (/startup-service) for the startup process, else home (/)' },
    emitResetSteps: 'Tells the steps to start over (a new draft).',
    emitNothingToReopen: 'Says that the page load found no draft to reopen (a step page opened this way goes to the process entry).',
    navigateToStart: { says: 'Opens the first step of a new draft.', page: '/startup/initial-summary' },
    emitRecheck: 'Asks the steps to recompute their statuses from the draft (RECHECK).',
    emitSubmitted: 'Tells the steps the request was sent.',
    announceSave: 'After a save: "continue" completes the step; "save draft" shows the "draft saved" notice.',
  },
};
