// Bounds the refusal lines one client address can cause (docs/architecture.md "Audit log"): every
// 401/403 writes a line before its answer, so without a bound a flood of anonymous calls would be
// a flood of inserts. Each instance writes at most REFUSAL_LINES_PER_MINUTE refusal lines per
// address per minute (fixed windows, in memory); the rest are counted and reported in the process
// log without the address. The first minute of a flood is always on record, so the attack is seen.
import { LRUCache } from 'lru-cache';

export const REFUSAL_LINES_PER_MINUTE = 60;
const WINDOW_MS = 60_000;

export class RefusalBudget {
  private readonly clock: () => number;
  // Bounded like the rate limits' memory: the least recently seen addresses are forgotten first.
  private readonly windows = new LRUCache<string, { start: number; used: number }>({ max: 10_000 });
  constructor(clock: () => number) {
    this.clock = clock;
  }

  /** Whether a refusal line may be written for `address`; 'first-drop' when this one opens a dropped stretch. */
  take(address: string): 'write' | 'first-drop' | 'drop' {
    const now = this.clock();
    let window = this.windows.get(address);
    if (!window || now - window.start >= WINDOW_MS) this.windows.set(address, (window = { start: now, used: 0 }));
    window.used += 1;
    if (window.used <= REFUSAL_LINES_PER_MINUTE) return 'write';
    return window.used === REFUSAL_LINES_PER_MINUTE + 1 ? 'first-drop' : 'drop';
  }
}
