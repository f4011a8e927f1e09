// Contract and pure rules of the office search (spec §4 "Search form (select office)", §2 select
// initiative, §8 failed lists): the context, the events, the actors' input and output, and the flags
// derived from the choices so a screen never recomputes them.
import type { MunicipalityListResponse, ProvinceListResponse, RegionListResponse, SuapListItem, SuapListResponse } from '#shared/api/master-data.ts';
import { FIRST_PAGE, GENERIC_ERROR } from '#shared/constants.ts';
import type { Municipality, Province, Region } from '#shared/domain.ts';
import type { Status } from '#shared/envelope.ts';

export type TypeResearch = 'free' | 'area';
export type ListName = 'regions' | 'provinces' | 'municipalities' | 'offices';

export interface OfficesPage {
  /** Empty while a page loads (the last answer is not offered for the next query). */
  items: readonly SuapListItem[];
  totalResults: number;
  totalPages: number;
  page: number;
}

export interface OfficeSearchContext {
  typeResearch: TypeResearch;
  /** Free-search text (min length enforced by the search bar); null when cleared. */
  filter: string | null;
  /** Page asked for; `offices.page` is the page shown. */
  page: number;
  regionId: number | null;
  provinceId: number | null;
  municipalityId: number | null;
  regions: readonly Region[];
  provinces: readonly Province[];
  municipalities: readonly Municipality[];
  offices: OfficesPage;
  loading: Readonly<Record<ListName, boolean>>;
  enabled: { province: boolean; municipality: boolean };
  /** Spec §2: the offices "no record" card shows when free search is on or a municipality is chosen, and the list is empty. */
  noData: { offices: boolean };
  /** Spec §8: the status of a failed list (999 "Generic Error"), null when it loaded. */
  status: Readonly<Record<ListName, Status | null>>;
}

export type OfficeSearchEvent =
  | { type: 'SET_TYPE'; typeResearch: TypeResearch }
  | { type: 'SELECT_REGION'; regionId: number }
  | { type: 'SELECT_PROVINCE'; provinceId: number }
  | { type: 'SELECT_MUNICIPALITY'; municipalityId: number }
  | { type: 'SEARCH'; filter: string | null }
  | { type: 'PAGE'; page: number }
  | { type: 'CLEAR' };

export interface LoadOfficesInput {
  filter: string | null;
  page: number;
  municipalityId: number | null;
}

export type LoadRegionsOutput = RegionListResponse;
export type LoadProvincesOutput = ProvinceListResponse;
export type LoadMunicipalitiesOutput = MunicipalityListResponse;
export type LoadOfficesOutput = SuapListResponse;

export const EMPTY_OFFICES: OfficesPage = { items: [], totalResults: 0, totalPages: 0, page: FIRST_PAGE };

const NO_STATUS: Readonly<Record<ListName, Status | null>> = { regions: null, provinces: null, municipalities: null, offices: null };
const NOT_LOADING: Readonly<Record<ListName, boolean>> = { regions: false, provinces: false, municipalities: false, offices: false };

/** The flags that follow from the choices (spec §4, §2): recomputed after every change. */
export function derive(context: OfficeSearchContext): OfficeSearchContext {
  const area = context.typeResearch === 'area';
  return {
    ...context,
    enabled: { province: area && context.regionId !== null, municipality: area && context.provinceId !== null },
    noData: {
      offices: !context.loading.offices && context.offices.items.length === 0 && (!area || context.municipalityId !== null),
    },
  };
}

export const initialOfficeSearch: OfficeSearchContext = derive({
  typeResearch: 'free',
  filter: null,
  page: FIRST_PAGE,
  regionId: null,
  provinceId: null,
  municipalityId: null,
  regions: [],
  provinces: [],
  municipalities: [],
  offices: EMPTY_OFFICES,
  // Free search lists every office from the start (the offices region starts loading).
  loading: { ...NOT_LOADING, offices: true },
  enabled: { province: false, municipality: false },
  noData: { offices: false },
  status: NO_STATUS,
});

/** Address cleared: no region, province or municipality, their lists emptied (regions stay: they never depend on a choice). */
export function withoutAddress(context: OfficeSearchContext): Partial<OfficeSearchContext> {
  return {
    regionId: null,
    provinceId: null,
    municipalityId: null,
    provinces: [],
    municipalities: [],
    status: { ...context.status, provinces: null, municipalities: null },
  };
}

/** Spec §8: an answer whose code is not 200 is a failure like a rejected call. */
export function isOk(answer: { code: number }): boolean {
  return answer.code === 200;
}

export function failedStatus(): Status {
  return { ...GENERIC_ERROR };
}

/** Offices are listed in free search, or in area search once a municipality is chosen. */
export function showsOffices(context: Pick<OfficeSearchContext, 'typeResearch' | 'municipalityId'>): boolean {
  return context.typeResearch === 'free' || context.municipalityId !== null;
}

export function officesQuery(context: OfficeSearchContext): LoadOfficesInput {
  return {
    filter: context.typeResearch === 'free' ? context.filter : null,
    page: context.page,
    municipalityId: context.typeResearch === 'area' ? context.municipalityId : null,
  };
}
