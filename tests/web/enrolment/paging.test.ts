// The paginator lets every page be reached; a spacer never hides a single page.
import { describe, expect, it } from 'vitest';
import { pageItems } from '#machines/list-query/paginator.ts';

const show = (items: ReturnType<typeof pageItems>) => items.map((item) => (item.kind === 'page' ? String(item.page) : '…')).join(' ');

describe('paginator items', () => {
  it('shows the middle page of three instead of a spacer, from either end', () => {
    expect(show(pageItems(1, 3))).toBe('1 2 3');
    expect(show(pageItems(3, 3))).toBe('1 2 3');
  });

  it('still puts a spacer where two pages or more are left out', () => {
    expect(show(pageItems(1, 4))).toBe('1 … 4');
    expect(show(pageItems(3, 5))).toBe('1 2 3 4 5');
    expect(show(pageItems(4, 8))).toBe('1 … 4 … 8');
    expect(show(pageItems(1, 17))).toBe('1 … 17');
  });
});
