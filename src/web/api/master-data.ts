// The master data of spec §7 "Master data" on the one axios client, typed by the shared contract:
// regions, provinces and municipalities (by province, or by a typed name for the residence
// combobox), the offices (SUAP) and the initiatives, with the spec's page sizes and sorts (§9).
// Every call rejects with an ApiFailure (./failure.ts), a non-200 envelope included (spec §8).
import { InitiativeListDefaults, SuapListDefaults } from '#shared/api/master-data.ts';
import type { InitiativeListResponse, MunicipalityListResponse, ProvinceListResponse, RegionListResponse, SuapListResponse } from '#shared/api/master-data.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { FIRST_PAGE, type Language } from '#shared/constants.ts';
import type { Municipality } from '#shared/domain.ts';
import { api } from './client.ts';
import { send } from './failure.ts';

export async function loadRegions(signal?: AbortSignal): Promise<RegionListResponse> {
  return send(() => api.get<RegionListResponse>(ApiPaths.regionList, { signal }));
}

export async function loadProvinces(regionId: number, signal?: AbortSignal): Promise<ProvinceListResponse> {
  return send(() => api.get<ProvinceListResponse>(ApiPaths.provinceList, { params: { regionId }, signal }));
}

export async function loadMunicipalities(provinceId: number, signal?: AbortSignal): Promise<MunicipalityListResponse> {
  return send(() => api.get<MunicipalityListResponse>(ApiPaths.municipalityList, { params: { provinceId }, signal }));
}

/** The municipalities whose name contains `filter` (the residence combobox, GET municipality list with `filter`). */
export async function searchMunicipalities(filter: string, signal?: AbortSignal): Promise<Municipality[]> {
  return (await send(() => api.get<MunicipalityListResponse>(ApiPaths.municipalityList, { params: { filter }, signal }))).municipalityList;
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
  return send(() => api.get<SuapListResponse>(ApiPaths.suapList, { params, signal }));
}

export interface InitiativesQuery {
  typeId: number;
  filter: string | null;
  page: number;
  language: Language;
}

/** Spec §9: page size 5, by activity in the current language, ascending. */
export async function loadInitiatives(query: InitiativesQuery, signal?: AbortSignal): Promise<InitiativeListResponse> {
  const params = {
    page: query.page || FIRST_PAGE,
    size: InitiativeListDefaults.size,
    sortField: InitiativeListDefaults.sort.field,
    sortType: InitiativeListDefaults.sort.type,
    typeId: query.typeId,
    filter: query.filter,
    lang: query.language,
  };
  return send(() => api.get<InitiativeListResponse>(ApiPaths.iniziativeList, { params, signal }));
}
