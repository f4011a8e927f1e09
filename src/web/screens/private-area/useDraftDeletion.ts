// Deleting a draft from the private area (spec §4 "Abort, draft found, draft delete"). The rule is
// the draft machine's `deletion` region (machines/draft.ts): DELETE_DRAFT once the citizen
// confirmed, the success alert, and the request list reloaded 10 ms later (its 'reloadRequests').
// The private area runs its own draft actor for it: the enrolment's one lives only inside the
// startup process, and this one never opens a draft nor touches the draft kept in storage.
import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { draftMachine } from '../../../../machines/draft.ts';
import type { ModalRequest } from '../../../../machines/modals.ts';
import { MachineClockContext, ModalsActor } from '../../app/machines.ts';
import { EnrolmentModalActions } from '../../enrolment/modal-requests.ts';
import { deleteOwnDraft } from './api.ts';

const MODAL_ID_PREFIX = 'draft-delete-';

/** The confirmation (modal kind 'draftDelete'); its id names the draft, so the answer finds it. */
export function draftDeleteModal(requestId: number, openerId?: string): ModalRequest {
  return {
    id: `${MODAL_ID_PREFIX}${requestId}`,
    kind: 'draftDelete',
    type: 'warning',
    titleKey: 'pa.draft-delete.title',
    descriptionKey: 'pa.draft-delete.description',
    values: { requestId },
    ...(openerId ? { openerId } : {}),
  };
}

export function draftOfModal(modalId: string): number | null {
  if (!modalId.startsWith(MODAL_ID_PREFIX)) return null;
  const id = Number(modalId.slice(MODAL_ID_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

const draftDeletionLogic = draftMachine.provide({
  actors: {
    // Nothing to restore here: the working draft belongs to the startup process.
    loadPersistedDraft: fromPromise<string | null, { key: string }>(async () => null),
    deleteRequest: fromPromise(({ input }: { input: { requestId: number } }) => deleteOwnDraft(input.requestId)),
  },
  actions: {
    persistDraft: () => {},
    clearPersistedDraft: () => {},
  },
});

/**
 * `onReload` runs when the draft machine asks for the request list again; `focusAfterId` is where
 * focus goes when the success or error alert closes (the deleted card's buttons are gone by then).
 */
export function useDraftDeletion(onReload: () => void, focusAfterId: string) {
  const clock = useContext(MachineClockContext);
  const modals = ModalsActor.useActorRef();
  const [input] = useState(() => ({}));
  const draft = useActorRef(draftDeletionLogic, clock ? { input, clock } : { input });
  const deleting = useSelector(draft, (snapshot) => snapshot.context.deleting);
  const reload = useRef(onReload);
  reload.current = onReload;

  useEffect(() => {
    const subscriptions = [
      draft.on('modal', ({ modal }) => modals.send({ type: 'OPEN', modal: { ...modal, openerId: modal.openerId ?? focusAfterId } })),
      draft.on('reloadRequests', () => reload.current()),
      modals.on('modalAction', ({ modalId, kind, action }) => {
        if (kind !== 'draftDelete' || action !== EnrolmentModalActions.confirmDelete) return;
        const requestId = draftOfModal(modalId);
        if (requestId !== null) draft.send({ type: 'DELETE_DRAFT', requestId });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [draft, modals, focusAfterId]);

  return {
    /** The draft being deleted (its buttons are disabled), or null. */
    deleting,
    askToDelete: (requestId: number, openerId: string) => modals.send({ type: 'OPEN', modal: draftDeleteModal(requestId, openerId) }),
  };
}
