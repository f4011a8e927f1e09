// Login and logout as the screens trigger them: the events come from ./commands.ts, the current
// page from the router. Staff logout opens the confirmation modal (whose "Esci" answers the auth
// machine itself) instead of logging out at once. The control pressed is told to the app's root
// machine: focus returns there from a dialog the flow opens later.
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import type { Area } from '#machines/auth/types.ts';
import { AuthActor, ModalsActor, SessionActor, usePortal } from '../app/machines.ts';
import { boLogoutConfirmModal, loginEvent, logoutEvent } from './commands.ts';

/** The control that started the command, else the element that has focus now (if it has an id). */
function openerOf(openerId: string | undefined): string | null {
  if (openerId) return openerId;
  const focusedId = typeof document === 'undefined' ? '' : (document.activeElement?.id ?? '');
  return focusedId || null;
}

export function useAuthCommands() {
  const root = usePortal();
  const auth = AuthActor.useActorRef();
  const modals = ModalsActor.useActorRef();
  const session = SessionActor.useActorRef();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  // The origin of an earlier attempt: the auth machine's own, else the one this tab stored.
  // `returnTo`: where a citizen lands after logging in, when not back on this page (the service
  // page's login box sends them on to the startup mount).
  const login = useCallback(
    (area: Area, openerId?: string, returnTo?: string) => {
      root.send({ type: 'NOTE_AUTH_OPENER', openerId: openerOf(openerId) });
      auth.send(loginEvent(area, returnTo ?? path, auth.getSnapshot().context.loginOrigin ?? session.getSnapshot().context.loginOrigin));
    },
    [root, auth, session, path],
  );

  const logout = useCallback(
    (openerId?: string) => {
      root.send({ type: 'NOTE_AUTH_OPENER', openerId: openerOf(openerId) });
      if (auth.getSnapshot().context.area === 'BO') modals.send({ type: 'OPEN', modal: boLogoutConfirmModal(openerId, path) });
      else auth.send(logoutEvent(path));
    },
    [root, auth, modals, path],
  );

  return { login, logout };
}
