// The startup machine runs inside the app's root (machines/portal.ts)
// while a startup page is open, so the draft's dialogs are in the same system as the modals queue and
// their buttons answer the draft by systemId, with nothing in between. The login's side effects and
// the draft's HTTP are held or stubbed; the browser's adapters record.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import { draftMachine } from '#machines/draft.ts';
import type { ModalRequest } from '#machines/modals.ts';
import { portalMachine } from '#machines/portal.ts';
import { startupMachine } from '#machines/startup.ts';
import { Timings } from '#shared/constants.ts';
import type { Suap } from '#shared/domain.ts';
import { earlierDraft, requestUser } from './fixtures/requests.ts';
import { createGates } from './support/gates.ts';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function boot() {
  const gates = createGates(draftMachine);
  const offices: Suap[] = [];
  const startup = startupMachine.provide({
    actors: { draft: draftMachine.provide({ actors: gates.actors }), readStoredDraft: fromPromise<string | null, { key: string }>(async () => null) },
    actions: {
      writeStorage: () => {},
      keepSelectedOffice: (_, params) => void offices.push(params.suap),
      openExternalPortal: () => {},
    },
  });
  const logic = portalMachine.provide({
    actions: { storeSession: () => {}, storeOrigins: () => {}, focusOpener: () => {} },
  });
  const clock = new SimulatedClock();
  const root = createActor(logic, { clock, input: { stored: null, loginOrigin: null, logoutOrigin: null, path: '/startup' } });
  const navigations: { to: string; replace: boolean }[] = [];
  root.on('navigate', ({ to, replace }) => void navigations.push({ to, replace }));
  root.start();
  const child = (id: string) => root.system.get(id) as AnyActorRef | undefined;
  const release = async (id: string, output: unknown) => {
    gates.release(id, output);
    await settle();
  };
  /** The dialog on screen is ready for its buttons (spec §9 content delay). */
  const contentShown = () => clock.increment(Timings.modalContentDelay);
  /** What the startup pages send as they mount: the startup machine, the citizen, the page. */
  const opening = { type: 'STARTUP_OPENED' as const, logic: startup, user: requestUser, url: '/startup' };
  return { root, clock, gates, offices, navigations, child, release, contentShown, opening };
}

async function opened() {
  const app = boot();
  app.root.send(app.opening);
  await settle();
  await app.release('loadPersistedDraft', null);
  return app;
}

const lifecycleOf = (draft: AnyActorRef | undefined) => (draft?.getSnapshot().value as { running: { lifecycle: unknown } }).running.lifecycle;

describe('the startup machine inside the app’s root', () => {
  it('runs, with the draft and the steps, only while a startup page is open', async () => {
    const app = boot();
    expect(app.child('startup')).toBeUndefined();
    app.root.send(app.opening);
    expect(app.child('startup')).toBeDefined();
    expect(app.child('draft')?.getSnapshot().machine.id).toBe('draft');
    expect(app.child('enrolment')?.getSnapshot().machine.id).toBe('enrolment');
    app.root.send({ type: 'STARTUP_CLOSED' });
    await settle();
    expect(app.child('startup')).toBeUndefined();
    expect(app.child('draft')).toBeUndefined();
  });

  it('starts afresh when opened again (another person, or the pages mounted again)', async () => {
    const app = await opened();
    const first = app.child('draft');
    app.root.send({ type: 'STARTUP_CLOSED' });
    await settle();
    app.root.send(app.opening);
    expect(app.child('draft')).toBeDefined();
    expect(app.child('draft')).not.toBe(first);
  });

  it('passes every page change on to the steps', async () => {
    const app = await opened();
    app.root.send({ type: 'ROUTE_CHANGED', path: '/startup/notification-contacts' });
    expect(app.child('enrolment')?.getSnapshot().context.url).toBe('/startup/notification-contacts');
  });

  it('goes to the pages the draft asks for (the one router adapter)', async () => {
    const app = await opened();
    app.child('draft')?.send({ type: 'ENTER', user: requestUser, requestId: null });
    await app.release('listDrafts', []);
    expect(app.navigations).toEqual([{ to: '/startup/initial-summary', replace: true }]);
  });

  it('opens the draft-found dialog, whose "restore" answers the draft directly (RESTORE_DRAFT)', async () => {
    const app = await opened();
    app.child('draft')?.send({ type: 'ENTER', user: requestUser, requestId: null });
    await app.release('listDrafts', [earlierDraft]);
    expect(
      app
        .child('modals')
        ?.getSnapshot()
        .context.queue.map((modal: ModalRequest) => modal.kind),
    ).toEqual(['draftFound']);
    app.contentShown();
    app.child('modals')?.send({ type: 'ACTION', action: 'restore' });
    expect(lifecycleOf(app.child('draft'))).toBe('retrieving');
  });

  it('closing the draft-found dialog without a choice goes back to the service page (CANCEL)', async () => {
    const app = await opened();
    app.child('draft')?.send({ type: 'ENTER', user: requestUser, requestId: null });
    await app.release('listDrafts', [earlierDraft]);
    app.child('modals')?.send({ type: 'CLOSE', reason: 'escape' });
    expect(lifecycleOf(app.child('draft'))).toBe('idle');
    expect(app.navigations.at(-1)).toEqual({ to: '/startup-service', replace: false });
  });

  it('the one-stop-shop dialog’s "use this office" answers the startup machine: kept, and back to the entry', async () => {
    const app = await opened();
    const office: Suap = { suapId: 9, name: 'SUAP Milano', pec: 'suap@pec.milano.it', type: 'INT', url: null };
    app.child('modals')?.send({
      type: 'OPEN',
      modal: {
        kind: 'suapException',
        titleKey: 'modals.suap-exception.internal.title',
        replies: { to: 'startup', actions: { 'use-internal': { type: 'USE_INTERNAL_OFFICE', suap: office } } },
      },
    });
    app.contentShown();
    app.child('modals')?.send({ type: 'ACTION', action: 'use-internal' });
    expect(app.offices).toEqual([office]);
    expect(app.navigations.at(-1)).toEqual({ to: '/startup', replace: false });
  });
});
