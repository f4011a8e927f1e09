// Keeps the session machine and this tab's storage in step with the app: ROUTE_CHANGED on every
// navigation and user change, the logged session written to (or removed from) sessionStorage,
// and the login and logout origins remembered by the session machine and stored.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { selectArea, selectIsLoggedIn } from '../../../../machines/auth.ts';
import { selectOrigins } from '../../../../machines/session.ts';
import { writeOrigin, writeStoredSession } from '../../auth/storage.ts';
import { AuthActor, SessionActor } from '../machines.ts';

export function useSessionSync(): void {
  const session = SessionActor.useActorRef();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  const loggedIn = AuthActor.useSelector(selectIsLoggedIn);
  const area = AuthActor.useSelector(selectArea);
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const tokens = AuthActor.useSelector((snapshot) => snapshot.context.auth);
  const loginOrigin = AuthActor.useSelector((snapshot) => snapshot.context.loginOrigin);
  const logoutOrigin = AuthActor.useSelector((snapshot) => snapshot.context.logoutOrigin);
  const origins = SessionActor.useSelector(selectOrigins, (a, b) => a.loginOrigin === b.loginOrigin && a.logoutOrigin === b.logoutOrigin);

  useEffect(() => {
    session.send({ type: 'ROUTE_CHANGED', path, hasUser: loggedIn, userArea: loggedIn ? area : null });
  }, [session, path, loggedIn, area]);

  // Only a complete, accepted session is stored; anything else (logged out, refused) removes it.
  useEffect(() => {
    writeStoredSession(loggedIn && user && tokens && area ? { user, auth: tokens, area } : null);
  }, [loggedIn, user, tokens, area]);

  useEffect(() => {
    if (loginOrigin && loginOrigin !== session.getSnapshot().context.loginOrigin) {
      session.send({ type: 'REMEMBER_LOGIN_ORIGIN', origin: loginOrigin });
    }
  }, [session, loginOrigin]);

  useEffect(() => {
    if (logoutOrigin && logoutOrigin !== session.getSnapshot().context.logoutOrigin) {
      session.send({ type: 'REMEMBER_LOGOUT_ORIGIN', origin: logoutOrigin });
    }
  }, [session, logoutOrigin]);

  useEffect(() => {
    writeOrigin('loginOrigin', origins.loginOrigin);
    writeOrigin('logoutOrigin', origins.logoutOrigin);
  }, [origins]);
}
