// The app's root machine (docs/machines/README.md, item 2): the real spinner, modals, auth and session machines in
// one actor system, the login's side effects stubbed, the browser's adapters (storage, focus) as
// recording actions. Each test is one wiring rule that used to live in a React hook.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import { Timings } from '#shared/constants.ts';
import { authMachine } from '#machines/auth.ts';
import type { Area, RedirectToProviderInput, RevokeTokenInput } from '#machines/auth/types.ts';
import { portalMachine, type Origins, type PortalInput } from '#machines/portal.ts';
import { BACK_OFFICE_REQUESTS_PATH } from '#machines/support/routes.ts';
import type { StoredSession } from '#machines/session.ts';
import { citizenSession, staffSession } from './models/session.model.ts';

interface Recorded {
  stored: (StoredSession | null)[];
  origins: Origins[];
  focused: (string | null)[];
  redirects: RedirectToProviderInput[];
  revokes: number;
}

function boot(input: Partial<PortalInput> & { path: string }, options: { redirect?: 'hang' | 'fail' } = {}) {
  const recorded: Recorded = { stored: [], origins: [], focused: [], redirects: [], revokes: 0 };
  const auth = authMachine.provide({
    actors: {
      redirectToProvider: fromPromise<void, RedirectToProviderInput>(({ input: redirect }) => {
        recorded.redirects.push(redirect);
        return options.redirect === 'fail' ? Promise.reject(new Error('provider unreachable')) : new Promise<void>(() => {});
      }),
      revokeToken: fromPromise<void, RevokeTokenInput>(() => {
        recorded.revokes += 1;
        return new Promise<void>(() => {});
      }),
    },
  });
  const logic = portalMachine.provide({
    actors: { auth },
    actions: {
      storeSession: (_, params) => void recorded.stored.push(params.session),
      storeOrigins: (_, params) => void recorded.origins.push(params),
      focusOpener: (_, params) => void recorded.focused.push(params.openerId),
    },
  });
  const clock = new SimulatedClock();
  const root = createActor(logic, { clock, input: { stored: null, loginOrigin: null, logoutOrigin: null, ...input } });
  const navigations: { to: string; replace: boolean }[] = [];
  root.on('navigate', ({ to, replace }) => void navigations.push({ to, replace }));
  root.start();
  const child = (id: string) => root.system.get(id) as AnyActorRef;
  const authRef = () => root.system.get('auth') as ReturnType<typeof createActor<typeof authMachine>>;
  return { root, clock, recorded, navigations, child, authRef };
}

const userOf = (auth: { getSnapshot: () => { context: { user: unknown; area: Area | null } } }) => ({
  user: auth.getSnapshot().context.user,
  area: auth.getSnapshot().context.area,
});

