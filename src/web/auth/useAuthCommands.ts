// Login and logout as the screens trigger them: the events come from ./commands.ts, the current
// page from the router. Staff logout opens the confirmation modal instead of logging out at once.
import { useCallback, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import type { Area } from '../../../machines/auth/types.ts';
import { AuthActor, AuthOpenerContext, ModalsActor, SessionActor } from '../app/machines.ts';
import { boLogoutConfirmModal, loginEvent, logoutEvent } from './commands.ts';

export function useAuthCommands() {
  const auth = AuthActor.useActorRef();
  const modals = ModalsActor.useActorRef();
  const session = SessionActor.useActorRef();
  const opener = useContext(AuthOpenerContext);
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  // The origin of an earlier attempt: the auth machine's own, else the one this tab stored.
  // `openerId`: the control pressed; focus returns there from a modal the flow opens later.
  // `returnTo`: where a citizen lands after logging in, when not back on this page (the service
  // page's login box sends them on to the startup mount).
  const login = useCallback(
    (area: Area, openerId?: string, returnTo?: string) => {
      opener.current = openerId ?? null;
      auth.send(loginEvent(area, returnTo ?? path, auth.getSnapshot().context.loginOrigin ?? session.getSnapshot().context.loginOrigin));
    },
    [auth, session, opener, path],
  );

  const logout = useCallback(
    (openerId?: string) => {
      opener.current = openerId ?? null;
      if (auth.getSnapshot().context.area === 'BO') modals.send({ type: 'OPEN', modal: boLogoutConfirmModal(openerId) });
      else auth.send(logoutEvent(path));
    },
    [auth, modals, opener, path],
  );

  return { login, logout };
}
