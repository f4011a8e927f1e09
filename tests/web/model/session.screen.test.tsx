// The session machine (machines/session.ts: the stored user put back on page load, the back-office
// route guard) replayed on the rendered app (docs/machines/README.md). What is injected, and why:
// - the page load: this tab's storage (the session a previous page stored, from the model input)
//   and the path the app is loaded on — a reload is not something a screen control does;
// - ROUTE_CHANGED: the router moves to the path the model names (links and the browser's address
//   bar are the router's business; the user does not change on a navigation);
// - FORGET_ORIGINS: the identity provider sending the browser back to /auth/logout/callback (a
//   router location); the page itself forgets the origins and returns home.
// What a person does is done on screen: the header's login button (REMEMBER_LOGIN_ORIGIN, the auth
// machine's origin reported to the session) and the user menu's "Esci" on the startup mount
// (REMEMBER_LOGOUT_ORIGIN). The calls that would end the page (the token revoke, the request list
// the startup entry waits for) are held, so the page stays where the model says.
//
// The session machine runs in the app's actor system (machines/portal.ts): this file observes that
// system through MachineInspectContext, the observer keeping the session machine's events;
// everything of the app is real. The model is the pure suite's (tests/machines/models/session.model.ts) with
// the events limited to what the screens and the router can cause; the model is small, so every
// path it has runs (each edge after the shortest path to its source), every load situation among
// them. The last test asserts that the running machine
// went through every state and every transition of the session machine, and that no part of the
// app sent it an event its state does not accept.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import { sessionMachine, type StoredSession } from '#machines/session.ts';
import { isBackOfficePath } from '#machines/support/routes.ts';
import { luca, mario, tokensFor } from '#mocks/fixtures/identities.ts';
import { authUrls } from '#mocks/handlers/auth.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { browserWindow } from '#web/auth/browser.ts';
import { writeStoredSession } from '#web/auth/storage.ts';
import { MachineInspectContext } from '#web/app/machines.ts';
import { routes } from '#web/routes/routes.tsx';
import { sessionModel } from '../../machines/models/session.model.ts';
import { serializeModelState, type ModelSpec } from '../../machines/support/model.ts';
import { generatePaths } from '../../machines/support/paths.ts';
import { replayPath, type PathDriver } from '../../machines/support/replay.ts';
import { server } from '../msw-server.ts';
import { createScreenObserver } from './screen-coverage.ts';

const relay = { inspect: (_event: InspectionEvent) => {} };

type Snapshot = SnapshotFrom<typeof sessionMachine>;

const BACK_OFFICE = '/back-office/requests';
/** Where the router takes the app in the model: a public front-office page and a back-office page. */
const DESTINATIONS = ['/', BACK_OFFICE];
const citizen: StoredSession = { user: mario, auth: tokensFor('mario'), area: 'FO' };
const staff: StoredSession = { user: luca, auth: tokensFor('luca'), area: 'BO' };

const screenModel: ModelSpec<typeof sessionMachine> = {
  ...sessionModel,
  inputs: [
    { name: 'nothing stored, home', input: { stored: null, path: '/' } },
    { name: 'nothing stored, back office', input: { stored: null, path: BACK_OFFICE } },
    // The startup mount: the only front-office place whose logout remembers an origin (spec §4 "Logout").
    { name: 'citizen stored, startup', input: { stored: citizen, path: '/startup' } },
    { name: 'citizen stored, back office', input: { stored: citizen, path: BACK_OFFICE } },
    { name: 'staff stored, back office', input: { stored: staff, path: BACK_OFFICE } },
  ],
  payloads: {
    ROUTE_CHANGED: ({ context }) =>
      DESTINATIONS.filter((path) => path !== context.path).map((path) => ({ path, hasUser: context.hasUser, userArea: context.userArea })),
    // The header's login button: a visitor on a front-office page before any login started.
    REMEMBER_LOGIN_ORIGIN: ({ context }) =>
      !context.hasUser && !isBackOfficePath(context.path) && context.loginOrigin === null ? [{ origin: context.path }] : [],
    // The user menu's "Esci" of a citizen on the startup mount, which returns there.
    REMEMBER_LOGOUT_ORIGIN: ({ context }) => (context.userArea === 'FO' && context.path === '/startup' ? [{ origin: '/startup' }] : []),
    // The provider's return after a logout lands a visitor home: only from home does the page stay put.
    FORGET_ORIGINS: ({ context }) => (!context.hasUser && context.path === '/' ? [{}] : []),
  },
};

