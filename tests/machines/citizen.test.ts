// The citizen's small machines (docs/machines/README.md): model-based paths with the rules as invariants, plus
// one example per rule.
import { describe, expect, it } from 'vitest';
import { draftDeletionMachine, draftOfModal, selectDeleting } from '#machines/draft-deletion.ts';
import { hasPendingDraft, pendingDraftMachine, selectDraftCheck } from '#machines/pending-draft.ts';
import { Timings } from '#shared/constants.ts';
import { downloadSizesModel, draftDeletionModel, pdfRecapModel, pendingDraftModel, sentStartup, startupDraft } from './models/citizen.model.ts';
import { drive } from './support/drive.ts';
import { defineModelSuite } from './support/harness.ts';

defineModelSuite(draftDeletionModel, {
  'nothing is deleted before the citizen confirms that very draft': ({ before, event, calls }) => {
    for (const call of calls) {
      expect(event.type).toBe('CONFIRM');
      expect(before?.matches('confirming')).toBe(true);
      expect(call.input).toEqual({ requestId: before?.context.requestId });
    }
  },
  'the list reloads only after a delete that succeeded': ({ before, emitted }) => {
    if (emitted.some((e) => e.type === 'reloadRequests')) expect(before?.matches('deleted')).toBe(true);
  },
  'the draft deleted is reported exactly once, when the server deleted it, naming it': ({ event, before, emitted }) => {
    const reports = emitted.filter((e) => e.type === 'deleted');
    expect(reports).toEqual(event.type === 'xstate.done.actor.deleteDraft' ? [{ type: 'deleted', requestId: before?.context.requestId }] : []);
  },
  'a card is disabled only while its draft is deleted': ({ after }) => {
    expect(selectDeleting(after)).toBe(after.matches('deleting') || after.matches('deleted') ? after.context.requestId : null);
  },
});

defineModelSuite(pendingDraftModel, {
  'a draft is announced only when the list holds a startup draft': ({ event, after }) => {
    if (event.type === 'xstate.done.actor.listStartupRequests') {
      expect(after.matches('pending')).toBe(hasPendingDraft((event as unknown as { output: [] }).output));
    }
  },
  'nobody is checked without a citizen': ({ after, calls }) => {
    if (after.context.userId === null) expect(calls).toEqual([]);
  },
});

defineModelSuite(downloadSizesModel, {
  'sizes shown are always those of the language on screen': ({ event, after }) => {
    if (event.type === 'LANGUAGE_CHANGED') expect(after.context.language).toBe((event as unknown as { language: string }).language);
    if (!after.matches('shown')) expect(after.context.sizes).toEqual({});
  },
});

defineModelSuite(pdfRecapModel, {
  'one download at a time': ({ calls, before }) => {
    if (calls.length > 0) expect(before?.matches('downloading')).toBe(false);
  },
});

describe('draft deletion', () => {
  it('asks, deletes on confirmation, announces it and reloads the list 10 ms later', async () => {
    const run = drive(draftDeletionMachine);
    run.actor.send({ type: 'ASK_DELETE', requestId: 7, openerId: 'card-7' });
    expect(run.emittedOf('modal')).toMatchObject([{ modal: { id: 'draft-delete-7', kind: 'draftDelete', openerId: 'card-7' } }]);
    expect(draftOfModal('draft-delete-7')).toBe(7);
    run.actor.send({ type: 'CONFIRM', requestId: 7 });
    expect(selectDeleting(run.snapshot())).toBe(7);
    await run.release('deleteDraft');
    expect(run.emittedOf('modal').at(-1)).toMatchObject({ modal: { type: 'success' } });
    expect(run.emittedOf('deleted')).toEqual([{ type: 'deleted', requestId: 7 }]);
    run.clock.increment(Timings.reloadAfterDraftDelete - 1);
    expect(run.emittedOf('reloadRequests')).toHaveLength(0);
    run.clock.increment(1);
    expect(run.emittedOf('reloadRequests')).toHaveLength(1);
    expect(run.snapshot().value).toBe('idle');
  });

  it('keeps the draft when the confirmation is dismissed or the delete fails', async () => {
    const run = drive(draftDeletionMachine);
    run.actor.send({ type: 'ASK_DELETE', requestId: 7 });
    run.actor.send({ type: 'CANCEL' });
    expect(run.snapshot().value).toBe('idle');
    run.actor.send({ type: 'ASK_DELETE', requestId: 7 });
    run.actor.send({ type: 'CONFIRM', requestId: 7 });
    await run.fail('deleteDraft');
    expect(run.emittedOf('modal').at(-1)).toMatchObject({ modal: { type: 'error' } });
    expect(run.emittedOf('deleted')).toEqual([]);
    expect(run.snapshot().value).toBe('idle');
  });
});

describe('pending draft', () => {
  it('says "pending" for a startup draft, "none" otherwise or on failure, and checks another citizen again', async () => {
    const run = drive(pendingDraftMachine, { userId: 12 });
    expect(selectDraftCheck(run.snapshot())).toBe('checking');
    await run.release('listStartupRequests', [sentStartup, startupDraft]);
    expect(selectDraftCheck(run.snapshot())).toBe('pending');
    run.actor.send({ type: 'USER_CHANGED', userId: 13 });
    await run.fail('listStartupRequests');
    expect(selectDraftCheck(run.snapshot())).toBe('none');
    run.actor.send({ type: 'USER_CHANGED', userId: null });
    expect(selectDraftCheck(run.snapshot())).toBe('idle');
  });
});
