// The paginator's items (spec §9 "Paginator"): always the first and last page, the pages around the
// current one (none by default), and a spacer wherever pages are left out.
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
    if (previous !== undefined && page - previous > 1) items.push({ kind: 'spacer', key: `after-${previous}` });
    items.push({ kind: 'page', page });
  });
  return items;
}
