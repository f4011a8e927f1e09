// Holds mocked HTTP replies until the model path says how the actor behind them ends: the step
// `xstate.done.actor.<id>` releases the waiting request with the path's output, `xstate.error.actor.<id>`
// with a failure. Keyed by the invoke id, like the pure runner's gated fake actors
// (tests/machines/support/gates.ts), so the app passes through the same in-flight states.
import { waitFor } from '@testing-library/react';

export type GateReply = { ok: true; output: unknown } | { ok: false; error: unknown };

export function createHttpGates() {
  const waiting = new Map<string, Array<(reply: GateReply) => void>>();
  const queue = (id: string) => waiting.get(id) ?? [];

  return {
    /** Called by an msw handler: resolves when the path completes or fails actor `id`. */
    hold(id: string, signal?: AbortSignal): Promise<GateReply> {
      return new Promise((resolve) => {
        waiting.set(id, [...queue(id), resolve]);
        // An abandoned request (the actor was stopped) must not take the next release.
        signal?.addEventListener('abort', () =>
          waiting.set(
            id,
            queue(id).filter((waiter) => waiter !== resolve),
          ),
        );
      });
    },
    /** Waits for the request to arrive (the app sends it asynchronously), then answers it. */
    async release(id: string, reply: GateReply): Promise<void> {
      await waitFor(() => {
        if (queue(id).length === 0) throw new Error(`no request of "${id}" is waiting`);
      });
      const [first, ...rest] = queue(id);
      waiting.set(id, rest);
      first?.(reply);
    },
  };
}

export type HttpGates = ReturnType<typeof createHttpGates>;
