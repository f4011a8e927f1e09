// The documents machine (machines/documents.ts) for the step "Documents and summary": one actor per
// request and initiative while the step is open, with the real calls (src/web/actors/documents.ts).
// What it reports of the required documents goes to the draft as DOCUMENTS_CHANGED, which guards the
// send (docs/architecture.md "Documents in the wizard"). A language switch keeps the route's elements
// mounted, so it keeps this actor and an upload in flight.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { documentsMachine, type DocumentsBusiness } from '#machines/documents.ts';
import { createDocumentsLogic } from '../actors/documents.ts';
import { DraftActor } from './machines.ts';

const logic = createDocumentsLogic();

export type DocumentsRef = ActorRefFrom<typeof documentsMachine>;

export function useDocuments(requestId: number, iniziativeId: number, business: DocumentsBusiness): DocumentsRef {
  const draftRef = DraftActor.useActorRef();
  const documents = useActorRef(logic, { input: { requestId, iniziativeId, business } });
  useEffect(() => {
    const subscription = documents.on('documentsChanged', ({ complete }) => draftRef.send({ type: 'DOCUMENTS_CHANGED', complete }));
    // The machine reported before this effect ran (its load may be over already): say it now.
    draftRef.send({ type: 'DOCUMENTS_CHANGED', complete: documents.getSnapshot().matches({ ready: { completeness: 'complete' } }) });
    return () => subscription.unsubscribe();
  }, [documents, draftRef]);
  return documents;
}

export function useDocumentsSelector<T>(
  documents: DocumentsRef,
  selector: (snapshot: ReturnType<DocumentsRef['getSnapshot']>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(documents, selector, compare);
}
