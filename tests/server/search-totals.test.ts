import { describe, expect, it } from 'vitest';
import { SearchTotals } from '#server/services/back-office/search-totals.ts';

describe('desk search totals', () => {
  it('counts a search once while it is fresh, shared by concurrent pages', async () => {
    let now = 0;
    const totals = new SearchTotals({ ttlSeconds: 30, now: () => now });
    let counts = 0;
    const count = async () => ++counts * 100;
    const [a, b] = await Promise.all([totals.get('%bianchi%', count), totals.get('%bianchi%', count)]);
    expect([a, b, counts]).toEqual([100, 100, 1]);
    now = 29_000;
    expect(await totals.get('%bianchi%', count)).toBe(100);
    expect(await totals.get('%rossi%', count)).toBe(200);
    now = 31_000;
    expect(await totals.get('%bianchi%', count)).toBe(300);
    expect(counts).toBe(3);
  });

  it('forgets a count that failed, so the next page counts again', async () => {
    const totals = new SearchTotals();
    await expect(totals.get('%x%', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await totals.get('%x%', async () => 7)).toBe(7);
  });
});
