// Spec §4 "Session": restore from stored data on reload, never a front-office user on a back-office
// path, and a back-office path without a back-office user starts the back-office login. The machine
// only decides; the app reads storage into `input`, forwards 'restore' to the auth machine and
// 'startLogin' to auth LOGIN, and reports every route or user change with ROUTE_CHANGED.
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { TokenResponse } from '#shared/api/auth.ts';
import type { User } from '#shared/domain.ts';
import type { Area } from './auth/types.ts';
import type { MachineInfo } from './support/machine-info.ts';
import { isBackOfficePath } from './support/routes.ts';

export interface StoredSession {
  user: User;
  auth: TokenResponse;
  area: Area;
}

export interface SessionInput {
  /** What session storage held at load time, or null. */
  stored: StoredSession | null;
  /** The path the app loaded on. */
  path: string;
  /** Origins stored by an earlier page of this tab (spec §3 "Session data kept"). */
  loginOrigin?: string | null;
  logoutOrigin?: string | null;
}

export interface SessionContext {
  path: string;
  hasUser: boolean;
  userArea: Area | null;
  /** The stored session handed back at start, or null when nothing was (or could be) restored. */
  restored: StoredSession | null;
  loginOrigin: string | null;
  logoutOrigin: string | null;
}

export type SessionEvent =
  /** Sent on every navigation and whenever the logged user changes. */
  | { type: 'ROUTE_CHANGED'; path: string; hasUser: boolean; userArea: Area | null }
  | { type: 'REMEMBER_LOGIN_ORIGIN'; origin: string }
  | { type: 'REMEMBER_LOGOUT_ORIGIN'; origin: string }
  /** The return after logout is done: nothing of the person who left stays in the tab (docs/architecture.md "The citizen's journey with real data"). */
  | { type: 'FORGET_ORIGINS' };

export type SessionEmitted =
  /** Forward to the auth machine as RESTORE. */
  | { type: 'restore'; session: StoredSession }
  /**
   * Forward to the auth machine as LOGIN. Silent first: a back-office link opened in a new tab signs
   * in through the provider's live session without a page (docs/architecture.md "The clerks' desk"); the auth machine falls
   * back to the provider's sign-in page when there is none.
   */
  | { type: 'startLogin'; area: 'BO'; origin: string; silent: true };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    input: {} as SessionInput,
  },
  guards: {
    // A front-office user is not restored on back-office paths (spec §4).
    canRestoreStored: ({ context }) => context.restored !== null && !(context.restored.area === 'FO' && isBackOfficePath(context.path)),
    needsBackOfficeLogin: ({ context }) => isBackOfficePath(context.path) && !(context.hasUser && context.userArea === 'BO'),
    // React may report the same route twice; only a real change re-runs the guard (and a login start).
    isUnchangedRoute: ({ context }, params: { path: string; hasUser: boolean; userArea: Area | null }) =>
      context.path === params.path && context.hasUser === params.hasUser && context.userArea === params.userArea,
  },
  actions: {
    adoptStored: assign(({ context }) => ({ hasUser: true, userArea: context.restored?.area ?? null })),
    emitRestore: emit(({ context }) => {
      if (!context.restored) throw new Error('session: nothing to restore');
      return { type: 'restore' as const, session: context.restored };
    }),
    discardStored: assign({ restored: null }),
    assignRoute: assign((_, params: { path: string; hasUser: boolean; userArea: Area | null }) => ({
      path: params.path,
      hasUser: params.hasUser,
      userArea: params.hasUser ? params.userArea : null,
    })),
    // Login returns to the back-office page the user asked for.
    rememberPathAsLoginOrigin: assign(({ context }) => ({ loginOrigin: context.path })),
    emitStartLogin: emit(({ context }) => ({ type: 'startLogin' as const, area: 'BO' as const, origin: context.path, silent: true as const })),
    rememberLoginOrigin: assign((_, params: { origin: string }) => ({ loginOrigin: params.origin })),
    rememberLogoutOrigin: assign((_, params: { origin: string }) => ({ logoutOrigin: params.origin })),
    forgetOrigins: assign({ loginOrigin: null, logoutOrigin: null }),
  },
}).createMachine({
  id: 'session',
  description: 'Session restore on reload and the back-office route guard.',
  context: ({ input }) => ({
    path: input.path,
    hasUser: false,
    userArea: null,
    restored: input.stored,
    loginOrigin: input.loginOrigin ?? null,
    logoutOrigin: input.logoutOrigin ?? null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'At load: restores the stored session unless it is a front-office user on a back-office path.',
      always: [
        { guard: 'canRestoreStored', target: 'guarding', actions: ['adoptStored', 'emitRestore'] },
        { target: 'guarding', actions: 'discardStored' },
      ],
    },
    guarding: {
      description: 'Checks the current path against the current user.',
      always: [
        { guard: 'needsBackOfficeLogin', target: 'active.loginRequired', actions: ['rememberPathAsLoginOrigin', 'emitStartLogin'] },
        { target: 'active.ready' },
      ],
    },
    active: {
      description: 'Waiting for route and user changes.',
      initial: 'ready',
      on: {
        ROUTE_CHANGED: [
          {
            guard: {
              type: 'isUnchangedRoute',
              params: ({ event }) => ({ path: event.path, hasUser: event.hasUser, userArea: event.userArea }),
            },
          },
          {
            target: 'guarding',
            actions: {
              type: 'assignRoute',
              params: ({ event }) => ({ path: event.path, hasUser: event.hasUser, userArea: event.userArea }),
            },
          },
        ],
        REMEMBER_LOGIN_ORIGIN: { actions: { type: 'rememberLoginOrigin', params: ({ event }) => ({ origin: event.origin }) } },
        REMEMBER_LOGOUT_ORIGIN: { actions: { type: 'rememberLogoutOrigin', params: ({ event }) => ({ origin: event.origin }) } },
        FORGET_ORIGINS: { actions: 'forgetOrigins' },
      },
      states: {
        ready: { description: 'The current path is allowed for the current user.' },
        loginRequired: { description: 'Back-office path without a back-office user: the back-office login was started.' },
      },
    },
  },
});

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The session to hand to the auth machine (RESTORE), read from the snapshot as well as emitted. */
export function selectRestoredSession(snapshot: SessionSnapshot): StoredSession | null {
  return snapshot.context.restored;
}

