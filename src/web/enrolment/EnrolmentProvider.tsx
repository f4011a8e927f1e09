// Runs the startup machine (machines/startup.ts: the draft and the steps, and every rule between
// them) for the startup mount, with the real actors, started with the logged user and the page on
// screen, and keeps only the browser's adapters: the router (the machine's 'navigate', URL_CHANGED on
// every page change) and the dialogs (the machine's 'modal' opened in the app's modals queue).
// The machines' clock is the app's (MachineClockContext): real time, or a test's SimulatedClock.
//
// Until the app's root machine invokes the startup machine (issue #13: one actor system), the
// modals queue runs in another system, so a dialog's declared replies cannot reach 'draft' or
// 'startup' by systemId: useRepliesAcrossSystems delivers them, reading nothing but the dialog's
// own `replies` (no button name is interpreted here).
import { useActorRef } from '@xstate/react';
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AnyActorRef } from 'xstate';
import { selectUser } from '../../../machines/auth.ts';
import { replyFor, type ModalRequest } from '../../../machines/modals.ts';
import { STARTUP_SYSTEM_ID } from '../../../machines/startup.ts';
import { AuthActor, MachineClockContext, ModalsActor } from '../app/machines.ts';
import { createStartupLogic } from './actors.ts';
import { EnrolmentInspectContext, StartupSystemContext } from './machines.ts';
import { requestUserOf } from './views.ts';

/** A machine-emitted modal names no opener: focus goes back to the control that has it now. */
function withOpener(modal: ModalRequest): ModalRequest {
  if (modal.openerId || typeof document === 'undefined') return modal;
  const focusedId = document.activeElement?.id;
  return focusedId ? { ...modal, openerId: focusedId } : modal;
}

export function EnrolmentProvider({ children }: { children: ReactNode }) {
  const clock = useContext(MachineClockContext);
  const inspect = useContext(EnrolmentInspectContext);
  const user = AuthActor.useSelector(selectUser);
  const { pathname } = useLocation();
  const [logic] = useState(createStartupLogic);
  const startup = useActorRef(logic, {
    systemId: STARTUP_SYSTEM_ID,
    input: { user: user ? requestUserOf(user) : null, url: pathname },
    ...(clock ? { clock } : {}),
    ...(inspect ? { inspect } : {}),
  });
  useRouterAdapter(startup, pathname);
  useModalsAdapter(startup);
  return <StartupSystemContext.Provider value={startup}>{children}</StartupSystemContext.Provider>;
}

type StartupRef = ReturnType<typeof useActorRef<ReturnType<typeof createStartupLogic>>>;

function useRouterAdapter(startup: StartupRef, pathname: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = startup.on('navigate', ({ to, replace }) => void navigate(to, { replace }));
    return () => subscription.unsubscribe();
  }, [startup, navigate]);
  useEffect(() => {
    startup.send({ type: 'URL_CHANGED', url: pathname });
  }, [startup, pathname]);
}

function useModalsAdapter(startup: StartupRef) {
  const modals = ModalsActor.useActorRef();
  useEffect(() => {
    const subscription = startup.on('modal', ({ modal }) => modals.send({ type: 'OPEN', modal: withOpener(modal) }));
    return () => subscription.unsubscribe();
  }, [startup, modals]);
  useRepliesAcrossSystems(startup);
}

function useRepliesAcrossSystems(startup: AnyActorRef) {
  const modals = ModalsActor.useActorRef();
  useEffect(() => {
    // Emitted after the modal left the head of the queue: it is the one closing, or still queued.
    const modalWithId = (modalId: string): ModalRequest | undefined => {
      const { closing, queue } = modals.getSnapshot().context;
      return [closing, ...queue].find((candidate) => candidate?.id === modalId) ?? undefined;
    };
    const deliver = (modal: ModalRequest | undefined, outcome: Parameters<typeof replyFor>[1]) => {
      const reply = modal ? replyFor(modal, outcome) : undefined;
      const recipient = reply && modal?.replies ? (startup.system.get(modal.replies.to) as AnyActorRef | undefined) : undefined;
      if (reply && recipient) recipient.send(reply);
    };
    const subscriptions = [
      modals.on('modalAction', ({ modalId, action }) => deliver(modalWithId(modalId), { action })),
      modals.on('modalClosed', ({ modalId, reason }) => {
        if (reason !== 'action') deliver(modalWithId(modalId), { dismissed: reason });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [startup, modals]);
}
