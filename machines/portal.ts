// The app's root machine. It runs the machines every page needs
// (spinner, modals, auth, session; systemIds of the same names) and holds the rules between them
// that used to live in React hooks (app/bridges/useMachineEvents, useModalActions, useSessionSync):
// a modal the login asks for is opened, a page change the login asks for is announced to the
// router, the session's back-office login and restore reach the login machine, the session machine
// hears of every page and user change, and the tab's storage follows the logged session and the
// pages to return to.
//
// How children talk to it: what a child emits reaches the root through the one generic relay
// (./support/relay.ts) as `<systemId>.<emitted>`; a relay listens from its child's first step (the
// session machine decides its restore while starting). The
// login's and the session's snapshots reach it through `onSnapshot`, announced as AUTH_CHANGED and
// SESSION_CHANGED, and each rule is a guarded transition of its own region. A modal's buttons answer
// their opener directly (machines/modals.ts, `replies`): nothing here reads button names.
//
// What stays outside are the browser's things: the router listens for 'navigate' and reports
// ROUTE_CHANGED; the tab's storage and the focus are actions the app provides (`provide({ actions })`,
// side effects only); the HTTP client talks to spinner and auth by systemId.
import { assign, emit, enqueueActions, raise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { authMachine } from './auth.ts';
import type { Area, AuthEmitted } from './auth/types.ts';
import { modalsMachine, type ModalRequest, type ModalsEmitted } from './modals.ts';
import { sessionMachine, type SessionEmitted, type SessionInput, type StoredSession } from './session.ts';
import { spinnerMachine } from './spinner.ts';
// Types only: the startup machine (with the draft and the steps) comes with the startup pages'
// code, handed in by STARTUP_OPENED, so it is not part of every page's first load.
import type { StartupEmitted, startupMachine } from './startup.ts';
import type { RequestUser } from './draft/types.ts';
import type { MachineInfo } from './support/machine-info.ts';
import { relay, type Relayed } from './support/relay.ts';

/** The systemIds of the root's children: screens and adapters find them with `system.get`. */
export const PortalSystemIds = {
  spinner: 'spinner',
  modals: 'modals',
  auth: 'auth',
  session: 'session',
  /** While a startup page is open (the `startup` region). */
  startup: 'startup',
} as const;

/** What the page load read from the tab (src/web/app/boot.ts). */
export type PortalInput = SessionInput;

export interface Origins {
  loginOrigin: string | null;
  logoutOrigin: string | null;
}

export interface PortalContext {
  /** The page on screen, as the router last reported it. */
  path: string;
  /** The user the session machine was last told of. */
  hasUser: boolean;
  userArea: Area | null;
  /** The logged session as the tab holds it (written by `storeSession`). */
  storedSession: StoredSession | null;
  /** The pages to return to as the tab holds them (written by `storeOrigins`). */
  storedOrigins: Origins;
  /** The login machine's pages to return to, as last seen: only a change is passed on. */
  authOrigins: Origins;
  /** The control that started the last login or logout: focus goes back there from its dialogs. */
  authOpenerId: string | null;
}

/** What the root reads of the login machine's snapshot. */
export interface AuthView extends Origins {
  hasUser: boolean;
  userArea: Area | null;
  /** The complete, accepted session, or null (logged out, refused, half way). */
  session: StoredSession | null;
}

export type PortalEvent =
  | Relayed<'auth', AuthEmitted>
  | Relayed<'session', SessionEmitted>
  | Relayed<'modals', ModalsEmitted>
  | Relayed<'startup', StartupEmitted>
  /**
   * The startup pages mounted, for this citizen, on this page (src/web/enrolment/EnrolmentProvider.tsx),
   * handing in the startup machine with its side effects provided (it loads with those pages).
   */
  | { type: 'STARTUP_OPENED'; logic: StartupLogic; user: RequestUser | null; url: string }
  /** The startup pages unmounted. */
  | { type: 'STARTUP_CLOSED' }
  /** The router adapter: the page on screen changed. */
  | { type: 'ROUTE_CHANGED'; path: string }
  /** A screen starts a login or logout from this control (or from none). */
  | { type: 'NOTE_AUTH_OPENER'; openerId: string | null }
  /** Raised from the login machine's snapshot. */
  | ({ type: 'AUTH_CHANGED' } & AuthView)
  /** Raised from the session machine's snapshot. */
  | ({ type: 'SESSION_CHANGED' } & Origins);

/** The startup machine with its side effects provided (src/web/actors/enrolment.ts). */
export type StartupLogic = typeof startupMachine;

export type PortalEmitted =
  /** For the router adapter. `replace` keeps callback URLs out of the history. */
  { type: 'navigate'; to: string; replace: boolean };

/**
 * Side effects the app must provide; a missing one fails loudly. Written inline in `setup` as
 * `(_, params: …) => notProvided(name)`: a pre-typed function there breaks xstate's inference of
 * the enqueueActions actions (TS then types the machine's guards and actions as never).
 */
function notProvided(name: string): never {
  throw new Error(`portal: action "${name}" not provided; pass it with machine.provide({ actions })`);
}

export function authViewOf(snapshot: SnapshotFrom<typeof authMachine>): AuthView {
  const { user, auth, area, loginOrigin, logoutOrigin } = snapshot.context;
  const hasUser = user !== null && auth !== null;
  return {
    hasUser,
    userArea: hasUser ? area : null,
    session: hasUser && area ? { user, auth, area } : null,
    loginOrigin,
    logoutOrigin,
  };
}

function sameSession(a: StoredSession | null, b: StoredSession | null): boolean {
  return a === b || (a !== null && b !== null && a.user === b.user && a.auth === b.auth && a.area === b.area);
}

export const portalMachine = setup({
  types: {
    context: {} as PortalContext,
    events: {} as PortalEvent,
    emitted: {} as PortalEmitted,
    input: {} as PortalInput,
  },
  actors: {
    spinner: spinnerMachine,
    modals: modalsMachine,
    auth: authMachine,
    session: sessionMachine,
    relay,
  },
  guards: {
    isOtherUser: ({ context }, params: { hasUser: boolean; userArea: Area | null }) =>
      context.hasUser !== params.hasUser || context.userArea !== params.userArea,
    isOtherSessionToStore: ({ context }, params: { session: StoredSession | null }) => !sameSession(context.storedSession, params.session),
    areOtherOriginsToStore: ({ context }, params: Origins) =>
      context.storedOrigins.loginOrigin !== params.loginOrigin || context.storedOrigins.logoutOrigin !== params.logoutOrigin,
    // Only a new origin of the login machine is news: a logout's FORGET_ORIGINS must not be undone by
    // the origin the login machine still holds.
    hasNewLoginOrigin: ({ context }, params: { origin: string | null }) => params.origin !== null && params.origin !== context.authOrigins.loginOrigin,
    hasNewLogoutOrigin: ({ context }, params: { origin: string | null }) => params.origin !== null && params.origin !== context.authOrigins.logoutOrigin,
  },
  actions: {
    announceAuth: raise((_, params: AuthView) => ({ type: 'AUTH_CHANGED' as const, ...params })),
    announceSession: raise((_, params: Origins) => ({ type: 'SESSION_CHANGED' as const, ...params })),
    notePath: assign((_, params: { path: string }) => ({ path: params.path })),
    noteUser: assign((_, params: { hasUser: boolean; userArea: Area | null }) => ({ hasUser: params.hasUser, userArea: params.userArea })),
    tellSessionRoute: sendTo(PortalSystemIds.session, ({ context }) => ({
      type: 'ROUTE_CHANGED' as const,
      path: context.path,
      hasUser: context.hasUser,
      userArea: context.hasUser ? context.userArea : null,
    })),
    // Storage adapter (src/web/app): writes or removes the tab's session. Side effect only.
    storeSession: (_, _params: { session: StoredSession | null }) => notProvided('storeSession'),
    noteStoredSession: assign((_, params: { session: StoredSession | null }) => ({ storedSession: params.session })),
    // Storage adapter: writes (or removes) both pages to return to. Side effect only.
    storeOrigins: (_, _params: Origins) => notProvided('storeOrigins'),
    noteStoredOrigins: assign((_, params: Origins) => ({ storedOrigins: { loginOrigin: params.loginOrigin, logoutOrigin: params.logoutOrigin } })),
    passLoginOrigin: sendTo(PortalSystemIds.session, (_, params: { origin: string }) => ({ type: 'REMEMBER_LOGIN_ORIGIN' as const, origin: params.origin })),
    noteAuthLoginOrigin: assign(({ context }, params: { origin: string }) => ({ authOrigins: { ...context.authOrigins, loginOrigin: params.origin } })),
    passLogoutOrigin: sendTo(PortalSystemIds.session, (_, params: { origin: string }) => ({ type: 'REMEMBER_LOGOUT_ORIGIN' as const, origin: params.origin })),
    noteAuthLogoutOrigin: assign(({ context }, params: { origin: string }) => ({ authOrigins: { ...context.authOrigins, logoutOrigin: params.origin } })),
    noteAuthOpener: assign((_, params: { openerId: string | null }) => ({ authOpenerId: params.openerId })),
    // A dialog the login machine asks for names no opener: focus returns to the control that
    // started the login or logout.
    openAuthModal: sendTo(PortalSystemIds.modals, ({ context }, params: { modal: ModalRequest }) => {
      const openerId = params.modal.openerId ?? context.authOpenerId;
      return { type: 'OPEN' as const, modal: openerId ? { ...params.modal, openerId } : params.modal };
    }),
    announceNavigation: emit((_, params: { to: string; replace: boolean }) => ({ type: 'navigate' as const, to: params.to, replace: params.replace })),
    restoreAuthSession: sendTo(PortalSystemIds.auth, (_, params: { session: StoredSession }) => ({
      type: 'RESTORE' as const,
      user: params.session.user,
      auth: params.session.auth,
      area: params.session.area,
    })),
    // The session machine asks for a login only on back-office paths without a staff user: such a
    // login begins from the back-office root by definition.
    startBackOfficeLogin: sendTo(PortalSystemIds.auth, (_, params: { origin: string; silent: boolean }) => ({
      type: 'LOGIN' as const,
      area: 'BO' as const,
      origin: params.origin,
      fromBackOfficeRoot: true,
      silent: params.silent,
    })),
    openStartup: enqueueActions(({ enqueue }, params: { logic: StartupLogic; user: RequestUser | null; url: string }) => {
      // Handed in, not declared in `actors` (it loads with its pages): xstate's types allow an id only
      // for declared actors, hence the cast; at run time this is a plain spawn with id and systemId.
      const options = { id: 'startup', systemId: PortalSystemIds.startup, input: { user: params.user, url: params.url } };
      enqueue.spawnChild(params.logic, options as never);
      // After the child it listens to (./support/relay.ts).
      enqueue.spawnChild('relay', { id: 'startupRelay', input: { systemId: PortalSystemIds.startup } });
    }),
    closeStartup: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('startupRelay');
      enqueue.stopChild('startup');
    }),
    tellStartupRoute: sendTo(PortalSystemIds.startup, (_, params: { path: string }) => ({ type: 'URL_CHANGED' as const, url: params.path })),
    // The draft's dialogs: their buttons answer the draft (or the startup machine) directly.
    announceStartupNavigation: emit((_, params: { to: string; replace: boolean }) => ({ type: 'navigate' as const, to: params.to, replace: params.replace })),
    openStartupModal: sendTo(PortalSystemIds.modals, (_, params: { modal: ModalRequest }) => ({ type: 'OPEN' as const, modal: params.modal })),
    // Focus adapter (src/web/app): moves focus to the element with this DOM id, if it is there.
    focusOpener: (_, _params: { openerId: string | null }) => notProvided('focusOpener'),
  },
}).createMachine({
  id: 'portal',
  description: 'The app’s machines and the rules between them.',
  context: ({ input }) => ({
    path: input.path,
    hasUser: false,
    userArea: null,
    storedSession: input.stored,
    storedOrigins: { loginOrigin: input.loginOrigin ?? null, logoutOrigin: input.logoutOrigin ?? null },
    authOrigins: { loginOrigin: null, logoutOrigin: null },
    authOpenerId: null,
  }),
  invoke: [
    { id: 'spinner', systemId: PortalSystemIds.spinner, src: 'spinner' },
    // Each relay right after its child: created before the child starts, it hears its first step.
    { id: 'modals', systemId: PortalSystemIds.modals, src: 'modals' },
    { id: 'modalsRelay', src: 'relay', input: { systemId: PortalSystemIds.modals } },
    {
      id: 'auth',
      systemId: PortalSystemIds.auth,
      src: 'auth',
      onSnapshot: { actions: { type: 'announceAuth', params: ({ event }) => authViewOf(event.snapshot) } },
    },
    { id: 'authRelay', src: 'relay', input: { systemId: PortalSystemIds.auth } },
    {
      id: 'session',
      systemId: PortalSystemIds.session,
      src: 'session',
      input: ({ context }) => ({
        stored: context.storedSession,
        path: context.path,
        loginOrigin: context.storedOrigins.loginOrigin,
        logoutOrigin: context.storedOrigins.logoutOrigin,
      }),
      onSnapshot: {
        actions: {
          type: 'announceSession',
          params: ({ event }) => ({ loginOrigin: event.snapshot.context.loginOrigin, logoutOrigin: event.snapshot.context.logoutOrigin }),
        },
      },
    },
    { id: 'sessionRelay', src: 'relay', input: { systemId: PortalSystemIds.session } },
  ],
  type: 'parallel',
  states: {
    messages: {
      description: 'Passes on what the machines ask for: dialogs, page changes, the session’s restore and back-office login, focus.',
      initial: 'passing',
      states: {
        passing: {
          description: 'Every request of a machine is passed on as it comes.',
          on: {
            'auth.modal': { actions: { type: 'openAuthModal', params: ({ event }) => ({ modal: event.modal }) } },
            'auth.navigate': { actions: { type: 'announceNavigation', params: ({ event }) => ({ to: event.to, replace: event.replace }) } },
            'session.restore': { actions: { type: 'restoreAuthSession', params: ({ event }) => ({ session: event.session }) } },
            'session.startLogin': {
              actions: { type: 'startBackOfficeLogin', params: ({ event }) => ({ origin: event.origin, silent: event.silent }) },
            },
            'modals.restoreFocus': { actions: { type: 'focusOpener', params: ({ event }) => ({ openerId: event.openerId }) } },
            NOTE_AUTH_OPENER: { actions: { type: 'noteAuthOpener', params: ({ event }) => ({ openerId: event.openerId }) } },
          },
        },
      },
    },
    route: {
      description: 'Keeps the session machine told of the page on screen and of the logged user.',
      initial: 'watching',
      states: {
        watching: {
          description: 'Every page change, and every change of user, is reported to the session machine.',
          on: {
            ROUTE_CHANGED: { actions: [{ type: 'notePath', params: ({ event }) => ({ path: event.path }) }, 'tellSessionRoute'] },
            AUTH_CHANGED: {
              guard: { type: 'isOtherUser', params: ({ event }) => ({ hasUser: event.hasUser, userArea: event.userArea }) },
              actions: [{ type: 'noteUser', params: ({ event }) => ({ hasUser: event.hasUser, userArea: event.userArea }) }, 'tellSessionRoute'],
            },
          },
        },
      },
    },
    loginOrigin: {
      description: 'Passes the page to return to after login, chosen by the login machine, to the session machine.',
      initial: 'watching',
      states: {
        watching: {
          description: 'A new page to return to after login is passed on.',
          on: {
            AUTH_CHANGED: {
              guard: { type: 'hasNewLoginOrigin', params: ({ event }) => ({ origin: event.loginOrigin }) },
              actions: [
                { type: 'passLoginOrigin', params: ({ event }) => ({ origin: event.loginOrigin ?? '' }) },
                { type: 'noteAuthLoginOrigin', params: ({ event }) => ({ origin: event.loginOrigin ?? '' }) },
              ],
            },
          },
        },
      },
    },
    logoutOrigin: {
      description: 'Passes the page to return to after logout, chosen by the login machine, to the session machine.',
      initial: 'watching',
      states: {
        watching: {
          description: 'A new page to return to after logout is passed on.',
          on: {
            AUTH_CHANGED: {
              guard: { type: 'hasNewLogoutOrigin', params: ({ event }) => ({ origin: event.logoutOrigin }) },
              actions: [
                { type: 'passLogoutOrigin', params: ({ event }) => ({ origin: event.logoutOrigin ?? '' }) },
                { type: 'noteAuthLogoutOrigin', params: ({ event }) => ({ origin: event.logoutOrigin ?? '' }) },
              ],
            },
          },
        },
      },
    },
    storage: {
      description: 'Keeps the tab’s storage in step: the logged session, and the pages to return to.',
      initial: 'writing',
      states: {
        writing: {
          description: 'A changed session or changed pages to return to are written; anything but a complete session removes it.',
          on: {
            AUTH_CHANGED: {
              guard: { type: 'isOtherSessionToStore', params: ({ event }) => ({ session: event.session }) },
              actions: [
                { type: 'storeSession', params: ({ event }) => ({ session: event.session }) },
                { type: 'noteStoredSession', params: ({ event }) => ({ session: event.session }) },
              ],
            },
            SESSION_CHANGED: {
              guard: { type: 'areOtherOriginsToStore', params: ({ event }) => ({ loginOrigin: event.loginOrigin, logoutOrigin: event.logoutOrigin }) },
              actions: [
                { type: 'storeOrigins', params: ({ event }) => ({ loginOrigin: event.loginOrigin, logoutOrigin: event.logoutOrigin }) },
                { type: 'noteStoredOrigins', params: ({ event }) => ({ loginOrigin: event.loginOrigin, logoutOrigin: event.logoutOrigin }) },
              ],
            },
          },
        },
      },
    },
    startup: {
      description: 'The startup process (./startup.ts: the draft and the steps) while its pages are open.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No startup page is open.',
          on: {
            STARTUP_OPENED: {
              target: 'open',
              actions: { type: 'openStartup', params: ({ event }) => ({ logic: event.logic, user: event.user, url: event.url }) },
            },
          },
        },
        open: {
          description: 'A startup page is open: the startup machine runs, and hears every page change.',
          on: {
            STARTUP_CLOSED: { target: 'closed', actions: 'closeStartup' },
            ROUTE_CHANGED: { actions: { type: 'tellStartupRoute', params: ({ event }) => ({ path: event.path }) } },
            'startup.modal': { actions: { type: 'openStartupModal', params: ({ event }) => ({ modal: event.modal }) } },
            'startup.navigate': { actions: { type: 'announceStartupNavigation', params: ({ event }) => ({ to: event.to, replace: event.replace }) } },
          },
        },
      },
    },
  },
});