export function selectIsLoginRequired(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ active: 'loginRequired' });
}

export function selectOrigins(snapshot: SessionSnapshot): { loginOrigin: string | null; logoutOrigin: string | null } {
  return { loginOrigin: snapshot.context.loginOrigin, logoutOrigin: snapshot.context.logoutOrigin };
}

export const sessionMachineInfo: MachineInfo<typeof sessionMachine> = {
  id: 'session',
  machine: sessionMachine,
  title: 'Session and route guard',
  purpose:
    'Decides, when the page loads, whether the user stored in the browser tab is put back: a citizen ' +
    '(front-office user) is never restored on a back-office page. Afterwards it watches every page change: ' +
    'a back-office page without a logged-in staff member starts the back-office login, and the page asked ' +
    'for is remembered so the user comes back to it. It also keeps the pages to return to after login and ' +
    'after logout, and forgets both once the return after a logout is done. Reading and writing browser ' +
    'storage and moving between pages stay with the app.',
  guards: {
    canRestoreStored: 'A session is stored in the tab, and it is not a citizen’s on a back-office page.',
    needsBackOfficeLogin: 'The page is in the back office and no staff member is logged in.',
    isUnchangedRoute: 'The page and the user are the ones already known (React reported the same route twice).',
  },
  actions: {
    adoptStored: 'Takes the stored session’s user as the current one.',
    emitRestore: 'Tells the app to put the stored session back (the login machine restores it).',
    discardStored: 'Forgets the stored session.',
    assignRoute: 'Remembers the page and the user now shown.',
    rememberPathAsLoginOrigin: 'Remembers the back-office page asked for, to come back to it after login.',
    emitStartLogin: {
      says: 'Starts the back-office login, silently first (the provider’s live session, no page of its own).',
      page: 'the identity provider, then back to the page asked for',
    },
    rememberLoginOrigin: 'Remembers the page to return to after login.',
    rememberLogoutOrigin: 'Remembers the page to return to after logout.',
    forgetOrigins: 'Forgets both return pages: nothing of the person who left stays in the tab.',
  },
};
