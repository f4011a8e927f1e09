// Fake actors that hold every invoked promise open until the path says how it ends: the step
// `xstate.done.actor.<id>` releases it with its output, `xstate.error.actor.<id>` fails it. So the
// real actor passes through the same "in flight" states the model does. Keyed by invoke id, which
// is also the name in the completion event.
import { fromPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate';

export interface ActorCall {
  /** Invoke id. */
  id: string;
  /** Name of the actor in `setup({ actors })`. */
  src: string;
  input: unknown;
}

interface Pending {
  call: ActorCall;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface Gates {
  /** Pass to `machine.provide({ actors })`. */
  actors: Record<string, AnyActorLogic>;
  /** Every start of a fake, in order. */
  calls: ActorCall[];
  release(id: string, output: unknown): void;
  fail(id: string, error: unknown): void;
  isPending(id: string): boolean;
}

export function createGates(machine: AnyStateMachine): Gates {
  const pending = new Map<string, Pending>();
  const calls: ActorCall[] = [];
  const actorNames = Object.keys(machine.implementations.actors);

  const actors = Object.fromEntries(
    actorNames.map((src) => [
      src,
      fromPromise<unknown, unknown>(({ input, self, signal }) => {
        const call: ActorCall = { id: self.id, src, input };
        calls.push(call);
        return new Promise((resolve, reject) => {
          pending.set(self.id, { call, resolve, reject });
          // Leaving the invoking state stops the actor: forget it so a later invoke starts clean.
          signal.addEventListener('abort', () => {
            if (pending.get(self.id)?.call === call) pending.delete(self.id);
          });
        });
      }),
    ]),
  );

  const take = (id: string): Pending => {
    const entry = pending.get(id);
    if (!entry) throw new Error(`Actor "${id}" is not running, so it cannot complete (running: ${[...pending.keys()].join(', ') || 'none'})`);
    pending.delete(id);
    return entry;
  };

  return {
    actors,
    calls,
    release: (id, output) => take(id).resolve(output),
    fail: (id, error) => take(id).reject(error),
    isPending: (id) => pending.has(id),
  };
}
