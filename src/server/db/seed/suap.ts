// One-stop shops: each provincial capital has its own office; the other municipalities of the
// province share an associated office. A handful of provinces use an external portal (EXT).
import { foldForSearch } from '#shared/text.ts';
import { EXTERNAL_SUAP_PROVINCES } from './data/suap-external.ts';
import type { SeedMunicipality, SeedProvince } from './territory.ts';

export interface SeedSuap {
  name: string;
  pec: string;
  type: 'INT' | 'EXT';
  url: string | null;
  search_text: string;
  municipalityIds: number[];
}

function slug(value: string): string {
  return foldForSearch(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function planSuaps(provinces: SeedProvince[], municipalities: SeedMunicipality[]): SeedSuap[] {
  const external = new Map(EXTERNAL_SUAP_PROVINCES.map((p) => [p.provinceCode, p.url]));
  const offices: SeedSuap[] = [];
  for (const province of provinces) {
    const members = municipalities.filter((m) => m.province_id === province.province_id);
    const url = external.get(province.code);
    if (url) {
      const name = `SUAP della Provincia di ${province.name_it}`;
      offices.push({
        name,
        pec: `suap.${slug(province.name_it)}@pec.provincia.example.org`,
        type: 'EXT',
        url,
        search_text: foldForSearch(name),
        municipalityIds: members.map((m) => m.municipality_id),
      });
      continue;
    }
    const capital = members.find((m) => m.name_it === province.name_it);
    if (capital) {
      const name = `SUAP del Comune di ${capital.name_it} (${province.code})`;
      offices.push({
        name,
        pec: `suap.${slug(capital.name_it)}@pec.comune.example.org`,
        type: 'INT',
        url: null,
        search_text: foldForSearch(`${name} ${capital.name_en}`),
        municipalityIds: [capital.municipality_id],
      });
    }
    const others = members.filter((m) => m !== capital);
    if (others.length > 0) {
      const name = `SUAP associato della Provincia di ${province.name_it}`;
      offices.push({
        name,
        pec: `suap.associato.${slug(province.name_it)}@pec.example.org`,
        type: 'INT',
        url: null,
        search_text: foldForSearch(name),
        municipalityIds: others.map((m) => m.municipality_id),
      });
    }
  }
  return offices;
}
