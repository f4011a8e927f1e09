// Draft machine (spec §4 "Draft save", "Draft actions", "Abort, draft found, draft delete"): every
// model path replayed on the pure machine with the invariants below. Example tests per rule:
// draft-flows.test.ts; the pure rules: draft-rules.test.ts.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { draftMachine, selectIsBusy, selectIsStale } from '#machines/draft.ts';
import {
  decodeDraft,
  DraftMessages,
  draftsOfService,
  encodeDraft,
  findExistingDraft,
  isDraftGoneFailure,
  newDraft,
  saveErrorModalFor,
  sessionCopy,
} from '#machines/draft/rules.ts';
import type { DraftEmitted } from '#machines/draft/types.ts';
import type { RequestWrite, SuapRequest } from '#shared/api/requests.ts';
import { isForbiddenFailure, isStaleVersion } from '#shared/api/failure.ts';
import { draftModel } from './models/draft.model.ts';
import { defineModelSuite } from './support/harness.ts';
import type { StepCheck } from './support/runner.ts';

type Check = StepCheck<typeof draftMachine>;

const of = <T extends DraftEmitted['type']>(emitted: readonly AnyEventObject[], type: T) =>
  (emitted as DraftEmitted[]).filter((event): event is Extract<DraftEmitted, { type: T }> => event.type === type);
const modalKeys = (emitted: readonly AnyEventObject[]) => of(emitted, 'modal').map((event) => event.modal.titleKey);
const SAVE_INVOKES = ['createRequest', 'updateRequest', 'submitRequest', 'saveBeforeExit'];
const isGone = (snapshot: Check['after'] | null | undefined) => snapshot?.matches({ running: { lifecycle: 'gone' } }) ?? false;
const errorOf = ({ event }: Check) => (event as { error?: unknown }).error;
const invokeOf = ({ event }: Check, kind: 'done' | 'error') =>
  event.type.startsWith(`xstate.${kind}.actor.`) ? event.type.slice(`xstate.${kind}.actor.`.length) : null;
const BUSY = ['restoring', 'lookingForDrafts', 'discarding', 'retrieving', 'saving', 'submitting', { aborting: 'savingBeforeExit' }] as const;
/** The request list the machine just got: the output of listDrafts, or none when it failed (spec §8). */
const listedRequests = ({ event }: Check): readonly SuapRequest[] | null => {
  if (event.type === 'xstate.done.actor.listDrafts') return (event as unknown as { output: readonly SuapRequest[] }).output;
  return event.type === 'xstate.error.actor.listDrafts' ? [] : null;
};

