// Test model of the office search machine: both modes, choosing a region, province and municipality
// (and changing them), free search and paging, clearing, and every list answering with data, empty,
// with a failed envelope or not at all (rejected).
import { officeSearchMachine } from '#machines/office-search.ts';
import {
  failedMunicipalities,
  failedOffices,
  failedProvinces,
  failedRegions,
  municipalitiesAnswer,
  noOfficesAnswer,
  officesAnswer,
  provincesAnswer,
  regionsAnswer,
} from '../fixtures/places.ts';
import type { ModelSpec } from '../support/model.ts';

const rejected = [{ error: new Error('network down') }];

/** One other choice than the current one: enough to see a change, without every combination. */
const another = <T>(items: readonly T[], id: (item: T) => number, current: number | null) => items.filter((item) => id(item) !== current).slice(0, 1);

export const officeSearchModel: ModelSpec<typeof officeSearchMachine> = {
  machine: officeSearchMachine,
  inputs: [{ name: 'start', input: undefined }],
  payloads: {
    // The radio offers the other mode (choosing the current one again changes nothing: see the examples).
    SET_TYPE: ({ context }) => [{ typeResearch: context.typeResearch === 'free' ? 'area' : 'free' }],
    SELECT_REGION: ({ context }) => another(context.regions, (region) => region.regionId, context.regionId).map(({ regionId }) => ({ regionId })),
    SELECT_PROVINCE: ({ context }) =>
      another(context.provinces, (province) => province.provinceId, context.provinceId).map(({ provinceId }) => ({ provinceId })),
    SELECT_MUNICIPALITY: ({ context }) =>
      another(context.municipalities, (municipality) => municipality.municipalityId, context.municipalityId).map(({ municipalityId }) => ({ municipalityId })),
    SEARCH: [{ filter: 'roma' }, { filter: null }],
    // The paginator offers the other page; an out-of-range page probes the guard.
    PAGE: ({ context }) => (context.offices.totalPages > 1 ? [{ page: context.page === 1 ? 2 : 1 }, { page: 99 }] : []),
    CLEAR: [{}],
    'xstate.done.actor.loadRegions': [{ output: regionsAnswer }, { output: failedRegions }],
    'xstate.error.actor.loadRegions': rejected,
    'xstate.done.actor.loadProvinces': [{ output: provincesAnswer }, { output: failedProvinces }],
    'xstate.error.actor.loadProvinces': rejected,
    'xstate.done.actor.loadMunicipalities': [{ output: municipalitiesAnswer }, { output: failedMunicipalities }],
    'xstate.error.actor.loadMunicipalities': rejected,
    'xstate.done.actor.loadOffices': [{ output: officesAnswer }, { output: noOfficesAnswer }, { output: failedOffices }],
    'xstate.error.actor.loadOffices': rejected,
  },
  // Which choices are made, which lists hold data, which page is asked for: what changes a decision.
  // Ids, names, the search text and failure statuses do not; the invariants check them on every step.
  project: ({ context }) => ({
    page: context.page,
    chosen: [context.regionId, context.provinceId, context.municipalityId].map((id) => id !== null),
    lists: [context.regions, context.provinces, context.municipalities, context.offices.items].map((list) => list.length > 0),
  }),
};
