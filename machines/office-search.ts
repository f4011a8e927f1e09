// Spec §4 "Search form (select office)": free search or search by area (region, province,
// municipality) and the paged list of offices. One region holds the form (its mode and choices),
// one region per list loads it: a new choice restarts that list's load (the old answer is dropped)
// and a reset cancels it, so a late answer can never refill a field that was cleared meanwhile.
// Failed lists resolve to an empty list with the 999 "Generic Error" status (spec §8), never a throw.
// Implementations (actors, guards, actions) are in ./office-search/setup.ts, the contract and the
// derived flags in ./office-search/rules.ts.
import type { SnapshotFrom } from 'xstate';
import { initialOfficeSearch, officesQuery, type ListName } from './office-search/rules.ts';
import { officeSearchSetup } from './office-search/setup.ts';
import type { MachineInfo } from './support/machine-info.ts';

/** One loader region per list: `idle` ⇄ `loading`; a restart drops the answer in flight. */
const loading = (list: ListName) =>
  ({
    entry: { type: 'setLoading', params: { list, loading: true } },
    exit: { type: 'setLoading', params: { list, loading: false } },
  }) as const;

export const officeSearchMachine = officeSearchSetup.createMachine({
  id: 'officeSearch',
  description: 'Select-office search form: free or by area, and the offices list.',
  initial: 'running',
  context: initialOfficeSearch,
  states: {
    running: {
      type: 'parallel',
      description: 'The form and the four lists, side by side.',
      states: {
        form: {
          description: 'The search mode and the address chosen.',
          initial: 'free',
          on: { CLEAR: { actions: 'clear' } },
          states: {
            free: {
              description: 'Free-text search (the default).',
              on: {
                SET_TYPE: {
                  guard: { type: 'isSwitchingTo', params: ({ event }) => ({ typeResearch: event.typeResearch, wanted: 'area' as const }) },
                  target: 'area',
                  actions: 'enterArea',
                },
              },
            },
            area: {
              description: 'Search by region, province and municipality.',
              on: {
                SET_TYPE: {
                  guard: { type: 'isSwitchingTo', params: ({ event }) => ({ typeResearch: event.typeResearch, wanted: 'free' as const }) },
                  target: 'free',
                  actions: 'enterFree',
                },
                SELECT_REGION: { actions: { type: 'chooseRegion', params: ({ event }) => ({ regionId: event.regionId }) } },
                SELECT_PROVINCE: {
                  guard: 'isProvinceEnabled',
                  actions: { type: 'chooseProvince', params: ({ event }) => ({ provinceId: event.provinceId }) },
                },
                SELECT_MUNICIPALITY: {
                  guard: 'isMunicipalityEnabled',
                  actions: { type: 'chooseMunicipality', params: ({ event }) => ({ municipalityId: event.municipalityId }) },
                },
              },
            },
          },
        },
        regions: {
          description: 'Region list, loaded when area search is first chosen.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Loaded, failed, or not needed yet.',
              on: {
                SET_TYPE: { guard: { type: 'needsRegions', params: ({ event }) => ({ typeResearch: event.typeResearch }) }, target: 'loading' },
              },
            },
            loading: {
              ...loading('regions'),
              description: 'Loading the regions.',
              invoke: {
                id: 'loadRegions',
                src: 'loadRegions',
                onDone: { target: 'idle', actions: { type: 'storeRegions', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'failList', params: { list: 'regions' } } },
              },
            },
          },
        },
        provinces: {
          description: 'Provinces of the chosen region.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Loaded, failed, or no region chosen.',
              on: { SELECT_REGION: { guard: 'isAreaSearch', target: 'loading' } },
            },
            loading: {
              ...loading('provinces'),
              description: 'Loading the provinces of the chosen region.',
              on: {
                SELECT_REGION: { guard: 'isAreaSearch', target: 'loading', reenter: true },
                SET_TYPE: {
                  guard: { type: 'isSwitchingTo', params: ({ event }) => ({ typeResearch: event.typeResearch, wanted: 'free' as const }) },
                  target: 'idle',
                },
                CLEAR: { target: 'idle' },
              },
              invoke: {
                id: 'loadProvinces',
                src: 'loadProvinces',
                input: ({ context }) => ({ regionId: requireId(context.regionId, 'region') }),
                onDone: { target: 'idle', actions: { type: 'storeProvinces', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'failList', params: { list: 'provinces' } } },
              },
            },
          },
        },
        municipalities: {
          description: 'Municipalities of the chosen province.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Loaded, failed, or no province chosen.',
              on: { SELECT_PROVINCE: { guard: 'isProvinceEnabled', target: 'loading' } },
            },
            loading: {
              ...loading('municipalities'),
              description: 'Loading the municipalities of the chosen province.',
              on: {
                SELECT_PROVINCE: { guard: 'isProvinceEnabled', target: 'loading', reenter: true },
                // A new region clears the province: this answer would belong to nothing on screen.
                SELECT_REGION: { guard: 'isAreaSearch', target: 'idle' },
                SET_TYPE: {
                  guard: { type: 'isSwitchingTo', params: ({ event }) => ({ typeResearch: event.typeResearch, wanted: 'free' as const }) },
                  target: 'idle',
                },
                CLEAR: { target: 'idle' },
              },
              invoke: {
                id: 'loadMunicipalities',
                src: 'loadMunicipalities',
                input: ({ context }) => ({ provinceId: requireId(context.provinceId, 'province') }),
                onDone: { target: 'idle', actions: { type: 'storeMunicipalities', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'failList', params: { list: 'municipalities' } } },
              },
            },
          },
        },
        offices: {
          description: 'The page of offices for the free search or the chosen municipality.',
          initial: 'loading',
          // New queries go through `restarting`, never `reenter` on this region: a re-entering transition
          // declared here would take the whole parallel root as its domain and reset the form region.
          on: {
            SEARCH: { guard: 'isFreeSearch', target: '.restarting', actions: { type: 'search', params: ({ event }) => ({ filter: event.filter }) } },
            PAGE: {
              guard: { type: 'isPageShown', params: ({ event }) => ({ page: event.page }) },
              target: '.restarting',
              actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
            },
            SELECT_MUNICIPALITY: { guard: 'isMunicipalityEnabled', target: '.restarting' },
            SET_TYPE: [
              {
                guard: { type: 'isSwitchingTo', params: ({ event }) => ({ typeResearch: event.typeResearch, wanted: 'free' as const }) },
                target: '.restarting',
              },
              { guard: { type: 'isSwitchingTo', params: ({ event }) => ({ typeResearch: event.typeResearch, wanted: 'area' as const }) }, target: '.idle' },
            ],
            SELECT_REGION: { guard: 'isAreaSearch', target: '.idle' },
            SELECT_PROVINCE: { guard: 'isProvinceEnabled', target: '.idle' },
            CLEAR: [{ guard: 'isFreeSearch', target: '.restarting' }, { target: '.idle' }],
          },
          states: {
            idle: { description: 'Showing the last answer (or nothing, in area search without municipality).' },
            restarting: {
              description: 'A new query: the answer in flight, if any, is dropped and the load starts again.',
              always: { target: 'loading' },
            },
            loading: {
              // The previous list is withdrawn on entry: while a search runs, an office of the last
              // answer (another town's) cannot be chosen for the new one (docs/architecture.md
              // "The citizen's journey with real data").
              entry: [{ type: 'setLoading', params: { list: 'offices', loading: true } }, 'withdrawOffices'],
              exit: { type: 'setLoading', params: { list: 'offices', loading: false } },
              description: 'Loading a page of offices; none is offered until it arrives.',
              invoke: {
                id: 'loadOffices',
                src: 'loadOffices',
                input: ({ context }) => officesQuery(context),
                onDone: { target: 'idle', actions: { type: 'storeOffices', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'failList', params: { list: 'offices' } } },
              },
            },
          },
        },
      },
    },
  },
});

