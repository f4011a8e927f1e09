// The paginator's items (spec §9 "Paginator"): always the first and last page, the pages around the
// current one (none by default), and a spacer wherever two pages or more are left out (a single
// left-out page is shown: a spacer would take as much room and hide it).
export type PageItem = { kind: 'page'; page: number } | { kind: 'spacer'; key: string };

export const PAGES_AROUND = 0;

export function pageItems(current: number, totalPages: number, around: number = PAGES_AROUND): PageItem[] {
  if (totalPages < 1) return [];
  const shown = new Set<number>([1, totalPages]);
  for (let page = current - around; page <= current + around; page += 1) {
    if (page >= 1 && page <= totalPages) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    // A spacer standing for one page would hide the middle page of three (1 … 3): show it instead.
    if (previous !== undefined && page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (previous !== undefined && page - previous > 2) items.push({ kind: 'spacer', key: `after-${previous}` });
    items.push({ kind: 'page', page });
  });
  return items;
}