// Small enough to run every path the model has (each edge after the shortest path to its source),
// so each load situation is replayed, not only the fewest paths that cover the machine.
const paths = generatePaths(screenModel);
const observer = createScreenObserver(sessionMachine);
const tally = { paths: 0, steps: 0, byUser: 0, navigations: 0, loads: 0, repeatedRoutes: 0 };

/**
 * A route report of the page and user already known (React reports a route twice, and the mount
 * reports the load's own) is taken by the machine's `isUnchangedRoute` transition, which on purpose
 * does nothing; xstate's `can()`, which the observer asks, calls such an event refused. It is judged
 * here instead: accepted by that guard, counted, and not passed on as an event (its microstep is).
 */
function isDeliberatelyIgnored(event: InspectionEvent): boolean {
  if (event.type !== '@xstate.event' || event.event.type !== 'ROUTE_CHANGED') return false;
  const ref = event.actorRef as unknown as { logic: { id?: string }; getSnapshot(): Snapshot };
  if (ref.logic.id !== sessionMachine.id || event.sourceRef === event.actorRef) return false;
  const snapshot = ref.getSnapshot();
  if (snapshot.status !== 'active') return false;
  const taken = sessionMachine.getTransitionData(snapshot, event.event as Parameters<typeof sessionMachine.getTransitionData>[1]);
  const ignored = taken.length > 0 && taken.every((transition) => transition.target === undefined && transition.actions.length === 0);
  if (ignored) tally.repeatedRoutes += 1;
  return ignored;
}

relay.inspect = (event) => {
  if (!isDeliberatelyIgnored(event)) observer.inspect(event);
};

/** A reply that never comes (the page would leave, or go on by itself): answered only when abandoned. */
const heldForever = ({ request }: { request: Request }) =>
  new Promise<Response>((resolve) => request.signal.addEventListener('abort', () => resolve(HttpResponse.error())));

const banner = () => screen.getByRole('banner', { hidden: true });
const snapshot = () => observer.actor().getSnapshot() as Snapshot;
/** The client and prompt of the last time the app left for the identity provider. */
const lastLeft = () => {
  const calls = vi.mocked(browserWindow.leave).mock.calls;
  const url = calls.length ? new URL(calls.at(-1)![0]) : null;
  return url ? { client: url.searchParams.get('client_id'), prompt: url.searchParams.get('prompt') } : null;
};

function createDriver(app: ReturnType<typeof renderApp>): PathDriver<typeof sessionMachine> {
  const location = () => app.router.state.location.pathname;
  return {
    async send(event) {
      if (event.type === 'ROUTE_CHANGED') {
        tally.navigations += 1;
        await act(() => app.router.navigate(event.path as string));
        return;
      }
      if (event.type === 'REMEMBER_LOGIN_ORIGIN') {
        tally.byUser += 1;
        const login = await within(banner()).findByRole('link', { name: "Accedi all'area personale" });
        await waitFor(() => expect(login.hasAttribute('disabled')).toBe(false));
        await app.user.click(login);
        await waitFor(() => expect(snapshot().context.loginOrigin).toBe(event.origin));
        return;
      }
      if (event.type === 'REMEMBER_LOGOUT_ORIGIN') {
        tally.byUser += 1;
        // The menu's code loads with the first logged-in render, and the page below may still be
        // arriving (its focus management closes a menu opened before it): wait for the menu to stay open.
        const button = await within(banner()).findByRole('button', { name: /menu utente/ });
        let menu: HTMLElement | null = null;
        await waitFor(async () => {
          if (button.getAttribute('aria-expanded') !== 'true') await app.user.click(button);
          menu = screen.getByRole('menu');
        });
        await app.user.click(within(menu!).getByRole('menuitem', { name: 'Esci' }));
        await waitFor(() => expect(snapshot().context.logoutOrigin).toBe(event.origin));
        return;
      }
      if (event.type === 'FORGET_ORIGINS') {
        tally.navigations += 1;
        await act(() => app.router.navigate('/auth/logout/callback'));
        // The page forgets the origins, then goes on to the return path (home).
        await waitFor(() => expect(location()).toBe('/'));
        await waitFor(() => expect(snapshot().context).toMatchObject({ loginOrigin: null, logoutOrigin: null, path: '/' }));
        return;
      }
      throw new Error(`no screen or router cause for ${event.type}`);
    },
    complete: () => {
      throw new Error('the session machine invokes nothing');
    },
    fail: () => {
      throw new Error('the session machine invokes nothing');
    },
    advance: () => {
      throw new Error('the session machine has no timers');
    },
    async check(step) {
      await waitFor(() => expect(serializeModelState(screenModel, snapshot())).toBe(serializeModelState(screenModel, step.state)));
      const { context } = snapshot();
      const loginRequired = snapshot().matches({ active: 'loginRequired' });
      await waitFor(() => {
        expect(location(), 'the page shown').toBe(context.path);
        // The restored (or logged) user is the one the header shows.
        expect(within(banner()).queryByRole('button', { name: /menu utente/ }) !== null, 'user menu').toBe(context.hasUser);
      });
      if (loginRequired && !context.hasUser) {
        // The guard's login start reached the login machine: the app left silently for the back-office client.
        expect(await screen.findByRole('heading', { level: 1, name: 'Accesso richiesto' })).toBeTruthy();
        await waitFor(() => expect(lastLeft()).toEqual({ client: 'suap-bo', prompt: 'none' }));
      }
    },
  };
}

