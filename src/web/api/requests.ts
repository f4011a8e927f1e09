// The citizen's calls of spec §7 "Requests (front office)" on the one axios client, typed by the
// shared contract: the own request list (every state, or the startup service's), one request,
// creating, modifying and deleting a draft, and the applicant's events on a sent pratica (withdrawal). Every call rejects with an ApiFailure (./failure.ts),
// a non-200 envelope like a rejected call (spec §8), so the draft machine tells a 409
// 'stale-version' by its errorKey. Only actors the machines invoke call these (src/web/actors).
import { apiFailure } from '#shared/api/failure.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { ApplicantEventRequest } from '#shared/api/pratica.ts';
import type { RequestListResponse, RequestResponse, RequestWrite, SuapRequest } from '#shared/api/requests.ts';
import { STARTUP_SERVICE_TYPE_ID } from '#shared/constants.ts';
import type { Status } from '#shared/envelope.ts';
import { api } from './client.ts';
import { send } from './failure.ts';

/** The logged citizen's requests, every state (spec §7: GET request/list with userId). */
export async function listOwnRequests(userId: number): Promise<SuapRequest[]> {
  return (await send(() => api.get<RequestListResponse>(ApiPaths.requestList, { params: { userId } }))).requestList;
}

/** The citizen's startup requests (service type 1), every state. */
export async function listStartupRequests(userId: number): Promise<SuapRequest[]> {
  const params = { userId, typeOfServiceId: STARTUP_SERVICE_TYPE_ID };
  return (await send(() => api.get<RequestListResponse>(ApiPaths.requestList, { params }))).requestList ?? [];
}

export async function getRequest(requestId: number): Promise<SuapRequest> {
  return (await send(() => api.get<RequestResponse>(apiPath('request', { id: requestId })))).request;
}

export async function createRequest(request: RequestWrite): Promise<SuapRequest> {
  return (await send(() => api.post<RequestResponse>(ApiPaths.requestCreate, request))).request;
}

export async function updateRequest(request: RequestWrite): Promise<SuapRequest> {
  const requestId = request.requestId;
  if (!requestId) throw apiFailure({ message: 'no requestId' });
  return (await send(() => api.put<RequestResponse>(apiPath('request', { id: requestId }), request))).request;
}

/** Spec §7: DELETE request/{id}; rejects unless the answer is 200. */
export async function deleteRequest(requestId: number): Promise<void> {
  await send(() => api.delete<Status>(apiPath('request', { id: requestId })));
}

/**
 * POST requestEvent: the applicant moves their sent pratica (docs/architecture.md "The pratica's
 * lifecycle"), with the version on screen; resolves with the moved request.
 */
export async function sendApplicantEvent(requestId: number, event: ApplicantEventRequest): Promise<SuapRequest> {
  return (await send(() => api.post<RequestResponse>(apiPath('requestEvent', { id: requestId }), event))).request;
}