// Entered only after the choice was made (the guards see to it); a missing id is a bug in the machine.
function requireId(id: number | null, what: string): number {
  if (id === null) throw new Error(`officeSearch: no ${what} chosen`);
  return id;
}

type OfficeSearchSnapshot = SnapshotFrom<typeof officeSearchMachine>;

/** Spec §2: the offices "no record" card. */
export function selectShowsNoOffices(snapshot: OfficeSearchSnapshot): boolean {
  return snapshot.context.noData.offices;
}

/**
 * Whether the person asked for offices: a search text (free search) or a municipality (area
 * search). Until then the step lists none — a phone would otherwise show twelve offices nobody
 * asked for ahead of the initiatives (docs/architecture.md "The citizen's journey with real data").
 */
export function selectHasAskedForOffices(snapshot: OfficeSearchSnapshot): boolean {
  const { context } = snapshot;
  return context.typeResearch === 'area' ? context.municipalityId !== null : Boolean(context.filter?.trim());
}

export function selectIsLoadingAny(snapshot: OfficeSearchSnapshot): boolean {
  return Object.values(snapshot.context.loading).some(Boolean);
}

export const officeSearchMachineInfo: MachineInfo<typeof officeSearchMachine> = {
  id: 'officeSearch',
  machine: officeSearchMachine,
  title: 'Office search',
  purpose:
    'Drives the search for the one-stop shop (office) in the "select initiative" step. The search is ' +
    'free text by default and lists every office page by page; the citizen can switch to a search by ' +
    'area. Choosing a region loads its provinces and clears the municipality; choosing a province loads ' +
    'its municipalities; choosing a municipality lists its offices. Switching back to free search clears ' +
    'the address and lists the offices again; switching to area search clears the office list until a ' +
    'municipality is chosen. When the list is empty in free search or for a chosen municipality, a "no ' +
    'offices" card shows. While offices load, the previous list is withdrawn, so an office found for another ' +
    'search cannot be chosen. A list that cannot be loaded comes back empty with a generic error, never ' +
    'breaking the page, and an answer that arrives after the choice changed is ignored.',
  guards: {
    isSwitchingTo: 'The citizen picked the other search mode (free or by area) than the one shown.',
    needsRegions: 'The citizen switches to search by area and the regions are not loaded yet (or their last load failed).',
    isAreaSearch: 'The search is by area.',
    isFreeSearch: 'The search is free text.',
    isProvinceEnabled: 'A region is chosen, so the province field is enabled.',
    isMunicipalityEnabled: 'A province is chosen, so the municipality field is enabled.',
    isPageShown: 'An offices list is shown and the page asked for is between its first and last page.',
  },
  actions: {
    enterArea: 'Switches to search by area and empties the offices list until a municipality is chosen.',
    enterFree: 'Switches to free search and clears region, province and municipality.',
    chooseRegion: 'Keeps the region, clears province and municipality (the province field is enabled) and empties the offices list.',
    chooseProvince: 'Keeps the province, clears the municipality (its field is enabled) and empties the offices list.',
    chooseMunicipality: 'Keeps the municipality; its offices are listed from the first page.',
    search: 'Keeps the search text; the offices are listed from the first page.',
    setPage: 'Keeps the page of offices asked for.',
    clear: 'Clears the search text and the address and empties the offices list.',
    setLoading: 'Marks the list as loading (on entry) or loaded (on exit), for its loading indicator.',
    storeRegions: 'Shows the regions that arrived, or an empty list with the 999 "Generic Error" status if the answer was not OK.',
    storeProvinces: 'Shows the provinces that arrived, or an empty list with the 999 "Generic Error" status if the answer was not OK.',
    storeMunicipalities: 'Shows the municipalities that arrived, or an empty list with the 999 "Generic Error" status if the answer was not OK.',
    withdrawOffices: 'Withdraws the offices shown (the paging stays) while their next page or search loads, so none of them can be chosen for it.',
    storeOffices: 'Shows the page of offices that arrived (empty: the "no offices" card), or an empty list with the 999 status.',
    failList: 'The list could not be loaded: it is emptied and gets the 999 "Generic Error" status.',
  },
};
