// Office search (spec §4 "Search form (select office)", §2 no-data card, §8 failed lists): every
// model path replayed on the pure machine with the invariants below, then one example per rule.
import { describe, expect, it } from 'vitest';
import { officeSearchMachine, selectIsLoadingAny, selectShowsNoOffices } from '#machines/office-search.ts';
import type { ListName } from '#machines/office-search/rules.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import {
  failedOffices,
  lazio,
  lombardia,
  municipalitiesAnswer,
  noOfficesAnswer,
  officesAnswer,
  provincesAnswer,
  regionsAnswer,
  roma,
  romaCity,
} from './fixtures/places.ts';
import { officeSearchModel } from './models/office-search.model.ts';
import { drive } from './support/drive.ts';
import { defineModelSuite } from './support/harness.ts';

const LISTS: readonly ListName[] = ['regions', 'provinces', 'municipalities', 'offices'];

defineModelSuite(officeSearchModel, {
  'the form state and typeResearch agree': ({ after }) => {
    expect(after.matches({ running: { form: after.context.typeResearch } })).toBe(true);
  },
  'province enabled iff a region is chosen in area mode': ({ after }) => {
    const { typeResearch, regionId, enabled } = after.context;
    expect(enabled.province).toBe(typeResearch === 'area' && regionId !== null);
  },
  'municipality enabled iff a province is chosen (in area mode)': ({ after }) => {
    const { typeResearch, provinceId, enabled } = after.context;
    expect(enabled.municipality).toBe(typeResearch === 'area' && provinceId !== null);
  },
  'choices nest: a municipality needs a province, a province needs a region, free search has none': ({ after }) => {
    const { typeResearch, regionId, provinceId, municipalityId } = after.context;
    if (municipalityId !== null) expect(provinceId).not.toBeNull();
    if (provinceId !== null) expect(regionId).not.toBeNull();
    if (typeResearch === 'free') expect([regionId, provinceId, municipalityId]).toEqual([null, null, null]);
  },
  'lists belong to the choice above them: no provinces without region, no municipalities without province': ({ after }) => {
    if (after.context.regionId === null) expect(after.context.provinces).toEqual([]);
    if (after.context.provinceId === null) expect(after.context.municipalities).toEqual([]);
  },
  'loading flags mirror the loading states': ({ after }) => {
    for (const list of LISTS) expect(after.context.loading[list]).toBe(after.matches({ running: { [list]: 'loading' } } as never));
    expect(selectIsLoadingAny(after)).toBe(LISTS.some((list) => after.context.loading[list]));
  },
  'the no-offices card shows when free search is on or a municipality is chosen, and the list is empty': ({ after }) => {
    const { typeResearch, municipalityId, offices, loading } = after.context;
    expect(selectShowsNoOffices(after)).toBe(!loading.offices && offices.items.length === 0 && (typeResearch === 'free' || municipalityId !== null));
  },
  'while offices load, none is offered: the last answer belongs to another search or page': ({ after }) => {
    if (after.matches({ running: { offices: 'loading' } })) expect(after.context.offices.items).toEqual([]);
  },
  'a failed list is empty with the 999 Generic Error status, and the machine keeps running': ({ after }) => {
    expect(after.status).toBe('active');
    for (const list of LISTS) {
      const status = after.context.status[list];
      if (status === null) continue;
      expect(status).toEqual(GENERIC_ERROR);
      expect(list === 'offices' ? after.context.offices.items : after.context[list]).toEqual([]);
    }
  },
  'offices load with the free search, or for the chosen municipality; never for an area without one': ({ after, calls }) => {
    for (const call of calls.filter((started) => started.src === 'loadOffices')) {
      const { typeResearch, filter, page, municipalityId } = after.context;
      expect(call.input).toEqual(typeResearch === 'free' ? { filter, page, municipalityId: null } : { filter: null, page, municipalityId });
      if (typeResearch === 'area') expect(municipalityId).not.toBeNull();
    }
  },
  'provinces load for the chosen region, municipalities for the chosen province': ({ after, calls }) => {
    for (const call of calls) {
      if (call.src === 'loadProvinces') expect(call.input).toEqual({ regionId: after.context.regionId });
      if (call.src === 'loadMunicipalities') expect(call.input).toEqual({ provinceId: after.context.provinceId });
    }
  },
  'a new region resets province and municipality; a new province resets municipality': ({ event, before, after }) => {
    if (!before || before.context.typeResearch !== 'area') return;
    if (event.type === 'SELECT_REGION') {
      expect(after.context).toMatchObject({ regionId: event.regionId, provinceId: null, municipalityId: null, provinces: [], municipalities: [] });
      expect(after.matches({ running: { provinces: 'loading' } })).toBe(true);
    }
    if (event.type === 'SELECT_PROVINCE' && before.context.enabled.province) {
      expect(after.context).toMatchObject({ provinceId: event.provinceId, municipalityId: null, municipalities: [] });
      expect(after.matches({ running: { municipalities: 'loading' } })).toBe(true);
    }
  },
  'switching to free clears the address and reloads offices; switching to area clears office data': ({ event, before, after, calls }) => {
    if (event.type !== 'SET_TYPE' || before?.context.typeResearch === event.typeResearch) return;
    if (event.typeResearch === 'free') {
      expect([after.context.regionId, after.context.provinceId, after.context.municipalityId]).toEqual([null, null, null]);
      expect(calls.map((call) => call.src)).toEqual(['loadOffices']);
    } else {
      expect(after.context.offices.items).toEqual([]);
      expect(after.matches({ running: { offices: 'idle' } })).toBe(true);
    }
  },
});

