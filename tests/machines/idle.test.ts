// The back office's idle sign-out (machines/idle.ts, invoked by the login machine while someone is
// logged in): the timer is a named delay stepped with xstate's SimulatedClock, activity starts it
// again, only staff are watched, and the login machine signs them out keeping their typed forms
// for them alone, while a logout they ask for drops them.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type AnyEventObject } from 'xstate';
import { authMachine } from '#machines/auth.ts';
import type { Area } from '#machines/auth/types.ts';
import { IDLE_ACTOR_ID, idleMachine } from '#machines/idle.ts';
import type { User } from '#shared/domain.ts';
import { boAdmin, citizen, tokens } from './fixtures/identities.ts';
import { createGates } from './support/gates.ts';

const MINUTE = 60_000;
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The login machine with gated side effects and the real idle machine, reading `minutes` from the configuration. */
async function signedIn(user: User, area: Area, minutes: () => Promise<number> = async () => 10) {
  const gates = createGates(authMachine);
  const clock = new SimulatedClock();
  const idle = idleMachine.provide({ actors: { loadIdleMinutes: fromPromise<number, void>(minutes) } });
  const actor = createActor(authMachine.provide({ actors: { ...gates.actors, idle } }), { clock });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  actor.send({ type: 'RESTORE', user, auth: tokens, area });
  await settle();
  const keptForms = () => emitted.filter((event) => event.type === 'keptForms').map(({ command, owner }) => ({ command, owner }));
  const idleActor = () => (actor.getSnapshot().children as Record<string, AnyActorRef | undefined>)[IDLE_ACTOR_ID];
  const activity = () => idleActor()?.send({ type: 'ACTIVITY' });
  const idleState = () => idleActor()?.getSnapshot().value as string | undefined;
  return { actor, gates, clock, keptForms, activity, idleState };
}

describe('back-office idle sign-out', () => {
  it('signs staff out once the configured idle time has passed, not a moment before', async () => {
    const { actor, clock, idleState } = await signedIn(boAdmin, 'BO', async () => 10);
    expect(idleState()).toBe('watching');
    clock.increment(10 * MINUTE - 1);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loggingOut');
  });

  it('starts the idle time again on every activity', async () => {
    const { actor, clock, activity } = await signedIn(boAdmin, 'BO', async () => 10);
    clock.increment(9 * MINUTE);
    activity();
    clock.increment(9 * MINUTE);
    activity();
    clock.increment(9 * MINUTE);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    clock.increment(MINUTE);
    expect(actor.getSnapshot().value).toBe('loggingOut');
  });

  it('uses 30 minutes when the configuration cannot be read', async () => {
    const { actor, clock } = await signedIn(boAdmin, 'BO', () => Promise.reject(new Error('configuration not available')));
    clock.increment(30 * MINUTE - 1);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loggingOut');
  });

  it('never signs a citizen out for being idle', async () => {
    const { actor, clock, idleState } = await signedIn(citizen, 'FO');
    expect(idleState()).toBe('off');
    clock.increment(24 * 60 * MINUTE);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('revokes the token and ends the provider session, keeping the typed forms for the same account and returning to the back-office sign-in', async () => {
    const { actor, gates, clock, keptForms } = await signedIn(boAdmin, 'BO');
    expect(keptForms()).toEqual([{ command: 'claim', owner: `BO:${boAdmin.userId}` }]);
    clock.increment(10 * MINUTE);
    expect(keptForms().at(-1)).toEqual({ command: 'keep', owner: `BO:${boAdmin.userId}` });
    expect(gates.calls.at(-1)).toMatchObject({ id: 'revokeToken', input: { area: 'BO', accessToken: tokens.access_token } });
    gates.release('revokeToken', undefined);
    await settle();
    expect(actor.getSnapshot().value).toBe('endingProviderSession');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, auth: null, idleSignOut: false });
    expect(gates.calls.at(-1)).toMatchObject({ id: 'endProviderSession', input: { area: 'BO', returnTo: '/back-office/requests' } });
    // Nothing dropped: the forms wait for the same person.
    expect(keptForms().map(({ command }) => command)).toEqual(['claim', 'keep']);
  });

  it('drops the typed forms on a logout the person asks for', async () => {
    const { actor, gates, keptForms } = await signedIn(boAdmin, 'BO');
    actor.send({ type: 'LOGOUT' });
    gates.release('revokeToken', undefined);
    await settle();
    expect(actor.getSnapshot().value).toBe('endingProviderSession');
    expect(keptForms().map(({ command }) => command)).toEqual(['claim', 'drop']);
  });

  it('stays signed in when the idle sign-out cannot revoke the token, and a later logout still drops the forms', async () => {
    const { actor, gates, clock, keptForms } = await signedIn(boAdmin, 'BO');
    clock.increment(10 * MINUTE);
    gates.fail('revokeToken', new Error('network down'));
    await settle();
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    actor.send({ type: 'LOGOUT' });
    gates.release('revokeToken', undefined);
    await settle();
    expect(keptForms().map(({ command }) => command)).toEqual(['claim', 'keep', 'claim', 'drop']);
  });
});
