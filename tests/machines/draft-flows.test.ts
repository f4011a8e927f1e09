// Spec §4 "Request states" (a new request), "Abort, draft found, draft delete", the process entry
// (look for a draft, or resume the request ?requestId= names) and §9 timings (save-and-exit 500 ms,
// reload after delete 10 ms): one example per rule on the pure draft machine.
import { describe, expect, it } from 'vitest';
import { Timings } from '#shared/constants.ts';
import { draftMachine, selectIsBusy } from '#machines/draft.ts';
import { encodeDraft } from '#machines/draft/rules.ts';
import {
  completeDraft,
  createdDraft,
  earlierDraft,
  office,
  otherServiceDraft,
  requestUser,
  sentEarlier,
  sentRequest,
  serverFailure,
} from './fixtures/requests.ts';
import { enter, entered, lifecycleOf, loaded, newDraftOpen, savedDraftOpen } from './fixtures/draft-drivers.ts';
import { drive } from './support/drive.ts';

const modalKinds = (draft: Awaited<ReturnType<typeof loaded>>) => draft.emittedOf('modal').map((event) => event.modal.kind);

describe('a new request', () => {
  it('starts as a draft of service type 1 with the logged user and the office chosen earlier', async () => {
    const draft = await entered([], {}, enter({ selectedSuap: office }));
    expect(draft.snapshot().context.draft).toEqual({
      typeOfService: { typeOfServiceId: 1 },
      stateOfRequest: { stateOfRequestId: 1 },
      suap: office,
      user: requestUser,
    });
    expect(draft.emittedOf('resetSteps')).toHaveLength(1);
    expect(draft.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/initial-summary', replace: true }]);
  });

  it("lists the logged user's requests before deciding, and waits for the answer", async () => {
    const draft = await loaded();
    draft.actor.send(enter());
    expect(lifecycleOf(draft)).toBe('lookingForDrafts');
    expect(draft.inputOf('listDrafts')).toEqual({ userId: requestUser.userId });
    expect(selectIsBusy(draft.snapshot())).toBe(true);
    expect(draft.snapshot().context.draft).toBeNull();
  });

  it('starts a new draft when the list fails (spec §8: no data, so no draft known)', async () => {
    const draft = await loaded();
    draft.actor.send(enter());
    await draft.fail('listDrafts', serverFailure);
    expect(lifecycleOf(draft)).toBe('editing');
    expect(draft.snapshot().context.draft).toMatchObject({ typeOfService: { typeOfServiceId: 1 }, user: requestUser });
    expect(draft.emittedOf('modal')).toEqual([]);
    expect(draft.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/initial-summary', replace: true }]);
  });

  it('does not lose an ENTER that arrives while the session copy is still being read', async () => {
    const draft = drive(draftMachine, {});
    draft.actor.send(enter());
    expect(draft.inputOf('listDrafts')).toBeUndefined();
    await draft.release('loadPersistedDraft', null);
    await draft.release('listDrafts', [earlierDraft]);
    expect(lifecycleOf(draft)).toBe('draftFound');
  });

  it('reopens the draft the session copy names when the entry is opened by a reload', async () => {
    const draft = drive(draftMachine, {});
    draft.actor.send(enter());
    await draft.release('loadPersistedDraft', encodeDraft({ requestId: 7 }));
    expect(draft.inputOf('retrieveRequest')).toEqual({ requestId: 7 });
    expect(draft.inputOf('listDrafts')).toBeUndefined();
  });
});

describe('resuming a request (?requestId=, the private area)', () => {
  it('fetches that request instead of looking for drafts', async () => {
    const draft = await loaded();
    draft.actor.send(enter({ requestId: 41 }));
    expect(lifecycleOf(draft)).toBe('retrieving');
    expect(draft.inputOf('listDrafts')).toBeUndefined();
    expect(draft.inputOf('retrieveRequest')).toEqual({ requestId: 41 });
    await draft.release('retrieveRequest', earlierDraft);
    expect(draft.snapshot().context.draft).toEqual(earlierDraft);
    expect(draft.emittedOf('recheck')).toEqual([{ type: 'recheck', request: earlierDraft, forcedStep: null }]);
    expect(draft.emittedOf('modal')).toEqual([]);
  });

  it('fetches it at once when the entry comes while the session copy is read, even if that copy names another draft', async () => {
    const draft = drive(draftMachine, {});
    draft.actor.send(enter({ requestId: 41 }));
    expect(draft.inputOf('retrieveRequest')).toEqual({ requestId: 41 });
    expect(draft.gates.isPending('loadPersistedDraft')).toBe(false);
    await draft.release('retrieveRequest', earlierDraft);
    expect(draft.snapshot().context.draft).toEqual(earlierDraft);
    expect(draft.gates.calls.map((call) => call.id)).toEqual(['loadPersistedDraft', 'retrieveRequest']);
  });

  it('fetches the named request over the draft open, and after a request was sent', async () => {
    const open = await newDraftOpen();
    open.actor.send(enter({ requestId: 41 }));
    expect(open.inputOf('retrieveRequest')).toEqual({ requestId: 41 });
    const sent = await savedDraftOpen(createdDraft);
    sent.actor.send({ type: 'DOCUMENTS_CHANGED', complete: true });
    sent.actor.send({ type: 'SUBMIT' });
    await sent.release('submitRequest', sentRequest);
    sent.actor.send(enter({ requestId: 41 }));
    expect(lifecycleOf(sent)).toBe('retrieving');
  });

  it('coming back to the entry without a request, a draft open is re-checked, not replaced', async () => {
    const draft = await savedDraftOpen(createdDraft);
    draft.actor.send(enter());
    expect(lifecycleOf(draft)).toBe('editing');
    expect(draft.emittedOf('recheck')).toHaveLength(2);
    expect(draft.inputOf('listDrafts')).toBeUndefined();
  });
});

describe('draft found', () => {
  it('offers the existing draft when the list holds one, naming it', async () => {
    const draft = await entered([sentEarlier, earlierDraft]);
    expect(draft.snapshot().context.found).toEqual(earlierDraft);
    expect(draft.emittedOf('modal')).toEqual([
      {
        type: 'modal',
        modal: {
          id: 'draft-found',
          kind: 'draftFound',
          titleKey: 'modals.draft-found.title',
          descriptionKey: 'modals.draft-found.description',
          values: { requestId: 41, office: earlierDraft.suap?.name ?? '', updatedOn: '2025-02-01T09:00:00.000Z', others: 0 },
          // The dialog names the draft events its buttons (and its link to the private area) answer with.
          replies: {
            to: 'draft',
            actions: {
              restore: { type: 'RESTORE_DRAFT' },
              discard: { type: 'DISCARD_AND_START_NEW' },
              'keep-and-start-new': { type: 'KEEP_AND_START_NEW' },
              'private-area': { type: 'GO_TO_PRIVATE_AREA' },
            },
            dismissed: { type: 'CANCEL' },
          },
        },
      },
    ]);
  });

  it('offers the latest of several drafts and counts the others (the dialog links to the private area)', async () => {
    const older = { ...earlierDraft, requestId: 44, updatedOn: '2025-01-10T09:00:00.000Z' };
    const oldest = { ...earlierDraft, requestId: 45, updatedOn: '2024-12-10T09:00:00.000Z' };
    const draft = await entered([older, sentEarlier, earlierDraft, oldest, otherServiceDraft]);
    expect(draft.snapshot().context.found?.requestId).toBe(41);
    expect(draft.emittedOf('modal').at(-1)?.modal.values).toMatchObject({ requestId: 41, others: 2 });
  });

  it('keeps the draft found and starts another request beside it on KEEP_AND_START_NEW (nothing deleted)', async () => {
    const draft = await entered([earlierDraft], {}, enter({ selectedSuap: office }));
    draft.actor.send({ type: 'KEEP_AND_START_NEW' });
    expect(lifecycleOf(draft)).toBe('editing');
    expect(draft.inputOf('deleteFoundDraft')).toBeUndefined();
    expect(draft.inputOf('retrieveRequest')).toBeUndefined();
    expect(draft.snapshot().context.draft).toEqual({
      typeOfService: { typeOfServiceId: 1 },
      stateOfRequest: { stateOfRequestId: 1 },
      suap: office,
      user: requestUser,
    });
    expect(draft.snapshot().context.found).toBeNull();
    expect(draft.emittedOf('resetSteps')).toHaveLength(1);
    expect(draft.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/initial-summary', replace: true }]);
  });

  it("goes to the private area on the dialog's link, keeping every draft", async () => {
    const draft = await entered([earlierDraft, { ...earlierDraft, requestId: 44, updatedOn: '2025-01-10T09:00:00.000Z' }]);
    draft.actor.send({ type: 'GO_TO_PRIVATE_AREA' });
    expect(lifecycleOf(draft)).toBe('idle');
    expect(draft.snapshot().context.draft).toBeNull();
    expect(draft.inputOf('deleteFoundDraft')).toBeUndefined();
    expect(draft.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/private-area', replace: false }]);
  });

  it('restores it on RESTORE_DRAFT', async () => {
    const draft = await entered([earlierDraft]);
    draft.actor.send({ type: 'RESTORE_DRAFT' });
    expect(draft.inputOf('retrieveRequest')).toEqual({ requestId: 41 });
    await draft.release('retrieveRequest', earlierDraft);
    expect(draft.emittedOf('recheck')).toEqual([{ type: 'recheck', request: earlierDraft, forcedStep: null }]);
  });

  it('asks before deleting on DISCARD_AND_START_NEW; not confirming offers the draft again', async () => {
    const draft = await entered([earlierDraft]);
    draft.actor.send({ type: 'DISCARD_AND_START_NEW' });
    expect(lifecycleOf(draft)).toBe('confirmingDiscard');
    expect(draft.emittedOf('modal').at(-1)).toMatchObject({ modal: { id: 'draft-found-discard', kind: 'draftDelete', values: { requestId: 41 } } });
    expect(draft.inputOf('deleteFoundDraft')).toBeUndefined();
    draft.actor.send({ type: 'CANCEL_DISCARD' });
    expect(lifecycleOf(draft)).toBe('draftFound');
    expect(modalKinds(draft)).toEqual(['draftFound', 'draftDelete', 'draftFound']);
  });

  it('deletes it and starts a new draft once DISCARD_AND_START_NEW is confirmed', async () => {
    const draft = await entered([earlierDraft], {}, enter({ selectedSuap: office }));
    draft.actor.send({ type: 'DISCARD_AND_START_NEW' });
    draft.actor.send({ type: 'CONFIRM_DISCARD' });
    expect(draft.inputOf('deleteFoundDraft')).toEqual({ requestId: 41 });
    await draft.release('deleteFoundDraft', undefined);
    expect(draft.snapshot().context.draft).toMatchObject({ suap: office });
    expect(draft.snapshot().context.draft?.requestId).toBeUndefined();
    expect(draft.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/initial-summary', replace: true }]);
  });

  it('shows the delete error and offers the draft again when the delete fails', async () => {
    const draft = await entered([earlierDraft]);
    draft.actor.send({ type: 'DISCARD_AND_START_NEW' });
    draft.actor.send({ type: 'CONFIRM_DISCARD' });
    await draft.fail('deleteFoundDraft', serverFailure);
    expect(modalKinds(draft)).toEqual(['draftFound', 'draftDelete', 'alert', 'draftFound']);
    expect(lifecycleOf(draft)).toBe('draftFound');
  });

  it('does not count sent requests or drafts of another service', async () => {
    const draft = await entered([sentEarlier, otherServiceDraft]);
    expect(modalKinds(draft)).toEqual([]);
    expect(lifecycleOf(draft)).toBe('editing');
  });

  it('counts a draft of its own service when the process is another one', async () => {
    const draft = await entered([earlierDraft, otherServiceDraft], { typeOfServiceId: 2 });
    expect(lifecycleOf(draft)).toBe('draftFound');
    expect(draft.snapshot().context.found).toEqual(otherServiceDraft);
  });

  it('goes back to the service page when dismissed', async () => {
    const draft = await entered([earlierDraft]);
    draft.actor.send({ type: 'CANCEL' });
    expect(draft.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup-service', replace: false }]);
  });
});

describe('abort', () => {
  it('offers save-and-exit for a saved draft: saves, then leaves for the service page after 500 ms', async () => {
    const draft = await savedDraftOpen(createdDraft);
    draft.actor.send({ type: 'ABORT' });
    expect(draft.emittedOf('modal').at(-1)?.modal).toMatchObject({ kind: 'requestAbort', values: { action: 'save-and-exit' } });
    draft.actor.send({ type: 'SAVE_AND_EXIT', changes: { partitaIva: '01234567890' } });
    expect(draft.inputOf('saveBeforeExit')).toEqual({ request: { ...createdDraft, partitaIva: '01234567890' } });
    await draft.release('saveBeforeExit', completeDraft);
    expect(draft.emittedOf('modal').at(-1)?.modal.titleKey).toBe('modals.draft-updated');
    draft.clock.increment(Timings.saveAndExit - 1);
    expect(draft.emittedOf('navigate')).toEqual([]);
    draft.clock.increment(1);
    expect(draft.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup-service', replace: false }]);
    expect(draft.snapshot().context.draft).toBeNull();
  });

  it('offers back-to-form for a new request: BACK_TO_FORM returns to it, CONFIRM_ABORT leaves without saving', async () => {
    const draft = await newDraftOpen();
    draft.actor.send({ type: 'ABORT' });
    expect(draft.emittedOf('modal').at(-1)?.modal).toMatchObject({ kind: 'requestAbort', values: { action: 'back-to-form' } });
    draft.actor.send({ type: 'SAVE_AND_EXIT' });
    draft.actor.send({ type: 'BACK_TO_FORM' });
    expect(lifecycleOf(draft)).toBe('editing');
    draft.actor.send({ type: 'ABORT' });
    draft.actor.send({ type: 'CONFIRM_ABORT' });
    // Only the page load's reads happened (the session copy, the request list): nothing was saved.
    expect(draft.gates.calls.map((call) => call.src)).toEqual(['loadPersistedDraft', 'listDrafts']);
    expect(draft.emittedOf('clearPersistedDraft')).toHaveLength(1);
    expect(draft.emittedOf('navigate').at(-1)).toEqual({ type: 'navigate', to: '/startup-service', replace: false });
  });

  it('leaves for home when the process is not the startup one', async () => {
    const draft = await newDraftOpen({ typeOfServiceId: 2 });
    draft.actor.send({ type: 'ABORT' });
    draft.actor.send({ type: 'CONFIRM_ABORT' });
    expect(draft.emittedOf('navigate').at(-1)).toEqual({ type: 'navigate', to: '/', replace: false });
  });
});