defineModelSuite(draftModel, {
  'a stale 409 never silently overwrites: it always ends in the reload-offer state, with the local copy kept': (check) => {
    const failed = invokeOf(check, 'error');
    if (!failed || !SAVE_INVOKES.includes(failed) || !isStaleVersion(errorOf(check))) return;
    if (!check.before?.context.draft?.requestId) return; // a create carries no version: not a stale refusal
    expect(selectIsStale(check.after)).toBe(true);
    expect(check.after.context.draft).toEqual(check.before.context.draft);
    expect(check.calls).toEqual([]);
    expect(check.emitted).toEqual([]);
  },
  'the reload offer is left only by reloading the latest version, aborting, or closing': ({ before, event, after }) => {
    if (!before || !selectIsStale(before) || selectIsStale(after)) return;
    expect(['RELOAD_LATEST', 'ABORT', 'CLEAR']).toContain(event.type);
  },
  'updates carry the id and the version the working copy was loaded at; creates carry no id': ({ before, calls }) => {
    for (const call of calls) {
      if (call.src === 'updateRequest') {
        const request = (call.input as { request: RequestWrite }).request;
        expect(request.requestId).toBeTruthy();
        expect(request.requestId).toBe(before?.context.draft?.requestId);
        expect(request.version).toBe(before?.context.draft?.version);
      }
      if (call.src === 'createRequest') expect((call.input as RequestWrite).requestId).toBeUndefined();
    }
  },
  'the session copy follows the draft: a new draft whole, a saved one by id, none when closed': ({ index, before, after, emitted }) => {
    const writes = (emitted as DraftEmitted[]).filter((event) => event.type === 'persistDraft' || event.type === 'clearPersistedDraft');
    const now = sessionCopy(after.context.draft);
    const last = writes.at(-1);
    if (last) {
      expect(last.key).toBe('suap.draft');
      expect(last.type === 'persistDraft' ? decodeDraft(last.value) : null).toEqual(now);
    }
    const changed = index > 0 && JSON.stringify(sessionCopy(before?.context.draft ?? null)) !== JSON.stringify(now);
    if (changed) expect(writes.length).toBeGreaterThan(0);
  },
  'a finished save completes its step, or says "draft saved"; contacts reload reference data': (check) => {
    const done = invokeOf(check, 'done');
    const save = check.before?.context.pendingSave;
    if ((done !== 'createRequest' && done !== 'updateRequest') || !save) {
      expect(of(check.emitted, 'stepCompleted')).toEqual([]);
      expect(of(check.emitted, 'reloadReferenceData')).toEqual([]);
      return;
    }
    expect(of(check.emitted, 'stepCompleted')).toEqual(save.complete ? [{ type: 'stepCompleted', step: save.step, request: check.after.context.draft }] : []);
    expect(modalKeys(check.emitted)).toEqual([]);
    expect(check.after.context.savedNotice).toBe(!save.complete && check.after.context.typeOfServiceId === 1);
    expect(of(check.emitted, 'reloadReferenceData')).toHaveLength(save.step === 'notification-contacts' ? 1 : 0);
    expect(check.after.matches({ running: { lifecycle: 'editing' } })).toBe(true);
    expect(check.after.context.draft?.requestId).toBeTruthy();
  },
  'a refused save (403) says "you cannot save this request", never "try again", and keeps the working copy': (check) => {
    const failed = invokeOf(check, 'error');
    const refusal = of(check.emitted, 'modal').filter((event) => event.modal.titleKey === DraftMessages.saveForbiddenTitle);
    if (!failed || !SAVE_INVOKES.includes(failed) || !isForbiddenFailure((check.event as { error?: unknown }).error)) {
      expect(refusal).toEqual([]);
      return;
    }
    expect(refusal.map((event) => event.modal.descriptionKey)).toEqual([DraftMessages.saveForbiddenDescription]);
    expect(of(check.emitted, 'modal').filter((event) => event.modal.titleKey === DraftMessages.saveErrorTitle)).toEqual([]);
    expect(check.after.matches({ running: { lifecycle: 'editing' } })).toBe(true);
    expect(check.after.context.draft).toEqual(check.before?.context.draft);
  },
  'any other failed save shows the save-draft error and keeps the working copy': (check) => {
    const failed = invokeOf(check, 'error');
    const errorModal = of(check.emitted, 'modal').filter((event) => event.modal.titleKey === DraftMessages.saveErrorTitle);
    if (
      !failed ||
      !SAVE_INVOKES.includes(failed) ||
      selectIsStale(check.after) ||
      isForbiddenFailure((check.event as { error?: unknown }).error) ||
      isGone(check.after)
    ) {
      expect(errorModal).toEqual([]);
      return;
    }
    // The server's named reason in the catalogue's words, else the save-draft error's own text.
    expect(errorModal.map((event) => event.modal.descriptionKey)).toEqual([saveErrorModalFor((check.event as { error?: unknown }).error).descriptionKey]);
    expect(check.after.matches({ running: { lifecycle: 'editing' } })).toBe(true);
    expect(check.after.context.draft).toEqual(check.before?.context.draft);
  },
  'a saved draft found deleted elsewhere (404) says so, once, and keeps the working copy until the person chooses': (check) => {
    const failed = invokeOf(check, 'error');
    const gone = failed !== null && SAVE_INVOKES.includes(failed) && isDraftGoneFailure((check.event as { error?: unknown }).error);
    const shown = of(check.emitted, 'modal').filter((event) => event.modal.kind === 'draftGone');
    if (gone) {
      expect(check.before?.context.draft?.requestId).toBeTruthy();
      expect(isGone(check.after)).toBe(true);
      expect(shown).toHaveLength(1);
      expect(check.after.context.draft).toEqual(check.before?.context.draft);
    } else if (!isGone(check.before) || !['SAVE', 'SUBMIT'].includes(check.event.type)) {
      expect(shown).toEqual([]);
    }
    // Its two ways on: a new draft from the first step, or the private area with nothing kept.
    if (!isGone(check.before)) return;
    if (check.event.type === 'START_NEW') expect(check.after.context.draft?.requestId).toBeUndefined();
    if (check.event.type === 'GO_TO_PRIVATE_AREA') {
      expect(check.after.context.draft).toBeNull();
      expect(of(check.emitted, 'navigate').map((event) => event.to)).toEqual(['/private-area']);
    }
  },
  'the draft-found modal shows exactly when the process starts and a draft of it exists': (check) => {
    const { before, after, emitted } = check;
    const shown = of(emitted, 'modal').filter((event) => event.modal.kind === 'draftFound');
    const entered = after.matches({ running: { lifecycle: 'draftFound' } }) && !before?.matches({ running: { lifecycle: 'draftFound' } });
    expect(shown).toHaveLength(entered ? 1 : 0);
    if (entered) expect(after.context.found).not.toBeNull();
    // The list decides: a draft of this service offers the latest one, anything else starts a new draft.
    const listed = listedRequests(check);
    if (listed === null) return;
    const existing = findExistingDraft(listed, after.context.typeOfServiceId);
    expect(after.context.found).toEqual(existing);
    // It names the draft it offers, and counts the others (the private area lists them).
    if (existing) {
      expect(shown.map((event) => event.modal.values)).toEqual([
        { requestId: existing.requestId, office: existing.suap?.name ?? '', updatedOn: existing.updatedOn, others: draftsOfService(listed, 1).length - 1 },
      ]);
    }
    expect(after.matches({ running: { lifecycle: existing ? 'draftFound' : 'editing' } })).toBe(true);
  },
  'the drafts are listed for the user in context, only when the process is entered without a request': ({ event, before, after, calls }) => {
    const lists = calls.filter((call) => call.src === 'listDrafts');
    for (const call of lists) expect(call.input).toEqual({ userId: after.context.user?.userId });
    if (lists.length === 0) return;
    const entering = event.type === 'ENTER' && (event as { requestId?: unknown }).requestId === null;
    const afterReading = event.type.startsWith('xstate.') && event.type.endsWith('.loadPersistedDraft') && Boolean(before?.context.startRequested);
    expect(entering || afterReading).toBe(true);
  },
  'an entry naming a request fetches that request, whatever the state that took it': ({ event, after, calls }) => {
    if (event.type !== 'ENTER' || (event as { requestId?: unknown }).requestId === null) return;
    const requestId = (event as unknown as { requestId: number }).requestId;
    expect(after.matches({ running: { lifecycle: 'retrieving' } })).toBe(true);
    expect(calls.map((call) => [call.src, call.input])).toEqual([['retrieveRequest', { requestId }]]);
  },
  'the abort modal offers save-and-exit for a saved draft, back-to-form for a new one': ({ after, emitted }) => {
    for (const { modal } of of(emitted, 'modal').filter((event) => event.modal.kind === 'requestAbort')) {
      expect(modal.values?.action).toBe(after.context.draft?.requestId ? 'save-and-exit' : 'back-to-form');
    }
  },
  'navigations: thank page after sending, initial summary for a new draft, the service page when leaving, the private area from a deleted draft; nothing else':
    ({ event, emitted }) => {
      const leaving = event.type === 'CONFIRM_ABORT' || event.type === 'CANCEL' || event.type.startsWith('xstate.after.saveAndExit');
      const expected = [
        ...(event.type === 'xstate.done.actor.submitRequest' ? ['/startup/thank-page'] : []),
        ...(leaving ? ['/startup-service'] : []),
        ...(event.type === 'GO_TO_PRIVATE_AREA' ? ['/private-area'] : []),
        ...(of(emitted, 'resetSteps').length ? ['/startup/initial-summary'] : []),
      ];
      expect(of(emitted, 'navigate').map((navigation) => navigation.to)).toEqual(expected);
    },
  'a new draft starts (steps reset) exactly when the process found no draft of its own, or the open one was deleted elsewhere': (check) => {
    const { before, after, emitted, event } = check;
    const started = before !== null && (before.context.draft === null || isGone(before)) && after.context.draft !== null;
    const fresh = started && JSON.stringify(after.context.draft) === JSON.stringify(newDraft(after.context));
    expect(of(emitted, 'resetSteps')).toHaveLength(fresh && !before?.matches({ running: { lifecycle: 'restoring' } }) ? 1 : 0);
    if (of(emitted, 'resetSteps').length === 0) return;
    // The list held no draft of this service (or failed), the one found was deleted on request, or
    // the person chose a new request after the open one was deleted elsewhere.
    const listed = listedRequests(check);
    if (listed !== null) expect(findExistingDraft(listed, after.context.typeOfServiceId)).toBeNull();
    else expect(['xstate.done.actor.deleteFoundDraft', 'START_NEW', 'KEEP_AND_START_NEW']).toContain(event.type);
  },
  'keeping the draft found deletes nothing and starts a new request beside it; the link to the private area keeps every draft too': ({
    before,
    event,
    after,
    calls,
  }) => {
    if (!before?.matches({ running: { lifecycle: 'draftFound' } })) return;
    if (event.type !== 'KEEP_AND_START_NEW' && event.type !== 'GO_TO_PRIVATE_AREA') return;
    expect(calls).toEqual([]);
    if (event.type === 'KEEP_AND_START_NEW') {
      expect(after.matches({ running: { lifecycle: 'editing' } })).toBe(true);
      expect(after.context.draft).toEqual(newDraft(after.context));
    } else {
      expect(after.matches({ running: { lifecycle: 'idle' } })).toBe(true);
      expect(after.context.draft).toBeNull();
    }
  },
  'an opened draft is re-checked against the steps, with the draft that is open': ({ event, before, after, emitted }) => {
    const rechecks = of(emitted, 'recheck');
    const opened =
      event.type === 'xstate.done.actor.retrieveRequest' || (event.type === 'xstate.done.actor.loadPersistedDraft' && after.context.draft !== null);
    const reentered =
      event.type === 'ENTER' && (event as { requestId?: unknown }).requestId === null && Boolean(before?.matches({ running: { lifecycle: 'editing' } }));
    expect(rechecks).toHaveLength(opened || reentered ? 1 : 0);
    for (const recheck of rechecks) expect(recheck.request).toBe(after.context.draft);
  },
  'deleting the draft found: success starts a new draft, failure says so and offers the draft again': ({ event, after, emitted }) => {
    if (event.type === 'xstate.done.actor.deleteFoundDraft') expect(after.matches({ running: { lifecycle: 'editing' } })).toBe(true);
    if (event.type !== 'xstate.error.actor.deleteFoundDraft') return;
    expect(modalKeys(emitted)).toEqual([DraftMessages.deleteErrorTitle, DraftMessages.draftFoundTitle]);
    expect(after.matches({ running: { lifecycle: 'draftFound' } })).toBe(true);
  },
  'busy exactly while a call is in flight': ({ after }) => {
    expect(selectIsBusy(after)).toBe(BUSY.some((state) => after.matches({ running: { lifecycle: state } } as never)));
  },
  'a sent request closes the draft and its session copy': ({ event, after, emitted }) => {
    if (event.type !== 'xstate.done.actor.submitRequest') return;
    expect(after.context.draft).toBeNull();
    expect(after.context.sent?.stateOfRequest.stateOfRequestId).toBe(3);
    expect(of(emitted, 'submitted')).toEqual([{ type: 'submitted', request: after.context.sent }]);
    expect(of(emitted, 'clearPersistedDraft')).toHaveLength(1);
  },
  'the encoded session copy round-trips': ({ after }) => {
    const copy = sessionCopy(after.context.draft);
    if (copy) expect(decodeDraft(encodeDraft(copy))).toEqual(copy);
  },
});
