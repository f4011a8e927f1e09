// Holds mocked HTTP replies for a screen's own machine until the model path says how its actor ends.
// Unlike http-gates.ts, a newer request of the same actor supersedes the older one: the screens'
// machines do not abort a load they leave (the answer is dropped instead), so the request still on
// the wire is a stale one; it is answered with a failure the machine no longer listens to, and the
// release always answers the latest request, the one the running actor waits for.
import { waitFor } from '@testing-library/react';
import type { GateReply } from './http-gates.ts';

export function createLatestGates() {
  const waiting = new Map<string, (reply: GateReply) => void>();
  return {
    hold(id: string): Promise<GateReply> {
      waiting.get(id)?.({ ok: false, error: new Error('superseded') });
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    async release(id: string, reply: GateReply): Promise<void> {
      await waitFor(() => {
        if (!waiting.has(id)) throw new Error(`no request of "${id}" is waiting`);
      });
      const resolve = waiting.get(id)!;
      waiting.delete(id);
      resolve(reply);
    },
    /** Answers whatever is still held (a path ended with a load in flight). */
    drain() {
      for (const resolve of waiting.values()) resolve({ ok: false, error: new Error('test over') });
      waiting.clear();
    },
  };
}
