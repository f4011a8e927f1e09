// The citizen's calls of spec §7 "Requests (front office)" on the one axios client, typed by the
// shared contract: the own request list (every state, or one service type), one request, deleting a
// draft. A non-200 envelope is a failure like a rejected call (spec §8). Only actors the machines
// invoke call these (./private-area.ts, ./public-page.ts, ./enrolment.ts); no screen does.
import { apiPath, ApiPaths } from '../../shared/api/paths.ts';
import type { RequestListResponse, RequestResponse, SuapRequest } from '../../shared/api/requests.ts';
import { STARTUP_SERVICE_TYPE_ID } from '../../shared/constants.ts';
import { api, ApiResultError } from '../api/client.ts';

function requireOk<T extends { code: number; message?: string }>(data: T): T {
  if (data?.code !== 200) throw new ApiResultError(data?.code ?? 999, data?.message ?? 'Generic Error');
  return data;
}

/** The logged citizen's requests, every state (spec §7: GET request/list with userId). */
export async function listOwnRequests(userId: number): Promise<SuapRequest[]> {
  const { data } = await api.get<RequestListResponse>(ApiPaths.requestList, { params: { userId } });
  return requireOk(data).requestList;
}

/** The citizen's startup requests (service type 1), every state. */
export async function listStartupRequests(userId: number): Promise<SuapRequest[]> {
  const { data } = await api.get<RequestListResponse>(ApiPaths.requestList, { params: { userId, typeOfServiceId: STARTUP_SERVICE_TYPE_ID } });
  return requireOk(data).requestList ?? [];
}

export async function getOwnRequest(requestId: number): Promise<SuapRequest> {
  const { data } = await api.get<RequestResponse>(apiPath('request', { id: requestId }));
  return requireOk(data).request;
}

/** Spec §7: DELETE request/{id}; rejects unless the answer is 200. */
export async function deleteOwnDraft(requestId: number): Promise<void> {
  const { data } = await api.delete<{ code: number; message?: string }>(apiPath('request', { id: requestId }));
  requireOk(data);
}
