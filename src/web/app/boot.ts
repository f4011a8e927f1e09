// What the machines start from when the page loads: the session machine's input read from this
// tab's storage, and, when the session machine restores a stored session, the auth machine's
// snapshot after RESTORE. Computed with xstate's pure transition functions before any actor
// starts, so the very first render already shows the restored user and no guard sees a
// "logged out" flash (which would start a needless login).
import { getInitialSnapshot, initialTransition, transition, type Snapshot } from 'xstate';
import { authMachine } from '../../../machines/auth.ts';
import { selectRestoredSession, sessionMachine, type SessionInput, type StoredSession } from '../../../machines/session.ts';
import { readOrigin, readStoredSession } from '../auth/storage.ts';

export interface Boot {
  sessionInput: SessionInput;
  /** Persisted auth snapshot to start from, or undefined to start logged out. */
  authSnapshot: Snapshot<unknown> | undefined;
}

/** The auth machine's own answer to RESTORE (it refuses inactive users and foreign profiles). */
export function restoredAuthSnapshot(session: StoredSession): Snapshot<unknown> | undefined {
  const [initial] = initialTransition(authMachine);
  const [next] = transition(authMachine, initial, { type: 'RESTORE', user: session.user, auth: session.auth, area: session.area });
  return next.matches('loggedIn') ? authMachine.getPersistedSnapshot(next) : undefined;
}

export function bootSession(path: string): Boot {
  const sessionInput: SessionInput = {
    stored: readStoredSession(),
    path,
    loginOrigin: readOrigin('loginOrigin'),
    logoutOrigin: readOrigin('logoutOrigin'),
  };
  const restored = selectRestoredSession(getInitialSnapshot(sessionMachine, sessionInput));
  return { sessionInput, authSnapshot: restored ? restoredAuthSnapshot(restored) : undefined };
}
