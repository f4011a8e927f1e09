// Documents on the wizard's last step (docs/architecture.md "Documents in the wizard"): every model
// path replayed on the pure machine with the invariants below, then one example per rule.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { documentsMachine, inFlightKey, selectIsComplete, selectSlots, type DocumentsLoaded, type UploadInput } from '#machines/documents.ts';
import type { Attachment } from '#shared/api/attachments.ts';
import { missingRequirements } from '#shared/document-rules.ts';
import { documentsModel, largeFile, refusedType, requirements, serverFailure, sessionExpired, smallFile, storedAs } from './models/documents.model.ts';
import { defineModelSuite } from './support/harness.ts';

const isReady = (snapshot: { matches: (value: 'ready') => boolean }) => snapshot.matches('ready');

defineModelSuite(documentsModel, {
  'send is allowed exactly when every required document has a file (for an intermediary, the power of attorney too)': ({ after }) => {
    if (!isReady(after)) return expect(selectIsComplete(after)).toBe(false);
    expect(selectIsComplete(after)).toBe(missingRequirements(after.context.requirements, after.context.attachments, after.context.business).length === 0);
  },
  'what the draft is told is what holds: the last report of a step is the completeness after it': ({ after, emitted }) => {
    const reports = emitted.filter((event) => event.type === 'documentsChanged');
    if (reports.length > 0) expect(reports.at(-1)).toEqual({ type: 'documentsChanged', complete: selectIsComplete(after) });
  },
  'no document has more files than it takes': ({ after }) => {
    for (const slot of selectSlots(after)) expect(slot.attachments.length).toBeLessThanOrEqual(slot.requirement.maxFiles);
  },
  'an upload is in flight only while uploading or removing the file it replaced, and only one': ({ after }) => {
    const working = after.matches({ ready: { work: 'uploading' } }) || after.matches({ ready: { work: 'removingReplaced' } });
    expect(after.context.upload !== null).toBe(working);
  },
  'a file larger than its document takes is never sent': ({ event, calls }) => {
    if ((event as AnyEventObject).file === largeFile) expect(calls.filter((call) => call.src === 'upload')).toEqual([]);
  },
  'the tab notes the file while it is sent, and forgets it once the server answered, unless the session expired': ({ event, emitted, before, after }) => {
    const notes = emitted.filter((item) => item.type === 'noteInFlight') as unknown as Array<{ key: string; value: string | null }>;
    for (const note of notes) expect(note.key).toBe(inFlightKey(41));
    if (after.matches({ ready: { work: 'uploading' } }) && !before?.matches({ ready: { work: 'uploading' } })) {
      expect(notes.at(-1)?.value).toContain(after.context.upload?.file.name);
    }
    if (event.type === 'xstate.error.actor.upload') {
      expect(notes).toEqual((event as { error?: unknown }).error === sessionExpired ? [] : [{ type: 'noteInFlight', key: inFlightKey(41), value: null }]);
    }
    if (event.type === 'xstate.done.actor.upload' || event.type === 'CANCEL') expect(notes.at(-1)?.value).toBeNull();
  },
  'a refusal of the file itself keeps no file to retry; a failure another try may mend does': ({ event, after }) => {
    if (event.type !== 'xstate.error.actor.upload') return;
    const failure = after.context.failures.at(-1);
    const error = (event as { error?: unknown }).error;
    expect(failure?.file !== null).toBe(error === serverFailure);
    expect(failure?.messageKey).toBe(
      error === refusedType ? 'api-errors.file-type-not-accepted' : error === sessionExpired ? 'ep.documents.choose-again' : 'ep.documents.upload-failed',
    );
  },
});

