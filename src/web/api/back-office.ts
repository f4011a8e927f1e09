// The back office's calls of spec §7 "Back office" on the one axios client, typed by the shared
// contract: the request desk (list sorted as `field;direction`), request details, the pratica's
// lifecycle events and the colleagues it may be assigned to, draft storage limits, the PDF recap's path, staff management and the audit log. Only the actors of
// src/web/actors/back-office.ts call it (the machines decide, screens never see HTTP). Every call
// rejects with an ApiFailure (./failure.ts) that keeps the HTTP status, the envelope's errorKey
// and field, and the server's description.
import type { DetailsRecord } from '#machines/details.ts';
import type { LoadPageInput, LoadPageOutput } from '#machines/list-query/rules.ts';
import type { AuditEntry, AuditListResponse } from '#shared/api/audit.ts';
import type { BoRequestListResponse, BoRequestResponse, BoUserListResponse, BoUserResponse, StaffWrite } from '#shared/api/back-office.ts';
import { listQueryParams } from '#shared/api/list-query.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { Colleague, StaffEventRequest } from '#shared/api/pratica.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import type { User } from '#shared/domain.ts';
import type { Status } from '#shared/envelope.ts';
import type { DeskView } from '../screens/back-office/desk-view.ts';
import { api } from './client.ts';
import { send } from './failure.ts';

const listParams = (query: LoadPageInput) => listQueryParams(query, 'combined');

// Request desk ------------------------------------------------------------------------------------

/** One page of the desk; the list's `state` filter (docs/architecture.md "The clerks' desk") travels as its own parameter. */
export async function listRequests(query: LoadPageInput, signal?: AbortSignal): Promise<LoadPageOutput<SuapRequest>> {
  const state = query.filters.state;
  const params = { ...listParams(query), ...(typeof state === 'number' ? { state } : {}) };
  const ok = await send(() => api.get<BoRequestListResponse>(ApiPaths.boRequestList, { params, signal }));
  return { items: ok.requestList, totalResults: ok.totalResults, totalPages: ok.totalPages };
}

export async function getRequest(requestId: number, signal?: AbortSignal): Promise<BoRequestResponse> {
  return send(() => api.get<BoRequestResponse>(apiPath('boRequest', { id: requestId }), { signal }));
}

/** A request next to another in a desk view, and the page of the view it is on. */
export interface Neighbour {
  requestId: number;
  page: number;
}

const viewQuery = (view: DeskView, page: number): LoadPageInput => ({
  page,
  size: view.size,
  sort: view.sort,
  filter: view.filter,
  filters: view.state === null ? {} : { state: view.state },
});

/**
 * The requests before and after `requestId` in the desk view the clerk came from (docs/architecture.md "The clerks' desk"):
 * read from the view's page, and from the page before or after when the request is at an edge.
 * None when the request is not on that page (the list changed meanwhile).
 */
export async function neighboursIn(view: DeskView, requestId: number): Promise<{ previous: Neighbour | null; next: Neighbour | null }> {
  const page = await listRequests(viewQuery(view, view.page));
  const index = page.items.findIndex((item) => item.requestId === requestId);
  if (index < 0) return { previous: null, next: null };
  const at = (items: readonly SuapRequest[], i: number, onPage: number): Neighbour | null =>
    items[i] ? { requestId: items[i]!.requestId, page: onPage } : null;
  const [before, after] = await Promise.all([
    index === 0 && view.page > 1 ? listRequests(viewQuery(view, view.page - 1)) : null,
    index === page.items.length - 1 && view.page < page.totalPages ? listRequests(viewQuery(view, view.page + 1)) : null,
  ]);
  return {
    previous: index > 0 ? at(page.items, index - 1, view.page) : before ? at(before.items, before.items.length - 1, view.page - 1) : null,
    next: index < page.items.length - 1 ? at(page.items, index + 1, view.page) : after ? at(after.items, 0, view.page + 1) : null,
  };
}

/** The desk's details of a request (loadDetails of machines/details.ts): the request, its storage-limit range and changes, its neighbours in the view. */
export async function loadDeskDetails(requestId: number, view: DeskView | null): Promise<DetailsRecord> {
  const [details, neighbours] = await Promise.all([getRequest(requestId), view ? neighboursIn(view, requestId).catch(() => null) : null]);
  return { request: details.request, storageLimitRange: details.storageLimitRange, storageLimitChanges: details.storageLimitChanges ?? [], neighbours };
}

/** Fires a lifecycle event on the pratica (docs/architecture.md "The pratica's lifecycle"): the moved request. */
export async function fireStaffEvent(requestId: number, event: StaffEventRequest): Promise<SuapRequest> {
  return (await send(() => api.post<RequestResponse>(apiPath('boRequestEvent', { id: requestId }), event))).request;
}

/** The clerks of the pratica's office, whom an administrator may put in charge of it. */
export async function listColleagues(requestId: number): Promise<Colleague[]> {
  return (await send(() => api.get<Status & { list: Colleague[] }>(apiPath('boRequestColleagues', { id: requestId })))).list;
}

export async function setStorageLimit(requestId: number, storageLimit: string): Promise<string> {
  return (await send(() => api.put<Status & { storageLimit: string }>(apiPath('boDraftStorageLimit', { id: requestId }), { storageLimit }))).storageLimit;
}

export function boPdfPath(requestId: number): string {
  return apiPath('boRequestPdf', { id: requestId });
}

// Staff -------------------------------------------------------------------------------------------

export async function listUsers(query: LoadPageInput, signal?: AbortSignal): Promise<LoadPageOutput<User>> {
  const ok = await send(() => api.get<BoUserListResponse>(ApiPaths.boUserList, { params: listParams(query), signal }));
  return { items: ok.userList, totalResults: ok.totalResults, totalPages: ok.totalPages };
}

export async function getUser(userId: number, signal?: AbortSignal): Promise<BoUserResponse> {
  return send(() => api.get<BoUserResponse>(apiPath('boUser', { id: userId }), { signal }));
}

export async function createUser(user: StaffWrite): Promise<BoUserResponse> {
  return send(() => api.post<BoUserResponse>(ApiPaths.boUserCreate, user));
}

export async function modifyUser(user: StaffWrite): Promise<BoUserResponse> {
  return send(() => api.put<BoUserResponse>(ApiPaths.boUserModify, user));
}

// Audit log ---------------------------------------------------------------------------------------

/** One page of the audit log; its filters (action, office days) travel as their own parameters, the person as `filter`. */
export async function listAuditLog(query: LoadPageInput, signal?: AbortSignal): Promise<LoadPageOutput<AuditEntry>> {
  const filters = Object.fromEntries(['action', 'from', 'to'].flatMap((key) => (typeof query.filters[key] === 'string' ? [[key, query.filters[key]]] : [])));
  const ok = await send(() => api.get<AuditListResponse>(ApiPaths.boAuditLog, { params: { ...listParams(query), ...filters }, signal }));
  return { items: ok.auditList, totalResults: ok.totalResults, totalPages: ok.totalPages };
}
