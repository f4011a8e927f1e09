// What every step page reads from the draft machine, and the events it sends, in one hook.
import { useCallback } from 'react';
import { selectDraft, selectIsBusy, selectIsStale, selectRetrieveStatus } from '#machines/draft.ts';
import type { DraftData, SaveStep } from '#machines/draft/types.ts';
import { DraftActor } from './machines.ts';

export function useDraftState() {
  const draftRef = DraftActor.useActorRef();
  const draft = DraftActor.useSelector(selectDraft);
  const busy = DraftActor.useSelector(selectIsBusy);
  const stale = DraftActor.useSelector(selectIsStale);
  const retrieveStatus = DraftActor.useSelector(selectRetrieveStatus);
  const editing = DraftActor.useSelector((snapshot) => snapshot.matches({ running: { lifecycle: 'editing' } }));

  const change = useCallback((changes: Partial<DraftData>) => draftRef.send({ type: 'CHANGE', changes }), [draftRef]);
  const save = useCallback(
    (step: SaveStep, complete: boolean, changes?: Partial<DraftData>) =>
      draftRef.send(changes ? { type: 'SAVE', step, complete, changes } : { type: 'SAVE', step, complete }),
    [draftRef],
  );
  return { draftRef, draft, busy, stale, retrieveStatus, editing, change, save };
}
