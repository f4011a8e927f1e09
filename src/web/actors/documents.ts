// The documents machine's real side effects (machines/documents.ts), handed in with
// `machine.provide()`: the HTTP calls through src/web/api/attachments.ts, and the tab's note of the
// file in flight through src/web/enrolment/storage.ts (sessionStorage: a reload keeps it, a closed
// tab forgets it). The machine decides what the answers mean.
import { fromPromise } from 'xstate';
import { decodeInFlight, documentsMachine, inFlightKey, type DocumentsLoaded, type UploadInput } from '#machines/documents.ts';
import type { Attachment } from '#shared/api/attachments.ts';
import * as attachments from '../api/attachments.ts';
import { cancellable } from './enrolment.ts';
import { readItem, writeItem } from '../enrolment/storage.ts';

export function createDocumentsLogic() {
  return documentsMachine.provide({
    actors: {
      load: fromPromise<DocumentsLoaded, { requestId: number; iniziativeId: number }>(async ({ input, signal }) => {
        // Cancelled with its actor, the load never settles (React's StrictMode restarts the actor once).
        const [requirements, stored] = await cancellable(signal, (s) =>
          Promise.all([attachments.requirements(input.iniziativeId, s), attachments.list(input.requestId, s)]),
        );
        return { requirements, attachments: stored, interrupted: decodeInFlight(readItem(inFlightKey(input.requestId))) };
      }),
      // Leaving the uploading state (CANCEL, or the step closed) aborts the request.
      upload: fromPromise<Attachment, UploadInput>(({ input, signal }) =>
        cancellable(signal, (s) => attachments.upload(input.requestId, input.requirementCode, input.file, { onProgress: input.reportProgress, signal: s })),
      ),
      remove: fromPromise<void, { requestId: number; attachmentId: number }>(({ input }) => attachments.remove(input.requestId, input.attachmentId)),
    },
    actions: {
      noteInFlight: (_, { key, value }) => writeItem(key, value),
    },
  });
}
