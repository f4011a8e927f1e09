// Forwards what the machines emit to where it belongs: auth 'modal' → modals OPEN, auth 'navigate'
// → the router, session 'startLogin' → auth LOGIN. Listeners are registered in effects of a child
// of the providers, so they exist before the actors start (React runs child effects first) and
// catch what the machines emit while starting.
import { useContext, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ModalRequest } from '../../../../machines/modals.ts';
import { AuthActor, AuthOpenerContext, ModalsActor, SessionActor } from '../machines.ts';

/**
 * A modal opened by a machine names no opener: focus returns to the control that started the
 * login or logout, else to the element that has focus now (if it has an id).
 */
function withOpener(modal: ModalRequest, lastOpener: string | null): ModalRequest {
  if (modal.openerId) return modal;
  const focusedId = typeof document === 'undefined' ? '' : (document.activeElement?.id ?? '');
  const openerId = lastOpener ?? (focusedId || null);
  return openerId ? { ...modal, openerId } : modal;
}

export function useMachineEvents(): void {
  const auth = AuthActor.useActorRef();
  const session = SessionActor.useActorRef();
  const modals = ModalsActor.useActorRef();
  const navigate = useNavigate();
  const opener = useContext(AuthOpenerContext);

  useEffect(() => {
    const subscriptions = [
      auth.on('modal', ({ modal }) => modals.send({ type: 'OPEN', modal: withOpener(modal, opener.current) })),
      auth.on('navigate', ({ to, replace }) => void navigate(to, { replace })),
      // The session machine asks for a login only on back-office paths without a staff user: such
      // a login begins from the back-office root by definition.
      session.on('startLogin', ({ area, origin, silent }) => auth.send({ type: 'LOGIN', area, origin, fromBackOfficeRoot: true, silent })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [auth, session, modals, navigate, opener]);
}
