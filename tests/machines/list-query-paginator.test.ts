// Spec §9 "Paginator": first and last always, pages around the current one (default 0), spacers
// for gaps of two pages or more (a single left-out page is shown), previous and next disabled at the ends.
import { describe, expect, it } from 'vitest';
import { paginator, type PaginatorModel } from '#machines/list-query/paginator.ts';

/** A compact picture: pages as numbers, the current one in brackets, spacers as '…'. */
function picture(model: PaginatorModel): string {
  const entries = model.entries.map((entry) => (entry.kind === 'spacer' ? '…' : entry.current ? `[${entry.page}]` : String(entry.page)));
  return `${model.previous ?? '-'} | ${entries.join(' ')} | ${model.next ?? '-'}`;
}

describe('paginator', () => {
  it('shows nothing without pages', () => {
    expect(paginator(1, 0)).toEqual({ entries: [], previous: null, next: null });
  });

  it('shows the single page with previous and next disabled', () => {
    expect(picture(paginator(1, 1))).toBe('- | [1] | -');
  });

  it('shows first, current and last page with spacers for the gaps (default: no pages around)', () => {
    expect(picture(paginator(1, 10))).toBe('- | [1] … 10 | 2');
    expect(picture(paginator(2, 10))).toBe('1 | 1 [2] … 10 | 3');
    expect(picture(paginator(5, 10))).toBe('4 | 1 … [5] … 10 | 6');
    expect(picture(paginator(9, 10))).toBe('8 | 1 … [9] 10 | 10');
    expect(picture(paginator(4, 10))).toBe('3 | 1 … [4] … 10 | 5');
    expect(picture(paginator(10, 10))).toBe('9 | 1 … [10] | -');
  });

  it('shows a single left-out page instead of a spacer, so the middle page of three is reachable', () => {
    expect(picture(paginator(1, 3))).toBe('- | [1] 2 3 | 2');
    expect(picture(paginator(3, 3))).toBe('2 | 1 2 [3] | -');
    expect(picture(paginator(3, 5))).toBe('2 | 1 2 [3] 4 5 | 4');
    expect(picture(paginator(1, 4))).toBe('- | [1] … 4 | 2');
  });

  it('needs no spacer when the pages follow each other', () => {
    expect(picture(paginator(2, 3))).toBe('1 | 1 [2] 3 | 3');
    expect(picture(paginator(1, 2))).toBe('- | [1] 2 | 2');
  });

  it('adds the requested pages around the current one', () => {
    expect(picture(paginator(5, 10, 1))).toBe('4 | 1 … 4 [5] 6 … 10 | 6');
    expect(picture(paginator(3, 10, 2))).toBe('2 | 1 2 [3] 4 5 … 10 | 4');
    expect(picture(paginator(2, 4, 5))).toBe('1 | 1 [2] 3 4 | 3');
  });

  it('keeps the current page within the pages that exist', () => {
    expect(picture(paginator(0, 3))).toBe('- | [1] 2 3 | 2');
    expect(picture(paginator(7, 3))).toBe('2 | 1 2 [3] | -');
    expect(picture(paginator(Number.NaN, 2))).toBe('- | [1] 2 | 2');
  });

  it('gives each spacer a stable, unique key', () => {
    const keys = paginator(5, 10)
      .entries.filter((entry) => entry.kind === 'spacer')
      .map((entry) => entry.after);
    expect(keys).toEqual([1, 5]);
  });
});
