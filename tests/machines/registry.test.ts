// House rules every registered machine keeps (DESIGN.md §3): named side effects the app must
// provide, explicit invoke ids, spec timings as named delays, a described state for the docs.
import { describe, expect, it } from 'vitest';
import { createActor, StateMachine, toPromise, type AnyActorLogic } from 'xstate';
import { ConfiguredDelays, Timings } from '#shared/constants.ts';
import { machineRegistry } from '#machines/registry.ts';
import { relay } from '#machines/support/relay.ts';
import { listStates, listTransitions } from '#scripts/diagrams/walk.ts';

describe.each(machineRegistry.map((info) => [info.id, info.machine] as const))('%s', (_id, machine) => {
  const states = listStates(machine);

  it('gives every invoke an explicit id and a named actor', () => {
    for (const { node } of states) {
      const configured = ([] as Array<{ id?: string; src?: unknown }>).concat((node.config.invoke as never) ?? []);
      for (const invoke of configured) {
        expect(invoke.id, `invoke in ${node.id}`).toEqual(expect.any(String));
        expect(Object.keys(machine.implementations.actors)).toContain(invoke.src);
      }
    }
  });

  it('ships placeholder actors that fail until the app provides real ones', async () => {
    for (const [name, logic] of Object.entries(machine.implementations.actors)) {
      // A machine that runs others (portal, startup) invokes them and the relay: those are children
      // of the actor system, not side effects; each child machine keeps this rule itself.
      if (logic instanceof StateMachine || logic === relay) continue;
      const actor = createActor(logic as AnyActorLogic, { input: {} });
      actor.subscribe({ error: () => {} });
      actor.start();
      await expect(toPromise(actor), name).rejects.toThrow(/not provided/);
    }
  });

  it('uses only named delays taken from the spec timings (or configured by a documented variable)', () => {
    const timings = Object.values(Timings) as number[];
    for (const transition of listTransitions(machine).filter((candidate) => candidate.kind === 'after')) {
      expect(transition.delay?.name, transition.key).not.toMatch(/^\d+$/);
      if (transition.delay && transition.delay.name in ConfiguredDelays) continue;
      expect(timings, transition.key).toContain(transition.delay?.ms);
    }
  });

  it('describes every state for the analyst pages', () => {
    for (const { node, key } of states) expect(node.description, key).toEqual(expect.stringMatching(/\S/));
  });
});