function load(input: { stored: StoredSession | null; path: string }) {
  tally.loads += 1;
  if (input.stored) writeStoredSession(input.stored);
  server.use(http.delete(authUrls.revoke, heldForever), http.get(`${API_BASE}${ApiPaths.requestList}`, heldForever));
  return renderApp(input.path);
}

/** The real app at `path`, its actor system reporting to the observer. */
function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <MachineInspectContext.Provider value={(event) => relay.inspect(event)}>
      <RouterProvider router={router} />
    </MachineInspectContext.Provider>,
  );
  return { router, user, ...view };
}

describe('session model on the rendered app', () => {
  it('loads the app once (its screens load lazily)', async () => {
    const app = load({ stored: null, path: '/' });
    await screen.findByRole('heading', { level: 1 }, { timeout: 100_000 });
    app.unmount();
  }, 120_000);

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}/${paths.length} [${path.inputName}]: ${path.description}`, async () => {
      const app = load(path.input);
      await waitFor(() => observer.actor());
      try {
        await replayPath(sessionMachine, path, createDriver(app));
      } finally {
        app.unmount();
      }
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
    }, 120_000);
  }

  it('takes back at the first route report a stored session the login machine refuses, and still guards the back office', async () => {
    // A citizen's account stored as staff: the session machine puts it back, the login machine refuses it.
    const app = load({ stored: { user: mario, auth: tokensFor('mario'), area: 'BO' }, path: BACK_OFFICE });
    try {
      await waitFor(() => expect(snapshot().matches({ active: 'loginRequired' })).toBe(true));
      expect(snapshot().context).toMatchObject({ hasUser: false, userArea: null, loginOrigin: BACK_OFFICE });
      expect(await screen.findByRole('heading', { level: 1, name: 'Accesso richiesto' })).toBeTruthy();
      await waitFor(() => expect(lastLeft()).toEqual({ client: 'suap-bo', prompt: 'none' }));
    } finally {
      app.unmount();
    }
  }, 120_000);

  it('went through every state and transition of the session machine, and nothing sent it an event its state refuses', () => {
    expect(tally.paths, 'every path ran').toBe(paths.length);
    expect(new Set(paths.map((path) => path.inputName)).size, 'every load situation').toBe(screenModel.inputs.length);
    const missing = observer.onScreen.missing();
    expect(missing.states).toEqual([]);
    expect(missing.transitions).toEqual([]);
    expect(observer.refused).toEqual([]);
    expect(tally.byUser, 'the login and logout origins came from the header').toBeGreaterThanOrEqual(2);
    // The root machine reports every page change; one that repeats what the session knows (a mount's own
    // route, a user change that keeps the page) is judged above, and there are some.
    expect(tally.repeatedRoutes, 'repeated route reports judged deliberate').toBeGreaterThan(0);
  });

  afterAll(() => {
    observer.onScreen.paths = tally.paths;
    observer.onScreen.steps = tally.steps;
    console.log(
      `session on screen: ${tally.paths}/${paths.length} paths (${tally.loads} page loads), ${tally.steps} steps; ` +
        `${tally.byUser} by the header, ${tally.navigations} router moves, ${tally.repeatedRoutes} repeated route reports ignored; ${observer.onScreen.summary()}`,
    );
  });
});