describe('portal: one system of actors', () => {
  it('runs spinner, modals, auth and session under their systemIds', () => {
    const { child } = boot({ path: '/' });
    for (const id of ['spinner', 'modals', 'auth', 'session']) expect(child(id)?.getSnapshot().status).toBe('active');
  });

  it('puts a stored session back while starting, before anyone reads the login (no logged-out flash after start)', () => {
    const { authRef, recorded } = boot({ path: '/startup-service', stored: citizenSession });
    expect(authRef().getSnapshot().matches('loggedIn')).toBe(true);
    expect(userOf(authRef())).toEqual({ user: citizenSession.user, area: 'FO' });
    expect(recorded.stored.at(-1)).toEqual(citizenSession);
  });

  it('does not restore a citizen on a back-office path, and removes it from the tab', () => {
    const { authRef, recorded } = boot({ path: '/back-office/requests', stored: citizenSession });
    expect(authRef().getSnapshot().matches('loggedIn')).toBe(false);
    expect(recorded.stored).toEqual([null]);
  });

  it('starts the back-office login the session asks for at load, silently, from the back-office root', async () => {
    const { authRef, recorded } = boot({ path: '/back-office/requests?lang=it' }, { redirect: 'hang' });
    await waitFor(authRef(), (snapshot) => snapshot.matches('redirecting'));
    expect(recorded.redirects).toEqual([{ area: 'BO', origin: '/back-office/requests?lang=it', fromBackOfficeRoot: true, silent: true }]);
  });

  it('tells the session of every page change with the logged user, and starts the login a staff page needs', async () => {
    const { root, child, authRef } = boot({ path: '/', stored: staffSession }, { redirect: 'hang' });
    root.send({ type: 'ROUTE_CHANGED', path: '/back-office/users' });
    expect(child('session').getSnapshot().context).toMatchObject({ path: '/back-office/users', hasUser: true, userArea: 'BO' });
    expect(child('session').getSnapshot().matches({ active: 'ready' })).toBe(true);
    expect(authRef().getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('tells the session when the user changes on the same page (a staff logout on a staff page starts the login again)', async () => {
    const { child, authRef, recorded } = boot({ path: '/back-office/users', stored: staffSession }, { redirect: 'hang' });
    // The renewal is not provided here: it fails, and the session ends.
    authRef().send({ type: 'EXPIRED' });
    await waitFor(authRef(), (snapshot) => snapshot.matches('redirecting'));
    expect(child('session').getSnapshot().context).toMatchObject({ hasUser: false, userArea: null });
    expect(recorded.redirects.at(-1)).toMatchObject({ area: 'BO', silent: true });
    expect(recorded.stored.at(-1)).toBeNull();
  });

  it('opens the dialogs the login asks for, naming the control that started it as the opener', async () => {
    const { root, child, authRef } = boot({ path: '/servizi' }, { redirect: 'fail' });
    root.send({ type: 'NOTE_AUTH_OPENER', openerId: 'login-button' });
    authRef().send({ type: 'LOGIN', area: 'FO', origin: '/servizi' });
    await waitFor(child('modals'), (snapshot) => snapshot.matches('showing'));
    expect(child('modals').getSnapshot().context.queue[0]).toMatchObject({ kind: 'authFailed', variant: 'FO', openerId: 'login-button' });
  });

  it('answers the authentication-failed dialog’s "log in again" with a new login of the same origin, without reading button names', async () => {
    const { root, child, authRef, clock, recorded } = boot({ path: '/servizi' }, { redirect: 'fail' });
    authRef().send({ type: 'LOGIN', area: 'FO', origin: '/servizi' });
    await waitFor(child('modals'), (snapshot) => snapshot.matches('showing'));
    clock.increment(Timings.modalContentDelay);
    child('modals').send({ type: 'ACTION', action: 'login' });
    await waitFor(child('modals'), (snapshot) => snapshot.matches('showing') || snapshot.matches('closing'));
    expect(recorded.redirects.map((redirect) => redirect.origin)).toEqual(['/servizi', '/servizi']);
    expect(root.getSnapshot().status).toBe('active');
  });

  it('answers the staff logout confirmation with the LOGOUT its request carries', async () => {
    const { child, authRef, clock, recorded } = boot({ path: '/back-office/requests', stored: staffSession });
    child('modals').send({
      type: 'OPEN',
      modal: { kind: 'boLogoutConfirm', titleKey: 'modals.bo-logout.title', replies: { to: 'auth', actions: { confirm: { type: 'LOGOUT' } } } },
    });
    clock.increment(Timings.modalContentDelay);
    child('modals').send({ type: 'ACTION', action: 'confirm' });
    await waitFor(authRef(), (snapshot) => snapshot.matches('loggingOut'));
    expect(recorded.revokes).toBe(1);
  });

  it('gives focus back through the focus adapter after a dialog closes', () => {
    const { child, clock, recorded } = boot({ path: '/' });
    child('modals').send({ type: 'OPEN', modal: { kind: 'alert', titleKey: 'a', openerId: 'help-link' } });
    child('modals').send({ type: 'CLOSE', reason: 'escape' });
    clock.increment(Timings.modalFocusPoll);
    expect(recorded.focused).toEqual(['help-link']);
  });

  it('announces the pages the login asks for to the router adapter', () => {
    const { authRef, navigations } = boot({ path: '/' });
    authRef().send({ type: 'LOGOUT' });
    expect(navigations).toEqual([{ to: '/', replace: false }]);
  });

  it('passes the login’s new origins to the session and keeps them in the tab; a FORGET_ORIGINS is not undone', async () => {
    const { child, authRef, recorded } = boot({ path: '/servizi' }, { redirect: 'hang' });
    authRef().send({ type: 'LOGIN', area: 'FO', origin: '/servizi?x=1' });
    expect(child('session').getSnapshot().context.loginOrigin).toBe('/servizi?x=1');
    expect(recorded.origins.at(-1)).toEqual({ loginOrigin: '/servizi?x=1', logoutOrigin: null });
    child('session').send({ type: 'FORGET_ORIGINS' });
    expect(recorded.origins.at(-1)).toEqual({ loginOrigin: null, logoutOrigin: null });
    // Another change of the login machine (the provider is left) leaves the forgotten origin forgotten.
    authRef().send({ type: 'LOGIN', area: 'BO', origin: BACK_OFFICE_REQUESTS_PATH });
    expect(child('session').getSnapshot().context.loginOrigin).toBeNull();
  });

  it('keeps listening after the system is stopped and started again (React StrictMode)', async () => {
    const { root, child, clock, recorded } = boot({ path: '/' });
    // What @xstate/react does on StrictMode's second effect run: stop, put the snapshots back, start.
    const refs: [AnyActorRef & { _processingStatus: number; _snapshot: unknown }, unknown][] = [];
    const collect = (ref: AnyActorRef) => {
      refs.push([ref as never, ref.getSnapshot()]);
      Object.values((ref.getSnapshot() as { children?: Record<string, AnyActorRef> }).children ?? {}).forEach(collect);
    };
    collect(root);
    root.stop();
    for (const [ref, snapshot] of refs) {
      ref._processingStatus = 0;
      ref._snapshot = snapshot;
    }
    root.start();
    child('modals').send({ type: 'OPEN', modal: { kind: 'alert', titleKey: 'a', openerId: 'help-link' } });
    child('modals').send({ type: 'CLOSE', reason: 'escape' });
    clock.increment(Timings.modalFocusPoll);
    expect(recorded.focused).toEqual(['help-link']);
  });
});