/** The machine with calls that answer at once (the model suite holds them open instead). */
function started(stored: Attachment[] = [], options: { removeFails?: boolean; uploadFails?: unknown } = {}) {
  const emitted: AnyEventObject[] = [];
  const removed: number[] = [];
  let next = 100;
  const actor = createActor(
    documentsMachine.provide({
      actors: {
        load: fromPromise<DocumentsLoaded, { requestId: number; iniziativeId: number }>(async () => ({ requirements, attachments: stored, interrupted: null })),
        upload: fromPromise<Attachment, UploadInput>(async ({ input }) => {
          input.reportProgress(50);
          if (options.uploadFails) throw options.uploadFails;
          return storedAs(next++, input.requirementCode, input.file.name);
        }),
        remove: fromPromise<void, { requestId: number; attachmentId: number }>(async ({ input }) => {
          if (options.removeFails) throw serverFailure;
          removed.push(input.attachmentId);
        }),
      },
    }),
    { input: { requestId: 41, iniziativeId: 21, business: { role: 'legal-representative' } } },
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, removed };
}

const settled = (actor: ReturnType<typeof started>['actor']) =>
  new Promise<void>((resolve) => {
    const check = () => actor.getSnapshot().matches({ ready: { work: 'idle' } }) && (resolve(), true);
    if (check()) return;
    const subscription = actor.subscribe(() => check() && subscription.unsubscribe());
  });

describe('documents', () => {
  it('reports incomplete while loading, then complete once the form and the floor plan are stored', async () => {
    const { actor, emitted } = started();
    await settled(actor);
    actor.send({ type: 'CHOOSE', requirementCode: 'SCIA_FORM', file: smallFile('form.pdf') });
    await settled(actor);
    expect(selectIsComplete(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'CHOOSE', requirementCode: 'FLOOR_PLAN', file: smallFile('plan.pdf') });
    await settled(actor);
    expect(selectIsComplete(actor.getSnapshot())).toBe(true);
    expect(emitted.filter((event) => event.type === 'documentsChanged').map((event) => event.complete)).toEqual([false, false, true]);
  });

  it('replaces the single-file form: the old one is removed first (the server takes one file), then the new one sent', async () => {
    const { actor, removed } = started([storedAs(7, 'SCIA_FORM', 'old.pdf')]);
    await settled(actor);
    actor.send({ type: 'CHOOSE', requirementCode: 'SCIA_FORM', file: smallFile('new.pdf') });
    expect(actor.getSnapshot().context.failures.map((failure) => failure.messageKey)).toEqual(['api-errors.too-many-files']);
    actor.send({ type: 'REPLACE', requirementCode: 'SCIA_FORM', file: smallFile('new.pdf') });
    await settled(actor);
    expect(removed).toEqual([7]);
    expect(actor.getSnapshot().context.attachments.map((attachment) => attachment.fileName)).toEqual(['new.pdf']);
    expect(actor.getSnapshot().context.failures).toEqual([]);
  });

  it('keeps the old file and sends nothing when it cannot be removed', async () => {
    const { actor } = started([storedAs(7, 'SCIA_FORM', 'old.pdf')], { removeFails: true });
    await settled(actor);
    actor.send({ type: 'REPLACE', requirementCode: 'SCIA_FORM', file: smallFile('new.pdf') });
    await settled(actor);
    expect(actor.getSnapshot().context.attachments.map((attachment) => attachment.fileName)).toEqual(['old.pdf']);
    expect(actor.getSnapshot().context.failures).toEqual([expect.objectContaining({ messageKey: 'ep.documents.remove-failed', fileName: 'old.pdf' })]);
  });

  it('tries a failed upload again with the same file', async () => {
    const { actor } = started([], { uploadFails: serverFailure });
    await settled(actor);
    const file = smallFile('plan.pdf');
    actor.send({ type: 'CHOOSE', requirementCode: 'FLOOR_PLAN', file });
    await settled(actor);
    expect(actor.getSnapshot().context.failures[0]?.file).toBe(file);
    actor.send({ type: 'RETRY', requirementCode: 'FLOOR_PLAN' });
    expect(actor.getSnapshot().context.upload?.file).toBe(file);
  });
});
