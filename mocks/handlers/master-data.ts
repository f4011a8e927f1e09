// msw handlers of spec §7 "Master data" lists for the enrolment: territory, offices and
// initiatives, answered from mocks/fixtures/requests.ts with the server's paging, filtering and
// sorting rules (page size from the query, filter ignoring case and accents). Typed by the shared
// contract. The named builders let a test swap in another answer with `server.use(...)`.
import { http, HttpResponse } from 'msw';
import type { InitiativeListResponse, MunicipalityListResponse, ProvinceListResponse, RegionListResponse, SuapListResponse } from '#shared/api/master-data.ts';
import { MATCHED_MUNICIPALITIES_SHOWN, MUNICIPALITY_MATCHES } from '#shared/api/master-data.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { GENERIC_ERROR, PageSize } from '#shared/constants.ts';
import { OK_STATUS, pageCount } from '#shared/envelope.ts';
import { Patterns } from '#shared/patterns.ts';
import { foldForSearch } from '#shared/text.ts';
import { initiatives, municipalities, offices, provinces, regions } from '../fixtures/requests.ts';

export const masterDataUrls = {
  regions: `${API_BASE}${ApiPaths.regionList}`,
  provinces: `${API_BASE}${ApiPaths.provinceList}`,
  municipalities: `${API_BASE}${ApiPaths.municipalityList}`,
  suaps: `${API_BASE}${ApiPaths.suapList}`,
  initiatives: `${API_BASE}${ApiPaths.iniziativeList}`,
} as const;

function page<T>(items: readonly T[], params: URLSearchParams, defaultSize: number) {
  const size = Number(params.get('size') ?? defaultSize);
  const current = Number(params.get('page') ?? 1);
  return {
    totalResults: items.length,
    totalPages: pageCount(items.length, size),
    items: items.slice((current - 1) * size, current * size),
  };
}

const matches = (text: string, filter: string | null) => !filter || foldForSearch(text).includes(foldForSearch(filter));

export function regionsHandler() {
  return http.get(masterDataUrls.regions, () => HttpResponse.json<RegionListResponse>({ ...OK_STATUS, regionList: regions }));
}

export function provincesHandler() {
  return http.get(masterDataUrls.provinces, ({ request }) => {
    const regionId = Number(new URL(request.url).searchParams.get('regionId'));
    return HttpResponse.json<ProvinceListResponse>({ ...OK_STATUS, provinceList: provinces.filter((p) => p.region.regionId === regionId) });
  });
}

export function municipalitiesHandler() {
  return http.get(masterDataUrls.municipalities, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const provinceId = params.get('provinceId');
    const filter = params.get('filter');
    // As the server: a name search (the residence combobox) or the municipalities of a province.
    if (filter !== null && !(filter.length >= 2 && Patterns.placeName.test(filter)))
      return HttpResponse.json({ code: 400, message: 'Bad Request', description: 'filter: not a place name' }, { status: 400 });
    return HttpResponse.json<MunicipalityListResponse>({
      ...OK_STATUS,
      municipalityList: municipalities
        .filter((m) => provinceId === null || m.province.provinceId === Number(provinceId))
        .filter((m) => filter === null || matches(`${m.nameIt} ${m.nameEn}`, filter))
        .slice(0, filter === null ? undefined : MUNICIPALITY_MATCHES),
    });
  });
}

export function suapsHandler() {
  return http.get(masterDataUrls.suaps, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const municipalityId = params.get('municipalityId');
    const type = params.get('type');
    const filter = params.get('filter');
    const folded = filter ? foldForSearch(filter) : null;
    // As the server: an office is found by its name or by a municipality it serves, best match first
    // (the whole name, a name starting with the text, one containing it), and names what matched.
    const rank = (name: string, ...more: string[]) => {
      const names = [name, ...more].map(foldForSearch);
      if (names.includes(folded ?? '')) return 0;
      return names.some((n) => n.startsWith(folded ?? '')) ? 1 : 2;
    };
    const found = offices
      .filter(({ municipalityIds }) => !municipalityId || municipalityIds.includes(Number(municipalityId)))
      .filter(({ suap }) => !type || suap.type === type)
      .map(({ suap, municipalityIds }) => {
        if (folded === null) return { item: suap, rank: 0 };
        const places = municipalities
          .filter((m) => municipalityIds.includes(m.municipalityId) && matches(`${m.nameIt} ${m.nameEn}`, filter))
          .map((m) => ({ municipalityId: m.municipalityId, nameIt: m.nameIt, nameEn: m.nameEn, rank: rank(m.nameIt, m.nameEn) }))
          .sort((a, b) => a.rank - b.rank || a.nameIt.localeCompare(b.nameIt));
        const own = matches(suap.name, filter) ? rank(suap.name) : 3;
        return {
          item: {
            ...suap,
            matchedMunicipalities: places.slice(0, MATCHED_MUNICIPALITIES_SHOWN).map(({ rank: _rank, ...place }) => place),
            matchedMunicipalityCount: places.length,
          },
          rank: Math.min(own, ...places.map((p) => p.rank)),
        };
      })
      .filter(({ rank }) => rank < 3)
      .sort((a, b) => a.rank - b.rank || a.item.name.localeCompare(b.item.name))
      .map(({ item }) => item);
    const { items, ...totals } = page(found, params, PageSize.suaps);
    return HttpResponse.json<SuapListResponse>({ ...OK_STATUS, ...totals, suapList: items });
  });
}

/** As the catalogue's keywords (docs/architecture.md "Initiatives are found by everyday words"), for the fixtures' initiatives by code. */
const KEYWORDS: Readonly<Record<string, { It: string; En: string }>> = {
  'AVV-COM-001': { It: 'parrucchiere, salone', En: 'hair salon' },
  'AVV-COM-002': { It: 'negozio, bottega', En: 'shop, store' },
  'AVV-COM-003': { It: 'giornalaio, giornali', En: 'newsagent, kiosk' },
  'AVV-SOM-001': { It: 'caffè, pub, pizzeria', En: 'cafe, pub, pizzeria' },
};

export function initiativesHandler() {
  return http.get(masterDataUrls.initiatives, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const typeId = params.get('typeId');
    const suffix = params.get('lang') === 'en' ? 'En' : 'It';
    const found = initiatives
      .filter((item) => !typeId || item.typeIniziativeId === Number(typeId))
      .filter((item) =>
        matches(`${item.code} ${item[`activity${suffix}`]} ${item[`description${suffix}`]} ${KEYWORDS[item.code]?.[suffix] ?? ''}`, params.get('filter')),
      )
      .sort((a, b) => a[`activity${suffix}`].localeCompare(b[`activity${suffix}`]));
    const { items, ...totals } = page(found, params, PageSize.initiatives);
    return HttpResponse.json<InitiativeListResponse>({ ...OK_STATUS, ...totals, iniziativeList: items });
  });
}

/** Any master-data list failing with the spec's generic error (HTTP 500). */
export function masterDataFailure(list: keyof typeof masterDataUrls) {
  return http.get(masterDataUrls[list], () => HttpResponse.json(GENERIC_ERROR, { status: 500 }));
}

export const masterDataHandlers = [regionsHandler(), provincesHandler(), municipalitiesHandler(), suapsHandler(), initiativesHandler()];
