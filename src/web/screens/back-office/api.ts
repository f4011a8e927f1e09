// The back office's calls of spec §7 "Back office" on the one axios client, typed by the shared
// contract: the request desk (list sorted as `field;direction`), request details, decisions, draft
// storage limits, the PDF recap, and staff management. Writes reject with a WriteFailure that keeps
// the HTTP status and the server's message, which the screens' rules read (outcomes.ts).
import { isAxiosError } from 'axios';
import type { BoRequestListResponse, BoUserListResponse, BoUserResponse, DecisionRequest, StaffWrite } from '../../../shared/api/back-office.ts';
import { listQueryParams } from '../../../shared/api/list-query.ts';
import { apiPath, ApiPaths } from '../../../shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '../../../shared/api/requests.ts';
import type { Status } from '../../../shared/envelope.ts';
import type { LoadPageInput, LoadPageOutput } from '../../../../machines/listQuery/rules.ts';
import type { User } from '../../../shared/domain.ts';
import { api, ApiResultError } from '../../api/client.ts';

/** A refused or failed write: the HTTP status (0: no answer) and the server's own message. */
export interface WriteFailure {
  status: number;
  message: string | null;
}

export function toWriteFailure(error: unknown): WriteFailure {
  if (isAxiosError(error)) {
    const body = error.response?.data as Partial<Status> | undefined;
    const message = typeof body?.description === 'string' && body.description ? body.description : typeof body?.message === 'string' ? body.message : null;
    return { status: error.response?.status ?? 0, message };
  }
  if (error instanceof ApiResultError) return { status: error.code, message: error.message };
  return { status: 0, message: null };
}

function requireOk<T extends { code: number; message?: string }>(data: T): T {
  if (data?.code !== 200) throw new ApiResultError(data?.code ?? 999, data?.message ?? 'Generic Error');
  return data;
}

async function write<T extends { code: number }>(call: () => Promise<{ data: T }>): Promise<T> {
  try {
    return requireOk((await call()).data);
  } catch (error) {
    throw toWriteFailure(error);
  }
}

const listParams = (query: LoadPageInput) => listQueryParams(query, 'combined');

// Request desk ------------------------------------------------------------------------------------

export async function listRequests(query: LoadPageInput, signal?: AbortSignal): Promise<LoadPageOutput<SuapRequest>> {
  const { data } = await api.get<BoRequestListResponse>(ApiPaths.boRequestList, { params: listParams(query), signal });
  const ok = requireOk(data);
  return { items: ok.requestList, totalResults: ok.totalResults, totalPages: ok.totalPages };
}

export async function getRequest(requestId: number, signal?: AbortSignal): Promise<SuapRequest> {
  const { data } = await api.get<RequestResponse>(apiPath('boRequest', { id: requestId }), { signal });
  return requireOk(data).request;
}

export async function decide(requestId: number, decision: DecisionRequest): Promise<SuapRequest> {
  return (await write(() => api.put<RequestResponse>(apiPath('boRequestDecision', { id: requestId }), decision))).request;
}

export async function setStorageLimit(requestId: number, storageLimit: string): Promise<string> {
  return (await write(() => api.put<Status & { storageLimit: string }>(apiPath('boDraftStorageLimit', { id: requestId }), { storageLimit }))).storageLimit;
}

export function boPdfPath(requestId: number): string {
  return apiPath('boRequestPdf', { id: requestId });
}

// Staff -------------------------------------------------------------------------------------------

export async function listUsers(query: LoadPageInput, signal?: AbortSignal): Promise<LoadPageOutput<User>> {
  const { data } = await api.get<BoUserListResponse>(ApiPaths.boUserList, { params: listParams(query), signal });
  const ok = requireOk(data);
  return { items: ok.userList, totalResults: ok.totalResults, totalPages: ok.totalPages };
}

export async function getUser(userId: number, signal?: AbortSignal): Promise<BoUserResponse> {
  const { data } = await api.get<BoUserResponse>(apiPath('boUser', { id: userId }), { signal });
  return requireOk(data);
}

export async function createUser(user: StaffWrite): Promise<BoUserResponse> {
  return write(() => api.post<BoUserResponse>(ApiPaths.boUserCreate, user));
}

export async function modifyUser(user: StaffWrite): Promise<BoUserResponse> {
  return write(() => api.put<BoUserResponse>(ApiPaths.boUserModify, user));
}
