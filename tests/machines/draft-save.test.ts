// Spec §4 "Draft save" and "Draft actions", §8 save and retrieve failures: one example per rule,
// driven by hand on the pure draft machine.
import { describe, expect, it } from 'vitest';
import { selectIsStale, selectRetrieveStatus, selectSentRequest } from '#machines/draft.ts';
import { decodeDraft, encodeDraft } from '#machines/draft/rules.ts';
import type { SaveStep } from '#machines/draft/types.ts';
import {
  conflictFailure,
  contact,
  createdDraft,
  completeDraft,
  initiative,
  office,
  personalData,
  rateLimitedFailure,
  requestUser,
  sentRequest,
  serverFailure,
  staleFailure,
  updatedDraft,
} from './fixtures/requests.ts';
import { enter, lifecycleOf, loaded, newDraftOpen, savedDraftOpen } from './fixtures/draft-drivers.ts';

const persisted = (draft: Awaited<ReturnType<typeof loaded>>) => draft.emittedOf('persistDraft').map((event) => decodeDraft(event.value as string));

describe('draft save', () => {
  it('on notification contacts creates the draft when it has no requestId, and completes the step', async () => {
    const draft = await newDraftOpen();
    draft.actor.send({ type: 'SAVE', step: 'notification-contacts', complete: true, changes: { procedureNotification: contact } });
    expect(draft.inputOf('createRequest')).toEqual({
      typeOfService: { typeOfServiceId: 1 },
      stateOfRequest: { stateOfRequestId: 1 },
      suap: null,
      user: requestUser,
      procedureNotification: contact,
    });
    await draft.release('createRequest', createdDraft);
    expect(draft.emittedOf('stepCompleted')).toEqual([{ type: 'stepCompleted', step: 'notification-contacts', request: createdDraft }]);
    expect(draft.emittedOf('reloadReferenceData')).toHaveLength(1);
    expect(draft.emittedOf('modal')).toEqual([]);
    expect(draft.snapshot().context.draft).toEqual(createdDraft);
  });

  it('on notification contacts updates the draft when it has a requestId', async () => {
    const draft = await savedDraftOpen(createdDraft);
    draft.actor.send({
      type: 'SAVE',
      step: 'notification-contacts',
      complete: true,
      changes: { procedureNotification: { type: 2, value: 'pec@pec.example.org' } },
    });
    expect(draft.inputOf('createRequest')).toBeUndefined();
    expect(draft.inputOf('updateRequest')).toEqual({ request: { ...createdDraft, procedureNotification: { type: 2, value: 'pec@pec.example.org' } } });
  });

  it.each<SaveStep>(['select-initiative', 'personal-data', 'request-summary'])('on %s updates, with the version it was loaded at', async (step) => {
    const draft = await savedDraftOpen(createdDraft);
    draft.actor.send({ type: 'SAVE', step, complete: true, changes: { suap: office, iniziative: initiative } });
    expect(draft.inputOf('updateRequest')).toEqual({ request: expect.objectContaining({ requestId: 7, version: 1, suap: office, iniziative: initiative }) });
    await draft.release('updateRequest', updatedDraft);
    expect(draft.emittedOf('stepCompleted')).toEqual([{ type: 'stepCompleted', step, request: updatedDraft }]);
    expect(draft.emittedOf('reloadReferenceData')).toEqual([]);
  });

  it('a save that does not complete the step says "draft saved" as a status, not a dialog (startup process)', async () => {
    const draft = await savedDraftOpen(createdDraft);
    draft.actor.send({ type: 'SAVE', step: 'personal-data', complete: false, changes: { personalData } });
    await draft.release('updateRequest', completeDraft);
    expect(draft.emittedOf('stepCompleted')).toEqual([]);
    expect(draft.emittedOf('modal')).toEqual([]);
    expect(draft.snapshot().context.savedNotice).toBe(true);
    // The next change or save ends the notice.
    draft.actor.send({ type: 'CHANGE', changes: { partitaIva: '01234567890' } });
    expect(draft.snapshot().context.savedNotice).toBe(false);
  });

  it('another service type gets no "draft saved" notice', async () => {
    const draft = await newDraftOpen({ typeOfServiceId: 2 });
    draft.actor.send({ type: 'SAVE', step: 'notification-contacts', complete: false, changes: { procedureNotification: contact } });
    await draft.release('createRequest', createdDraft);
    expect(draft.snapshot().context.savedNotice).toBe(false);
    expect(draft.emittedOf('modal')).toEqual([]);
    expect(draft.emittedOf('reloadReferenceData')).toHaveLength(1);
  });

  it('a failed save shows the save-draft error modal and keeps what the user typed', async () => {
    const draft = await newDraftOpen();
    draft.actor.send({ type: 'SAVE', step: 'notification-contacts', complete: true, changes: { procedureNotification: contact } });
    await draft.fail('createRequest', serverFailure);
    expect(draft.emittedOf('modal')).toEqual([
      {
        type: 'modal',
        modal: { kind: 'alert', type: 'error', titleKey: 'modals.save-draft-error.title', descriptionKey: 'modals.save-draft-error.description' },
      },
    ]);
    expect(draft.snapshot().context.draft?.procedureNotification).toEqual(contact);
    expect(lifecycleOf(draft)).toBe('editing');
  });

  it('a save refused for a named reason says that reason in the catalogue’s words, and keeps the working copy', async () => {
    const draft = await newDraftOpen();
    draft.actor.send({ type: 'SAVE', step: 'notification-contacts', complete: true, changes: { procedureNotification: contact } });
    await draft.fail('createRequest', rateLimitedFailure);
    expect(draft.emittedOf('modal')).toEqual([
      { type: 'modal', modal: { kind: 'alert', type: 'error', titleKey: 'modals.save-draft-error.title', descriptionKey: 'api-errors.too-many-requests' } },
    ]);
    expect(draft.snapshot().context.draft?.procedureNotification).toEqual(contact);
  });

  it('a stale version ends in the reload offer; RELOAD_LATEST refetches, nothing is retried', async () => {
    const draft = await savedDraftOpen(createdDraft);
    draft.actor.send({ type: 'SAVE', step: 'personal-data', complete: true, changes: { personalData } });
    await draft.fail('updateRequest', staleFailure);
    expect(selectIsStale(draft.snapshot())).toBe(true);
    expect(draft.emittedOf('modal')).toEqual([]);
    draft.actor.send({ type: 'SAVE', step: 'personal-data', complete: true });
    expect(draft.gates.calls.filter((call) => call.src === 'updateRequest')).toHaveLength(1);
    draft.actor.send({ type: 'RELOAD_LATEST' });
    expect(draft.inputOf('retrieveRequest')).toEqual({ requestId: 7 });
    await draft.release('retrieveRequest', updatedDraft);
    expect(draft.snapshot().context.draft).toEqual(updatedDraft);
    expect(draft.emittedOf('recheck').at(-1)).toEqual({ type: 'recheck', request: updatedDraft, forcedStep: null });
  });

  it('a 409 for another reason is an ordinary save error', async () => {
    const draft = await savedDraftOpen(createdDraft);
    draft.actor.send({ type: 'SAVE', step: 'personal-data', complete: true, changes: { personalData } });
    await draft.fail('updateRequest', conflictFailure);
    expect(selectIsStale(draft.snapshot())).toBe(false);
    expect(draft.emittedOf('modal').map((event) => event.modal.titleKey)).toEqual(['modals.save-draft-error.title']);
  });
});

