// Spec §9 "Paginator": the pages to offer given the current page and the number of pages. The first
// and the last page are always there, with `around` pages either side of the current one (default
// 0: the current page alone); a gap of two pages or more is a spacer, and a gap of one page shows
// that page (docs/architecture.md "The citizen's journey with real data": a spacer would take as much room and hide the middle page of three).
// Previous and next are disabled at the ends (null here). The one rule of every paginator of the
// portal (src/web/lists/Paginator.tsx).
import { FIRST_PAGE } from '#shared/constants.ts';

/** Spec §9: pages shown around the current one, by default. */
export const PAGES_AROUND_CURRENT = 0;

export type PaginatorEntry =
  | { kind: 'page'; page: number; current: boolean }
  /** Pages left out between two shown ones; `after` is the shown page before the gap (a stable key). */
  | { kind: 'spacer'; after: number };

export interface PaginatorModel {
  entries: PaginatorEntry[];
  /** The page "previous" goes to; null on the first page (the control is disabled). */
  previous: number | null;
  /** The page "next" goes to; null on the last page. */
  next: number | null;
}

export function paginator(current: number, total: number, around: number = PAGES_AROUND_CURRENT): PaginatorModel {
  const last = Math.max(0, Math.floor(total));
  if (last < FIRST_PAGE) return { entries: [], previous: null, next: null };
  const page = Math.min(Math.max(Math.floor(current) || FIRST_PAGE, FIRST_PAGE), last);
  const spread = Math.max(0, Math.floor(around));
  const shown = new Set<number>([FIRST_PAGE, last]);
  for (let candidate = page - spread; candidate <= page + spread; candidate += 1) {
    if (candidate >= FIRST_PAGE && candidate <= last) shown.add(candidate);
  }
  const entries: PaginatorEntry[] = [];
  let previousShown: number | null = null;
  for (const shownPage of [...shown].sort((a, b) => a - b)) {
    if (previousShown !== null && shownPage - previousShown === 2) entries.push({ kind: 'page', page: previousShown + 1, current: false });
    else if (previousShown !== null && shownPage - previousShown > 2) entries.push({ kind: 'spacer', after: previousShown });
    entries.push({ kind: 'page', page: shownPage, current: shownPage === page });
    previousShown = shownPage;
  }
  return { entries, previous: page > FIRST_PAGE ? page - 1 : null, next: page < last ? page + 1 : null };
}

/** The entries alone (pages and spacers), for callers that draw previous and next themselves. */
export function pageItems(current: number, total: number, around: number = PAGES_AROUND_CURRENT): PaginatorEntry[] {
  return paginator(current, total, around).entries;
}
