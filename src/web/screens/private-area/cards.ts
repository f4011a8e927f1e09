// The private area's request cards (spec §2, §9): the list call returns every request of the
// citizen, the cards show them newest first, three per page. "Newest" is the latest change of the
// request (updatedOn: created, saved, sent, decided or deleted), ties broken by the higher id.
// Deleted drafts can be hidden (the list filter `deleted: 'hide'`, `?deleted=hide` in the address)
// and never count among the person's requests ("Hai N richieste"): the page reports both tallies.
import type { LoadPageInput, LoadPageOutput } from '#machines/list-query/rules.ts';
import type { ListQueryInput } from '#machines/list-query/rules.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { FIRST_PAGE, PageSize, RequestState } from '#shared/constants.ts';
import { pageCount } from '#shared/envelope.ts';
import { Paths } from '../../routes/paths.ts';

export const CARDS_QUERY: ListQueryInput = { size: PageSize.requestCards, sort: { field: 'updatedOn', type: 'desc' }, sortFields: ['updatedOn'] };

export function newestFirst(requests: readonly SuapRequest[]): SuapRequest[] {
  return [...requests].sort((a, b) => Date.parse(b.updatedOn) - Date.parse(a.updatedOn) || b.requestId - a.requestId);
}

/** The list filter that hides deleted drafts, and its value in the address (`?deleted=hide`). */
export const HIDE_DELETED = 'hide';

const isDeleted = (request: SuapRequest) => request.stateOfRequest.stateOfRequestId === RequestState.DELETED;

export function cardsPage(
  requests: readonly SuapRequest[],
  query: Pick<LoadPageInput, 'page' | 'size'> & Partial<Pick<LoadPageInput, 'filters'>>,
): LoadPageOutput<SuapRequest> {
  const deleted = requests.filter(isDeleted).length;
  const shown = query.filters?.deleted === HIDE_DELETED ? requests.filter((request) => !isDeleted(request)) : requests;
  const ordered = newestFirst(shown);
  const start = (query.page - 1) * query.size;
  return {
    items: ordered.slice(start, start + query.size),
    totalResults: ordered.length,
    totalPages: pageCount(ordered.length, query.size),
    // "Hai N richieste" counts what the person has: a deleted draft is not one of them any more.
    counts: { requests: requests.length - deleted, deleted },
  };
}

/** Whether the address asks to hide deleted drafts. */
export function cardsHideDeletedOf(search: string): boolean {
  return new URLSearchParams(search).get('deleted') === HIDE_DELETED;
}

/** Where a card leads: the details, with the id in the URL so a reload reopens them. */
export function detailsPath(requestId: number): string {
  return `${Paths.requestDetails}?requestId=${requestId}`;
}

/** Resume: the startup process opens this draft (the draft machine's ENTER with the request's id). */
export function resumePath(requestId: number): string {
  return `${Paths.startup}?requestId=${requestId}`;
}

/** The id of the details URL, or null when it is missing or not an id. */
export function requestIdOf(search: string): number | null {
  const value = new URLSearchParams(search).get('requestId');
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The page of cards the address asks for (`?page=2`); anything unreadable is the first. */
export function cardsPageOf(search: string): number {
  const value = new URLSearchParams(search).get('page');
  if (!value || !/^\d{1,7}$/.test(value)) return FIRST_PAGE;
  return Math.max(Number(value), FIRST_PAGE);
}

/**
 * The address's query string for page `page` of the cards (with its "?"; empty for the first page).
 * `keep`: the current query string, whose other parameters (the language) stay as they are.
 */
export function cardsSearchOf(page: number, keep = '', hideDeleted = false): string {
  const params = new URLSearchParams(keep);
  params.delete('page');
  params.delete('deleted');
  if (page > FIRST_PAGE) params.set('page', String(page));
  if (hideDeleted) params.set('deleted', HIDE_DELETED);
  const text = params.toString();
  return text ? `?${text}` : '';
}