describe('sending', () => {
  it('updates to state 3 and goes to the thank page', async () => {
    const draft = await savedDraftOpen();
    draft.actor.send({ type: 'DOCUMENTS_CHANGED', complete: true });
    draft.actor.send({ type: 'SUBMIT' });
    expect(draft.inputOf('submitRequest')).toEqual({ request: { ...completeDraft, stateOfRequest: { stateOfRequestId: 3 } } });
    await draft.release('submitRequest', sentRequest);
    expect(draft.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/thank-page', replace: true }]);
    expect(draft.emittedOf('submitted')).toEqual([{ type: 'submitted', request: sentRequest }]);
    expect(draft.emittedOf('clearPersistedDraft')).toHaveLength(1);
    expect(selectSentRequest(draft.snapshot())).toEqual(sentRequest);
  });

  it('is refused for a draft never saved (the server could not send it)', async () => {
    const draft = await newDraftOpen();
    draft.actor.send({ type: 'DOCUMENTS_CHANGED', complete: true });
    draft.actor.send({ type: 'SUBMIT' });
    expect(lifecycleOf(draft)).toBe('editing');
  });

  it('waits for every required document: nothing is sent until the documents step reports them all attached', async () => {
    const draft = await savedDraftOpen();
    draft.actor.send({ type: 'SUBMIT' });
    expect(lifecycleOf(draft)).toBe('editing');
    draft.actor.send({ type: 'DOCUMENTS_CHANGED', complete: true });
    draft.actor.send({ type: 'DOCUMENTS_CHANGED', complete: false });
    draft.actor.send({ type: 'SUBMIT' });
    expect(draft.gates.calls.filter((call) => call.id === 'submitRequest')).toEqual([]);
    draft.actor.send({ type: 'DOCUMENTS_CHANGED', complete: true });
    draft.actor.send({ type: 'SUBMIT' });
    expect(lifecycleOf(draft)).toBe('submitting');
  });
});

describe('draft actions and the session copy', () => {
  it('keeps a new draft in session storage as base64 of JSON under one key, after every change', async () => {
    const draft = await newDraftOpen();
    draft.actor.send({ type: 'CHANGE', changes: { procedureNotification: contact } });
    const writes = draft.emittedOf('persistDraft');
    expect(new Set(writes.map((event) => event.key))).toEqual(new Set(['suap.draft']));
    expect(JSON.parse(Buffer.from(writes.at(-1)?.value as string, 'base64').toString('utf8'))).toMatchObject({ procedureNotification: contact });
  });

  it('restores a new draft on reload and re-checks the steps against it', async () => {
    const stored = { typeOfService: { typeOfServiceId: 1 }, procedureNotification: { type: 1 as const, value: 'àèìòù@example.org' } };
    const draft = await loaded(encodeDraft(stored));
    expect(draft.snapshot().context.draft).toEqual(stored);
    expect(draft.emittedOf('recheck')).toEqual([{ type: 'recheck', request: stored, forcedStep: null }]);
  });

  it('refetches an existing draft on reload: the server copy wins and becomes the session copy', async () => {
    const draft = await loaded(encodeDraft({ requestId: 7 }));
    expect(draft.inputOf('retrieveRequest')).toEqual({ requestId: 7 });
    await draft.release('retrieveRequest', completeDraft);
    expect(persisted(draft)).toEqual([completeDraft]);
  });

  it('ignores a corrupt session copy', async () => {
    const draft = await loaded('%%%');
    expect(lifecycleOf(draft)).toBe('idle');
    expect(draft.gates.calls.map((call) => call.id)).toEqual(['loadPersistedDraft']);
  });

  it('a failed retrieve gives no data and the 999 Generic Error status (spec §8)', async () => {
    const draft = await loaded();
    draft.actor.send(enter({ requestId: 7 }));
    await draft.fail('retrieveRequest', serverFailure);
    expect(draft.snapshot().context.draft).toBeNull();
    expect(selectRetrieveStatus(draft.snapshot())).toEqual({ code: 999, message: 'Generic Error', description: 'Generic Error' });
  });
});
