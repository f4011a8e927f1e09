// Implementations of the office search machine (machines/office-search.ts holds the state chart): the
// lists the app loads, the guards, and the actions, every one of which recomputes the derived flags.
import { assign, setup } from 'xstate';
import { FIRST_PAGE } from '#shared/constants.ts';
import { notProvided } from '../support/not-provided.ts';
import {
  derive,
  EMPTY_OFFICES,
  failedStatus,
  isOk,
  showsOffices,
  withoutAddress,
  type ListName,
  type LoadMunicipalitiesOutput,
  type LoadOfficesInput,
  type LoadOfficesOutput,
  type LoadProvincesOutput,
  type LoadRegionsOutput,
  type OfficeSearchContext,
  type OfficeSearchEvent,
  type TypeResearch,
} from './rules.ts';

/** Every change goes through `derive`, so the enabled and no-data flags never lag behind. */
const next = (context: OfficeSearchContext, change: Partial<OfficeSearchContext>) => derive({ ...context, ...change });

export const officeSearchSetup = setup({
  types: {
    context: {} as OfficeSearchContext,
    events: {} as OfficeSearchEvent,
  },
  actors: {
    loadRegions: notProvided<LoadRegionsOutput, void>('officeSearch', 'loadRegions'),
    loadProvinces: notProvided<LoadProvincesOutput, { regionId: number }>('officeSearch', 'loadProvinces'),
    loadMunicipalities: notProvided<LoadMunicipalitiesOutput, { provinceId: number }>('officeSearch', 'loadMunicipalities'),
    /** The app adds the page size (12), the sort and the office type (INT). */
    loadOffices: notProvided<LoadOfficesOutput, LoadOfficesInput>('officeSearch', 'loadOffices'),
  },
  guards: {
    isSwitchingTo: ({ context }, params: { typeResearch: TypeResearch; wanted: TypeResearch }) =>
      params.typeResearch === params.wanted && context.typeResearch !== params.wanted,
    // Regions never depend on a choice: loaded once, again only after a failure.
    needsRegions: ({ context }, params: { typeResearch: TypeResearch }) =>
      params.typeResearch === 'area' && context.typeResearch !== 'area' && (context.regions.length === 0 || context.status.regions !== null),
    isAreaSearch: ({ context }) => context.typeResearch === 'area',
    isFreeSearch: ({ context }) => context.typeResearch === 'free',
    isProvinceEnabled: ({ context }) => context.enabled.province,
    isMunicipalityEnabled: ({ context }) => context.enabled.municipality,
    isPageShown: ({ context }, params: { page: number }) =>
      showsOffices(context) && Number.isInteger(params.page) && params.page >= FIRST_PAGE && params.page <= Math.max(context.offices.totalPages, FIRST_PAGE),
  },
  actions: {
    // Spec §4: switching to area search clears office data.
    enterArea: assign(({ context }) =>
      next(context, { typeResearch: 'area', page: FIRST_PAGE, offices: EMPTY_OFFICES, status: { ...context.status, offices: null } }),
    ),
    // Spec §4: switching to free search clears the address (the offices region reloads the offices).
    enterFree: assign(({ context }) => next(context, { typeResearch: 'free', page: FIRST_PAGE, ...withoutAddress(context) })),
    // Spec §4: changing region resets and enables province, clears and disables municipality. The
    // offices of the old municipality no longer match the form, so they go too.
    chooseRegion: assign(({ context }, params: { regionId: number }) =>
      next(context, { ...withoutAddress(context), regionId: params.regionId, offices: EMPTY_OFFICES, status: { ...context.status, offices: null } }),
    ),
    // Spec §4: changing province resets and enables municipality.
    chooseProvince: assign(({ context }, params: { provinceId: number }) =>
      next(context, {
        provinceId: params.provinceId,
        municipalityId: null,
        municipalities: [],
        offices: EMPTY_OFFICES,
        status: { ...context.status, municipalities: null, offices: null },
      }),
    ),
    // Spec §4: choosing a municipality loads its offices (the offices region), from the first page.
    chooseMunicipality: assign(({ context }, params: { municipalityId: number }) => next(context, { municipalityId: params.municipalityId, page: FIRST_PAGE })),
    search: assign(({ context }, params: { filter: string | null }) => next(context, { filter: params.filter, page: FIRST_PAGE })),
    setPage: assign(({ context }, params: { page: number }) => next(context, { page: params.page })),
    // Spec §4: lists reset when the filters are cleared.
    clear: assign(({ context }) =>
      next(context, { ...withoutAddress(context), filter: null, page: FIRST_PAGE, offices: EMPTY_OFFICES, status: { ...context.status, offices: null } }),
    ),
    setLoading: assign(({ context }, params: { list: ListName; loading: boolean }) =>
      next(context, { loading: { ...context.loading, [params.list]: params.loading } }),
    ),
    storeRegions: assign(({ context }, params: LoadRegionsOutput) =>
      next(context, { regions: isOk(params) ? params.regionList : [], status: { ...context.status, regions: isOk(params) ? null : failedStatus() } }),
    ),
    storeProvinces: assign(({ context }, params: LoadProvincesOutput) =>
      next(context, { provinces: isOk(params) ? params.provinceList : [], status: { ...context.status, provinces: isOk(params) ? null : failedStatus() } }),
    ),
    storeMunicipalities: assign(({ context }, params: LoadMunicipalitiesOutput) =>
      next(context, {
        municipalities: isOk(params) ? params.municipalityList : [],
        status: { ...context.status, municipalities: isOk(params) ? null : failedStatus() },
      }),
    ),
    withdrawOffices: assign(({ context }) => next(context, { offices: { ...context.offices, items: [] } })),
    storeOffices: assign(({ context }, params: LoadOfficesOutput) =>
      next(context, {
        offices: isOk(params)
          ? { items: params.suapList, totalResults: params.totalResults, totalPages: params.totalPages, page: context.page }
          : { ...EMPTY_OFFICES, page: context.page },
        status: { ...context.status, offices: isOk(params) ? null : failedStatus() },
      }),
    ),
    failList: assign(({ context }, params: { list: ListName }) =>
      next(context, {
        ...(params.list === 'offices' ? { offices: { ...EMPTY_OFFICES, page: context.page } } : { [params.list]: [] }),
        status: { ...context.status, [params.list]: failedStatus() },
      }),
    ),
  },
});