describe('office search rules', () => {
  it('starts in free search, listing the first page of every office', () => {
    const search = drive(officeSearchMachine);
    expect(search.snapshot().context.typeResearch).toBe('free');
    expect(search.inputOf('loadOffices')).toEqual({ filter: null, page: 1, municipalityId: null });
  });

  it('area search loads the regions and clears the office data; choosing the same mode again does nothing', async () => {
    const search = drive(officeSearchMachine);
    await search.release('loadOffices', officesAnswer);
    search.actor.send({ type: 'SET_TYPE', typeResearch: 'area' });
    expect(search.snapshot().context.offices.items).toEqual([]);
    expect(selectShowsNoOffices(search.snapshot())).toBe(false);
    await search.release('loadRegions', regionsAnswer);
    search.actor.send({ type: 'SET_TYPE', typeResearch: 'area' });
    expect(search.gates.calls.map((call) => call.id)).toEqual(['loadOffices', 'loadRegions']);
  });

  async function inArea() {
    const search = drive(officeSearchMachine);
    search.actor.send({ type: 'SET_TYPE', typeResearch: 'area' });
    await search.release('loadRegions', regionsAnswer);
    return search;
  }

  it('a region resets and enables the province, clears and disables the municipality', async () => {
    const search = await inArea();
    search.actor.send({ type: 'SELECT_REGION', regionId: lazio.regionId });
    await search.release('loadProvinces', provincesAnswer);
    search.actor.send({ type: 'SELECT_PROVINCE', provinceId: roma.provinceId });
    await search.release('loadMunicipalities', municipalitiesAnswer);
    search.actor.send({ type: 'SELECT_REGION', regionId: lombardia.regionId });
    expect(search.snapshot().context).toMatchObject({
      regionId: 3,
      provinceId: null,
      municipalityId: null,
      provinces: [],
      municipalities: [],
      enabled: { province: true, municipality: false },
    });
    expect(search.inputOf('loadProvinces')).toEqual({ regionId: 3 });
  });

  it('a province resets and enables the municipality; a municipality loads its offices', async () => {
    const search = await inArea();
    search.actor.send({ type: 'SELECT_REGION', regionId: lazio.regionId });
    await search.release('loadProvinces', provincesAnswer);
    search.actor.send({ type: 'SELECT_PROVINCE', provinceId: roma.provinceId });
    expect(search.snapshot().context.enabled.municipality).toBe(true);
    expect(search.inputOf('loadMunicipalities')).toEqual({ provinceId: 58 });
    await search.release('loadMunicipalities', municipalitiesAnswer);
    search.actor.send({ type: 'SELECT_MUNICIPALITY', municipalityId: romaCity.municipalityId });
    expect(search.inputOf('loadOffices')).toEqual({ filter: null, page: 1, municipalityId: 5190 });
    await search.release('loadOffices', noOfficesAnswer);
    expect(selectShowsNoOffices(search.snapshot())).toBe(true);
  });

  it('drops an answer that arrives after the choice changed', async () => {
    const search = await inArea();
    search.actor.send({ type: 'SELECT_REGION', regionId: lazio.regionId });
    search.actor.send({ type: 'SELECT_REGION', regionId: lombardia.regionId });
    expect(search.gates.calls.filter((call) => call.src === 'loadProvinces').map((call) => call.input)).toEqual([{ regionId: 12 }, { regionId: 3 }]);
    search.actor.send({ type: 'SET_TYPE', typeResearch: 'free' });
    expect(search.gates.isPending('loadProvinces')).toBe(false);
    expect(search.snapshot().context.provinces).toEqual([]);
  });

  it('switching back to free search clears the address and reloads the offices with the search text', async () => {
    const search = drive(officeSearchMachine);
    search.actor.send({ type: 'SEARCH', filter: 'roma' });
    search.actor.send({ type: 'SET_TYPE', typeResearch: 'area' });
    await search.release('loadRegions', regionsAnswer);
    search.actor.send({ type: 'SELECT_REGION', regionId: lazio.regionId });
    search.actor.send({ type: 'SET_TYPE', typeResearch: 'free' });
    expect(search.snapshot().context.regionId).toBeNull();
    expect(search.inputOf('loadOffices')).toEqual({ filter: 'roma', page: 1, municipalityId: null });
  });

  it('searches from the first page and pages only within the results', async () => {
    const search = drive(officeSearchMachine);
    await search.release('loadOffices', officesAnswer);
    search.actor.send({ type: 'PAGE', page: 2 });
    expect(search.inputOf('loadOffices')).toEqual({ filter: null, page: 2, municipalityId: null });
    await search.release('loadOffices', officesAnswer);
    search.actor.send({ type: 'PAGE', page: 3 });
    expect(search.gates.isPending('loadOffices')).toBe(false);
    search.actor.send({ type: 'SEARCH', filter: 'tivoli' });
    expect(search.inputOf('loadOffices')).toEqual({ filter: 'tivoli', page: 1, municipalityId: null });
  });

  it('withdraws the listed offices while a new search or page loads, and offers the new answer', async () => {
    const search = drive(officeSearchMachine);
    search.actor.send({ type: 'SEARCH', filter: 'agrigento' });
    await search.release('loadOffices', officesAnswer);
    expect(search.snapshot().context.offices.items).toEqual(officesAnswer.suapList);
    // The person types another town: until its answer arrives, Agrigento's offices are not offered.
    search.actor.send({ type: 'SEARCH', filter: 'tivoli' });
    expect(search.snapshot().context.offices).toMatchObject({ items: [], totalPages: 2 });
    expect(selectShowsNoOffices(search.snapshot())).toBe(false);
    await search.release('loadOffices', { ...officesAnswer, suapList: officesAnswer.suapList.slice(0, 1) });
    expect(search.snapshot().context.offices.items).toEqual(officesAnswer.suapList.slice(0, 1));
    // Paging too: the next page replaces the one shown, which is not offered meanwhile.
    search.actor.send({ type: 'PAGE', page: 2 });
    expect(search.snapshot().context.offices).toMatchObject({ items: [], page: 1, totalPages: 2 });
  });

  it('clearing the filters resets the lists', async () => {
    const search = await inArea();
    search.actor.send({ type: 'SELECT_REGION', regionId: lazio.regionId });
    await search.release('loadProvinces', provincesAnswer);
    search.actor.send({ type: 'CLEAR' });
    expect(search.snapshot().context).toMatchObject({ regionId: null, provinces: [], municipalities: [], filter: null, offices: { items: [] } });
    expect(search.snapshot().context.regions).toEqual(regionsAnswer.regionList);
  });

  it('a failed list, rejected or answered with another code, is empty with code 999 Generic Error', async () => {
    const rejected = drive(officeSearchMachine);
    await rejected.fail('loadOffices', new Error('network down'));
    const refused = drive(officeSearchMachine);
    await refused.release('loadOffices', failedOffices);
    for (const search of [rejected, refused]) {
      expect(search.snapshot().context.offices.items).toEqual([]);
      expect(search.snapshot().context.status.offices).toEqual({ code: 999, message: 'Generic Error', description: 'Generic Error' });
      expect(selectShowsNoOffices(search.snapshot())).toBe(true);
    }
  });
});
