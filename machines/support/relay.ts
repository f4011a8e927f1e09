// The one generic relay of the actor system (issue #13): a machine that invokes children reads what
// they `emit` as its own events, so every rule about "when X says this, tell Y that" is a transition
// of the parent, drawn in its diagram, instead of a subscription in a React effect.
//
// Contract: invoked with `input: { systemId }`, it finds the actor registered under that systemId
// in the same actor system and sends its parent every event that actor emits, renamed
// `<systemId>.<emitted type>` with the payload unchanged: the draft's
// `{ type: 'navigate', to, replace }` reaches the parent as `{ type: 'draft.navigate', to, replace }`.
// Invoke it after the child it listens to (invokes start in order; the child registers its systemId
// when it is created). It stops listening when it stops; nothing else happens in it.
import { fromCallback, type EventObject } from 'xstate';

/** The events a parent receives from a relay of `TSystemId`'s emitted events `TEmitted`. */
export type Relayed<TSystemId extends string, TEmitted extends EventObject> = TEmitted extends EventObject
  ? Omit<TEmitted, 'type'> & { type: `${TSystemId}.${TEmitted['type']}` }
  : never;

export interface RelayInput {
  /** The systemId of the actor whose emitted events are relayed. */
  systemId: string;
}

export const relay = fromCallback<EventObject, RelayInput>(({ input, system, sendBack }) => {
  const source = system.get(input.systemId);
  // A relay of an actor that is not running is a wiring mistake of the parent: fail loudly.
  if (!source) throw new Error(`relay: no actor with systemId '${input.systemId}' in this system`);
  const subscription = source.on('*', (emitted: EventObject) => sendBack({ ...emitted, type: `${input.systemId}.${emitted.type}` }));
  return () => subscription.unsubscribe();
});
