// The enrolment's calls of spec §7 ("Requests (front office)" and "Master data") on the one axios
// client, typed by the shared contract. Failures are turned into the shapes the machines expect:
// request writes reject with a RequestFailure (HTTP status and server message, so the draft machine
// can tell a 409 'stale-version'), list loads answer their envelope as it came (the office search
// machine treats a code other than 200 as a failed list). The citizen's request list is
// ../actors/requests-http.ts's (the draft machine's listDrafts). No screen, component or list
// imports this file (tests/web/no-http-in-screens.test.ts).
import { isAxiosError } from 'axios';
import type { RequestFailure } from '../../../machines/draft/types.ts';
import { IniziativeListDefaults, SuapListDefaults } from '../../shared/api/master-data.ts';
import type {
  IniziativeListResponse,
  MunicipalityListResponse,
  ProvinceListResponse,
  RegionListResponse,
  SuapListResponse,
} from '../../shared/api/master-data.ts';
import { apiPath, ApiPaths } from '../../shared/api/paths.ts';
import type { RequestResponse, RequestWrite, SuapRequest } from '../../shared/api/requests.ts';
import { FIRST_PAGE, type Language } from '../../shared/constants.ts';
import { errorKeyOf } from '../../shared/api/error-keys.ts';
import { api } from '../api/client.ts';

/** A rejected request write as the draft machine reads it (machines/draft/types.ts). */
export function toRequestFailure(error: unknown): RequestFailure {
  if (isAxiosError(error)) {
    const body = error.response?.data as { code?: unknown; message?: unknown } | undefined;
    return {
      ...(error.response ? { status: error.response.status } : {}),
      ...(typeof body?.code === 'number' ? { code: body.code } : {}),
      // The catalogue's key when the server sent one (the machines compare kinds, e.g. 'stale-version'),
      // else its message.
      ...(typeof body?.message === 'string' ? { message: errorKeyOf(body) ?? body.message } : { message: error.message }),
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** Spec §8: create, modify and delete reject when the answer's code is not 200. */
function requireOk<T extends { code: number; message?: string }>(data: T): T {
  if (data?.code !== 200) throw { code: data?.code ?? 999, message: data?.message ?? 'Generic Error' } satisfies RequestFailure;
  return data;
}

async function write<T extends { code: number }>(call: () => Promise<{ data: T }>): Promise<T> {
  try {
    return requireOk((await call()).data);
  } catch (error) {
    throw isAxiosError(error) ? toRequestFailure(error) : error;
  }
}

export async function getRequest(requestId: number): Promise<SuapRequest> {
  return (await write(() => api.get<RequestResponse>(apiPath('request', { id: requestId })))).request;
}

export async function createRequest(request: RequestWrite): Promise<SuapRequest> {
  return (await write(() => api.post<RequestResponse>(ApiPaths.requestCreate, request))).request;
}

export async function updateRequest(request: RequestWrite): Promise<SuapRequest> {
  if (!request.requestId) throw { message: 'no requestId' } satisfies RequestFailure;
  return (await write(() => api.put<RequestResponse>(apiPath('request', { id: request.requestId! }), request))).request;
}

export async function deleteRequest(requestId: number): Promise<void> {
  await write(() => api.delete<{ code: number }>(apiPath('request', { id: requestId })));
}

// Master data ------------------------------------------------------------------------------------

export async function loadRegions(signal?: AbortSignal): Promise<RegionListResponse> {
  return (await api.get<RegionListResponse>(ApiPaths.regionList, { signal })).data;
}

export async function loadProvinces(regionId: number, signal?: AbortSignal): Promise<ProvinceListResponse> {
  return (await api.get<ProvinceListResponse>(ApiPaths.provinceList, { params: { regionId }, signal })).data;
}

export async function loadMunicipalities(provinceId: number, signal?: AbortSignal): Promise<MunicipalityListResponse> {
  return (await api.get<MunicipalityListResponse>(ApiPaths.municipalityList, { params: { provinceId }, signal })).data;
}

export interface OfficesQuery {
  filter: string | null;
  page: number;
  municipalityId: number | null;
}

/** Spec §7/§9: page size 12, sorted by name ascending; every office type is listed (see the report on INT). */
export async function loadOffices(query: OfficesQuery, signal?: AbortSignal): Promise<SuapListResponse> {
  const params = {
    page: query.page,
    size: SuapListDefaults.size,
    sortField: SuapListDefaults.sort.field,
    sortType: SuapListDefaults.sort.type,
    filter: query.filter,
    municipalityId: query.municipalityId,
  };
  return (await api.get<SuapListResponse>(ApiPaths.suapList, { params, signal })).data;
}

export interface IniziativesQuery {
  typeId: number;
  filter: string | null;
  page: number;
  language: Language;
}

/** Spec §9: page size 5, by activity in the current language, ascending. */
export async function loadIniziatives(query: IniziativesQuery, signal?: AbortSignal): Promise<IniziativeListResponse> {
  const params = {
    page: query.page || FIRST_PAGE,
    size: IniziativeListDefaults.size,
    sortField: IniziativeListDefaults.sort.field,
    sortType: IniziativeListDefaults.sort.type,
    typeId: query.typeId,
    filter: query.filter,
    lang: query.language,
  };
  return (await api.get<IniziativeListResponse>(ApiPaths.iniziativeList, { params, signal })).data;
}