export const portalMachineInfo: MachineInfo<typeof portalMachine> = {
  id: 'portal',
  machine: portalMachine,
  title: 'The app (root of the machines)',
  purpose:
    'Runs the machines every page needs (login, session, dialogs, spinner) as one system, and holds the ' +
    'rules between them: a dialog the login asks for is opened; a page change it asks for is made; the ' +
    'session’s restore of a stored login and its back-office login reach the login machine; the session ' +
    'machine hears of every page and user change; the pages to return to after login and logout pass from ' +
    'the login machine to the session machine; and the browser tab keeps the logged session and those ' +
    'pages. While a page of the startup process is open, the startup machine runs too (the draft and its ' +
    'steps): it hears every page change, and its dialogs and page changes are passed on like the login’s. ' +
    'Dialog buttons answer the machine that opened the dialog directly. Moving between pages, ' +
    'browser storage and focus stay with the app.',
  guards: {
    isOtherUser: 'The logged user (or its absence, or its area) is not the one the session machine was last told of.',
    isOtherSessionToStore: 'The logged session is not the one the tab holds.',
    areOtherOriginsToStore: 'The session machine’s pages to return to are not the ones the tab holds.',
    hasNewLoginOrigin: 'The login machine chose a new page to return to after login.',
    hasNewLogoutOrigin: 'The login machine chose a new page to return to after logout.',
  },
  actions: {
    announceAuth: 'Reads the login machine’s user, session and pages to return to.',
    announceSession: 'Reads the session machine’s pages to return to.',
    notePath: 'Remembers the page on screen.',
    noteUser: 'Remembers the logged user and area.',
    tellSessionRoute: 'Tells the session machine the page and the user now (ROUTE_CHANGED).',
    storeSession: 'Writes the logged session to the tab, or removes it.',
    noteStoredSession: 'Remembers the session the tab now holds.',
    storeOrigins: 'Writes the pages to return to after login and logout to the tab (or removes them).',
    noteStoredOrigins: 'Remembers the pages to return to the tab now holds.',
    passLoginOrigin: 'Tells the session machine the new page to return to after login.',
    noteAuthLoginOrigin: 'Remembers the login machine’s page to return to after login.',
    passLogoutOrigin: 'Tells the session machine the new page to return to after logout.',
    noteAuthLogoutOrigin: 'Remembers the login machine’s page to return to after logout.',
    noteAuthOpener: 'Remembers the control that started the login or logout.',
    openAuthModal: 'Opens the dialog the login machine asks for; focus returns to the control that started the login or logout.',
    announceNavigation: { says: 'Goes to the page the login machine asks for.', page: 'the page the login machine names' },
    restoreAuthSession: 'Hands the stored session to the login machine (RESTORE), which checks it again.',
    startBackOfficeLogin: {
      says: 'Starts the back-office login the session machine asks for (from the back-office root, silently first).',
      page: 'the identity provider, then back to the page asked for',
    },
    focusOpener: 'Puts focus back on the element that opened the dialog just closed.',
    openStartup:
      'Starts the startup machine the startup pages hand in (the draft and the steps), as systemId startup, with the citizen and the page on screen.',
    closeStartup: 'Stops the startup machine: the startup pages were left.',
    tellStartupRoute: 'Tells the startup process the page on screen (URL_CHANGED).',
    openStartupModal: 'Opens the dialog the startup process (its draft) asks for.',
    announceStartupNavigation: {
      says: 'Goes to the page the startup process asks for.',
      page: 'the step, the process entry or the service page the draft or the steps name',
    },
  },
};
