// Example tests drive a machine by hand with the same gated fakes and simulated clock as the
// model runner: start it, send events, release or fail its actors, read what it emitted.
import { createActor, SimulatedClock, type AnyEventObject, type AnyStateMachine, type InputFrom } from 'xstate';
import { createGates } from './gates.ts';

export function drive<TMachine extends AnyStateMachine>(
  machine: TMachine,
  ...[input]: undefined extends InputFrom<TMachine> ? [input?: InputFrom<TMachine>] : [input: InputFrom<TMachine>]
) {
  const gates = createGates(machine);
  const clock = new SimulatedClock();
  const emitted: AnyEventObject[] = [];
  const actor = createActor(machine.provide({ actors: gates.actors }) as TMachine, { clock, input });
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    actor,
    gates,
    clock,
    emitted,
    snapshot: () => actor.getSnapshot(),
    /** Emitted events of one type, in order. */
    emittedOf: (type: string) => emitted.filter((event) => event.type === type),
    /** Completes the running invoke `id` with `output` and lets the machine react. */
    release: async (id: string, output?: unknown) => {
      gates.release(id, output);
      await settle();
    },
    fail: async (id: string, error: unknown = new Error('network down')) => {
      gates.fail(id, error);
      await settle();
    },
    /** Input of the last start of invoke `id`. */
    inputOf: (id: string) => gates.calls.filter((call) => call.id === id).at(-1)?.input,
  };
}
