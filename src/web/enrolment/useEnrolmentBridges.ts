// Connects the draft and enrolment machines to each other, to the modals machine and to the router,
// as ../app/bridges does for the app's machines: what the draft machine emits becomes enrolment
// events, modals and navigations; the modals' buttons become draft events; every page change is
// reported to the enrolment machine (URL_CHANGED). The draft machine lists the citizen's requests
// itself (its listDrafts actor).
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { DraftData } from '../../../machines/draft/types.ts';
import { DISCARD_CONFIRM_MODAL_ID } from '../../../machines/draft/rules.ts';
import type { ModalRequest } from '../../../machines/modals.ts';
import { Paths } from '../routes/paths.ts';
import { ModalsActor } from '../app/machines.ts';
import { DraftActor, EnrolmentActor } from './machines.ts';
import { EnrolmentModalActions, openExternalPortal, suapOfModal } from './modal-requests.ts';
import { writeItem, writeSelectedSuap } from './storage.ts';
import { stepOfPath } from './views.ts';

/** The fields a step form edits: the ones put back after a reload (see restoreEdits). */
const EDITABLE: ReadonlyArray<keyof DraftData> = ['procedureNotification', 'suap', 'municipalityId', 'iniziative', 'personalData', 'partitaIva'];

/** A machine-emitted modal names no opener: focus goes back to the control that has it now. */
function withOpener(modal: ModalRequest): ModalRequest {
  if (modal.openerId || typeof document === 'undefined') return modal;
  const focusedId = document.activeElement?.id;
  return focusedId ? { ...modal, openerId: focusedId } : modal;
}

/**
 * Edits typed since the last save of an existing draft, put back after the page reloaded: only
 * when the server's copy is still the version they were typed on. A newer version wins: nothing
 * is overwritten silently.
 */
export function editsToRestore(stored: DraftData | null, server: DraftData): Partial<DraftData> | null {
  if (!stored?.requestId || stored.requestId !== server.requestId || stored.version !== server.version) return null;
  const changes: Partial<DraftData> = {};
  for (const field of EDITABLE) {
    if (field in stored && JSON.stringify(stored[field]) !== JSON.stringify(server[field])) {
      Object.assign(changes, { [field]: stored[field] });
    }
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

export function useEnrolmentBridges(storedDraft: RefObject<DraftData | null>): void {
  const draft = DraftActor.useActorRef();
  const enrolment = EnrolmentActor.useActorRef();
  const modals = ModalsActor.useActorRef();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;

  useEffect(() => {
    const subscriptions = [
      draft.on('modal', ({ modal }) => modals.send({ type: 'OPEN', modal: withOpener(modal) })),
      draft.on('navigate', ({ to, replace }) => void navigate(to, { replace })),
      draft.on('persistDraft', ({ key, value }) => writeItem(key, value)),
      draft.on('clearPersistedDraft', ({ key }) => writeItem(key, null)),
      draft.on('stepCompleted', ({ step, request }) => enrolment.send({ type: 'COMPLETE_STEP', step, request })),
      draft.on('resetSteps', () => enrolment.send({ type: 'RESET' })),
      draft.on('submitted', () => enrolment.send({ type: 'SUBMITTED' })),
      // The reference lists (offices, territory, initiatives) load afresh whenever the
      // select-initiative step opens, and the configuration does not change with a draft.
      draft.on('reloadReferenceData', () => {}),
      draft.on('recheck', ({ request, forcedStep }) => {
        // The machine keeps the page shown when its step is still open after the walk.
        enrolment.send({ type: 'RECHECK', request, forcedStep });
        const edits = editsToRestore(storedDraft.current, request);
        storedDraft.current = null;
        if (edits) draft.send({ type: 'CHANGE', changes: edits });
      }),
      enrolment.on('navigate', ({ to, replace }) => void navigate(to, { replace })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [draft, enrolment, modals, navigate, storedDraft]);

  // The buttons of the enrolment's modals, and the modals closed without a choice.
  useEffect(() => {
    const subscriptions = [
      modals.on('modalAction', ({ modalId, kind, action }) => {
        if (kind === 'draftFound') {
          if (action === EnrolmentModalActions.restore) draft.send({ type: 'RESTORE_DRAFT' });
          if (action === EnrolmentModalActions.discard) draft.send({ type: 'DISCARD_AND_START_NEW' });
        }
        if (kind === 'draftDelete' && modalId === DISCARD_CONFIRM_MODAL_ID) {
          draft.send({ type: action === EnrolmentModalActions.confirmDelete ? 'CONFIRM_DISCARD' : 'CANCEL_DISCARD' });
        }
        if (kind === 'requestAbort') {
          if (action === EnrolmentModalActions.saveAndExit) draft.send({ type: 'SAVE_AND_EXIT' });
          if (action === EnrolmentModalActions.backToForm) draft.send({ type: 'BACK_TO_FORM' });
          if (action === EnrolmentModalActions.abort) draft.send({ type: 'CONFIRM_ABORT' });
        }
        if (kind === 'suapException') {
          const { closing, queue } = modals.getSnapshot().context;
          const modal = [closing, ...queue].find((candidate) => candidate?.id === modalId);
          const suap = modal ? suapOfModal(modal) : null;
          if (suap && action === EnrolmentModalActions.openExternal && suap.url) openExternalPortal(suap.url);
          if (suap && action === EnrolmentModalActions.useInternal) {
            writeSelectedSuap(suap);
            void navigate(Paths.startup);
          }
        }
      }),
      modals.on('modalClosed', ({ modalId, kind, reason }) => {
        if (reason === 'action') return;
        if (kind === 'draftDelete' && modalId === DISCARD_CONFIRM_MODAL_ID) draft.send({ type: 'CANCEL_DISCARD' });
        // Dismissing is not choosing: the draft-found offer goes back to the service page, the
        // abort confirmation back to the form.
        if (kind === 'draftFound') draft.send({ type: 'CANCEL' });
        if (kind === 'requestAbort') draft.send({ type: 'BACK_TO_FORM' });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [modals, draft, navigate]);

  useEffect(() => {
    enrolment.send({ type: 'URL_CHANGED', url: pathname });
  }, [enrolment, pathname]);

  // A step page opened with no draft to show (a bookmark, a closed tab): the process starts from
  // its entry, which offers the existing draft or starts a new one. Decided once, when the page
  // load's look at storage ends; later moves to `idle` (abort, cancel) navigate on their own.
  useEffect(() => {
    let wasRestoring = draft.getSnapshot().matches({ running: { lifecycle: 'restoring' } });
    const subscription = draft.subscribe((snapshot) => {
      const restoring = snapshot.matches({ running: { lifecycle: 'restoring' } });
      if (wasRestoring && !restoring && snapshot.matches({ running: { lifecycle: 'idle' } })) {
        const step = stepOfPath(path.current);
        if (step && step !== 'thank-page') void navigate(Paths.startup, { replace: true });
      }
      wasRestoring = restoring;
    });
    return () => subscription.unsubscribe();
  }, [draft, navigate]);
}
