// Deleting a draft from the private area (spec §4 "Abort, draft found, draft delete"). The rule is
// the draftDeletion machine's (machines/draft-deletion.ts): the confirmation, the delete, the
// success or error alert, and the request list reloaded 10 ms later. This hook carries its modals
// to the modal host and the host's answers back, its reload request to the list, and its report of
// the draft deleted to this tab's storage: a session copy of that draft is dropped (the startup
// process's draft machine does not run here, and would otherwise reopen the deleted request).
import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useRef } from 'react';
// The draft's own names for the dialog's buttons: enrolment/modal-requests.ts would bring the whole
// startup machine (draft and enrolment with it, ~8 KB compressed) into the private area's first load.
import { DRAFT_STORAGE_KEY, DraftModalActions, isSessionCopyOf } from '#machines/draft/rules.ts';
import { draftDeletionMachine, draftOfModal, selectDeleting } from '#machines/draft-deletion.ts';
import { deleteDraftActor } from '../../actors/private-area.ts';
import { MachineClockContext, ModalsActor } from '../../app/machines.ts';
import { readItem, writeItem } from '../../enrolment/storage.ts';

const draftDeletionLogic = draftDeletionMachine.provide({ actors: { deleteDraft: deleteDraftActor } });

/**
 * `onReload` runs when the machine asks for the request list again; `focusAfterId` is where focus
 * goes when the success or error alert closes (the deleted card's buttons are gone by then).
 */
export function useDraftDeletion(onReload: () => void, focusAfterId: string) {
  const clock = useContext(MachineClockContext);
  const modals = ModalsActor.useActorRef();
  const deletion = useActorRef(draftDeletionLogic, clock ? { clock } : {});
  const deleting = useSelector(deletion, selectDeleting);
  const reload = useRef(onReload);
  reload.current = onReload;

  useEffect(() => {
    const subscriptions = [
      deletion.on('modal', ({ modal }) => modals.send({ type: 'OPEN', modal: { ...modal, openerId: modal.openerId ?? focusAfterId } })),
      deletion.on('reloadRequests', () => reload.current()),
      deletion.on('deleted', ({ requestId }) => {
        if (isSessionCopyOf(readItem(DRAFT_STORAGE_KEY), requestId)) writeItem(DRAFT_STORAGE_KEY, null);
      }),
      modals.on('modalAction', ({ modalId, kind, action }) => {
        const requestId = kind === 'draftDelete' ? draftOfModal(modalId) : null;
        if (requestId === null) return;
        deletion.send(action === DraftModalActions.confirmDelete ? { type: 'CONFIRM', requestId } : { type: 'CANCEL' });
      }),
      // Closed without a button (Escape, the close button, the overlay): not confirmed.
      modals.on('modalClosed', ({ modalId, kind, reason }) => {
        if (kind === 'draftDelete' && reason !== 'action' && draftOfModal(modalId) !== null) deletion.send({ type: 'CANCEL' });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [deletion, modals, focusAfterId]);

  return {
    /** The draft being deleted (its buttons are disabled), or null. */
    deleting,
    askToDelete: (requestId: number, openerId: string) => deletion.send({ type: 'ASK_DELETE', requestId, openerId }),
  };
}
