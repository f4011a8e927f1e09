// The one generic relay of the actor system (docs/machines/README.md): a machine that invokes children reads what
// they `emit` as its own events, so every rule about "when X says this, tell Y that" is a transition
// of the parent, drawn in its diagram, instead of a subscription in a React effect.
//
// Contract: invoked with `input: { systemId }`, it finds the actor registered under that systemId
// in the same actor system and sends its parent every event that actor emits, renamed
// `<systemId>.<emitted type>` with the payload unchanged: the draft's
// `{ type: 'navigate', to, replace }` reaches the parent as `{ type: 'draft.navigate', to, replace }`.
// Invoke it after the child it listens to (the child registers its systemId when it is created).
// It starts listening when it is created, not when it starts: invokes are created in order and
// started afterwards, so the relay already listens when its child takes its first step (the session
// machine decides its restore while starting; a child's entry actions run when it starts). When the
// actor system is stopped and started again (React StrictMode) it listens again. It stops listening
// when it stops; nothing else happens in it.
import type { ActorLogic, ActorSystem, AnyActorRef, EventObject, Snapshot } from 'xstate';

/** The events a parent receives from a relay of `TSystemId`'s emitted events `TEmitted`. */
export type Relayed<TSystemId extends string, TEmitted extends EventObject> = TEmitted extends EventObject
  ? Omit<TEmitted, 'type'> & { type: `${TSystemId}.${TEmitted['type']}` }
  : never;

export interface RelayInput {
  /** The systemId of the actor whose emitted events are relayed. */
  systemId: string;
}

type RelaySnapshot = Snapshot<undefined> & { input: RelayInput };

/** One subscription per running relay; kept out of the snapshot, which stays plain data. */
const listening = new WeakMap<AnyActorRef, { unsubscribe: () => void }>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any system: the relay looks up by id only
function listen(self: AnyActorRef, system: ActorSystem<any>, input: RelayInput): void {
  if (listening.has(self)) return;
  const source = system.get(input.systemId) as AnyActorRef | undefined;
  // A relay of an actor that is not running is a wiring mistake of the parent: fail loudly.
  if (!source) throw new Error(`relay: no actor with systemId '${input.systemId}' in this system`);
  const subscription = source.on('*', (emitted: EventObject) => {
    self._parent?.send({ ...emitted, type: `${input.systemId}.${emitted.type}` });
  });
  listening.set(self, subscription);
}

function stopListening(self: AnyActorRef): void {
  listening.get(self)?.unsubscribe();
  listening.delete(self);
}

export const relay: ActorLogic<RelaySnapshot, EventObject, RelayInput> = {
  config: 'relay',
  getInitialSnapshot: (actorScope, input) => {
    listen(actorScope.self, actorScope.system, input);
    return { status: 'active', output: undefined, error: undefined, input };
  },
  start: (snapshot, actorScope) => listen(actorScope.self, actorScope.system, snapshot.input),
  transition: (snapshot, event, actorScope) => {
    if (event.type !== 'xstate.stop') return snapshot;
    stopListening(actorScope.self);
    return { ...snapshot, status: 'stopped', error: undefined };
  },
  getPersistedSnapshot: (snapshot) => snapshot,
  restoreSnapshot: (snapshot) => snapshot as RelaySnapshot,
};
