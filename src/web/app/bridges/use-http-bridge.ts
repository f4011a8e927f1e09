// Connects the API calls' reports (../../api/bridge.ts, used by the axios client's interceptors
// and by the configuration request) to the running machines: bearer token from auth, spinner
// reports, and on a 401 the current page remembered as the login origin (the user comes back here
// after logging in again) before the session ends.
import { useEffect, useRef } from 'react';
import { waitFor } from 'xstate';
import { useLocation } from 'react-router-dom';
import { selectAccessToken } from '#machines/auth.ts';
import { connectHttp } from '../../api/bridge.ts';
import { AuthActor, SessionActor, SpinnerActor } from '../machines.ts';

export function useHttpBridge(): void {
  const auth = AuthActor.useActorRef();
  const session = SessionActor.useActorRef();
  const spinner = SpinnerActor.useActorRef();
  const location = useLocation();
  const path = useRef('');
  path.current = `${location.pathname}${location.search}`;

  useEffect(
    () =>
      connectHttp({
        accessToken: () => selectAccessToken(auth.getSnapshot()),
        requestStarted: (requestId) => spinner.send({ type: 'REQUEST_STARTED', requestId }),
        requestEnded: (requestId) => spinner.send({ type: 'REQUEST_ENDED', requestId }),
        expired: async () => {
          session.send({ type: 'REMEMBER_LOGIN_ORIGIN', origin: path.current });
          auth.send({ type: 'EXPIRED' });
          // Several calls may fail together: each waits for the one renewal the machine runs.
          const settled = await waitFor(auth, (snapshot) => !snapshot.matches({ loggedIn: 'renewing' }));
          return settled.matches('loggedIn') ? selectAccessToken(settled) : null;
        },
      }),
    [auth, session, spinner],
  );
}
