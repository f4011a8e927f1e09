// What the buttons of the auth-related modals do (the modals machine reports the choice as
// 'modalAction'), and focus going back to the opener when the machine says so ('restoreFocus').
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { loginEvent, logoutEvent } from '../../auth/commands.ts';
import { AuthActor, ModalsActor } from '../machines.ts';

export const ModalActions = {
  login: 'login',
  confirm: 'confirm',
  cancel: 'cancel',
} as const;

export function useModalActions(): void {
  const auth = AuthActor.useActorRef();
  const modals = ModalsActor.useActorRef();
  const location = useLocation();
  // Read when a button is pressed, not when the listener was registered.
  const path = useRef('');
  path.current = `${location.pathname}${location.search}`;

  useEffect(() => {
    const subscriptions = [
      modals.on('modalAction', ({ modalId, kind, action }) => {
        const { context } = auth.getSnapshot();
        if (kind === 'authFailed' && action === ModalActions.login) {
          // Whether the listener runs before or after the head left the queue, the modal is in one of the two.
          const { closing, queue } = modals.getSnapshot().context;
          const modal = [closing, ...queue].find((candidate) => candidate?.id === modalId);
          auth.send(loginEvent(modal?.variant ?? 'FO', path.current, context.loginOrigin));
        }
        if (kind === 'boLogoutConfirm' && action === ModalActions.confirm) auth.send(logoutEvent(path.current));
      }),
      modals.on('restoreFocus', ({ openerId }) => {
        if (openerId) document.getElementById(openerId)?.focus();
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [auth, modals]);
}
