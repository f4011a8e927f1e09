// The audit log page's query in the address (like the desk's, desk-view.ts): person, action, days,
// sort, page and page size, so Back, a reload and a shared link show the same lines. Values the
// list cannot take fall back to its defaults (newest first, PageSize.auditLog); defaults are left
// out of the address.
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZES, AuditListDefaults, type AuditAction } from '#shared/api/audit.ts';
import { deskSearchOf } from '#shared/api/back-office.ts';
import type { Sort } from '#shared/api/list-query.ts';
import { FIRST_PAGE, SearchBar } from '#shared/constants.ts';
import { isCalendarDay } from '#shared/dates.ts';
import { Patterns } from '#shared/patterns.ts';

export interface AuditView {
  page: number;
  size: number;
  sort: Sort<'at'>;
  /** The person who acted: a fiscal code or part of a name. */
  filter: string | null;
  action: AuditAction | null;
  from: string | null;
  to: string | null;
}

export const DEFAULT_AUDIT_VIEW: AuditView = {
  page: FIRST_PAGE,
  size: AuditListDefaults.size,
  sort: AuditListDefaults.sort,
  filter: null,
  action: null,
  from: null,
  to: null,
};

const oneOf = <T>(values: readonly T[], value: unknown): value is T => values.includes(value as T);
const day = (value: string | null) => (value && isCalendarDay(value) ? value : null);

/** The view an address asks for; anything unreadable is the default. */
export function auditViewOf(search: string): AuditView {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const type = (params.get('sort') ?? '').split(';')[1];
  const filter = params.get('q')?.trim() ?? '';
  const searchable =
    filter !== '' &&
    filter.length <= SearchBar.maxLength &&
    Patterns.searchBar.test(filter) &&
    deskSearchOf(filter).kind !== 'too-short' &&
    deskSearchOf(filter).kind !== 'number';
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  return {
    page: Number.isInteger(page) && page >= FIRST_PAGE && page <= 1_000_000 ? page : FIRST_PAGE,
    size: oneOf(AUDIT_PAGE_SIZES, size) ? size : DEFAULT_AUDIT_VIEW.size,
    sort: type === 'asc' || type === 'desc' ? { field: 'at', type } : DEFAULT_AUDIT_VIEW.sort,
    filter: searchable ? filter : null,
    action: oneOf(AUDIT_ACTIONS, params.get('action')) ? (params.get('action') as AuditAction) : null,
    from,
    to: from && to && to < from ? null : to,
  };
}

const VIEW_KEYS = ['q', 'action', 'from', 'to', 'sort', 'size', 'page'];

/** The address's query string of a view (with its "?"; empty for the default view); `keep`'s other parameters stay. */
export function auditSearchOfView(view: AuditView, keep = ''): string {
  const params = new URLSearchParams(keep);
  for (const key of VIEW_KEYS) params.delete(key);
  if (view.filter) params.set('q', view.filter);
  if (view.action) params.set('action', view.action);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.sort.type !== DEFAULT_AUDIT_VIEW.sort.type) params.set('sort', `at;${view.sort.type}`);
  if (view.size !== DEFAULT_AUDIT_VIEW.size) params.set('size', String(view.size));
  if (view.page !== FIRST_PAGE) params.set('page', String(view.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
