// How many requests a desk search matches. Counting a broad search ("Bianchi" matches tens of
// thousands of requests in a national table) costs far more than showing one of its pages, and a
// clerk pages through the same search several times in a row; so each search's total is counted
// once and reused for a short while. Concurrent pages of the same search share one count, a failed
// count is forgotten at once, and the rows of every page are always read fresh: at worst the
// paginator's total lags a submission or two for `ttlSeconds`.
import { LRUCache } from 'lru-cache';

export class SearchTotals {
  private readonly totals: LRUCache<string, { countedAt: number; total: Promise<number> }>;
  private readonly ttlMs: number;
  private readonly now: () => number;

  /** `now` (milliseconds) lets tests move time. */
  constructor(options: { ttlSeconds?: number; maxSearches?: number; now?: () => number } = {}) {
    this.totals = new LRUCache({ max: options.maxSearches ?? 2000 });
    this.ttlMs = (options.ttlSeconds ?? 30) * 1000;
    this.now = options.now ?? Date.now;
  }

  /** The total of the search keyed `key` (its normalised pattern), counting it when not known. */
  get(key: string, count: () => Promise<number>): Promise<number> {
    const known = this.totals.get(key);
    if (known && this.now() - known.countedAt < this.ttlMs) return known.total;
    const entry = { countedAt: this.now(), total: count() };
    this.totals.set(key, entry);
    entry.total.catch(() => {
      if (this.totals.get(key) === entry) this.totals.delete(key);
    });
    return entry.total;
  }
}
