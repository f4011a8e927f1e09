// Reads of the reference data: territory, one-stop shops, initiatives and the app configuration.
import { type Kysely, sql } from 'kysely';
import type { Language } from '#shared/constants.ts';
import type { Initiative, Municipality, Province, Region } from '#shared/domain.ts';
import type { ListQuery } from '#shared/api/list-query.ts';
import type { Requirement } from '#shared/api/attachments.ts';
import {
  MATCHED_MUNICIPALITIES_SHOWN,
  MUNICIPALITY_MATCHES,
  type InitiativeSortField,
  type SuapListItem,
  type SuapSortField,
} from '#shared/api/master-data.ts';
import { foldForSearch } from '#shared/text.ts';
import type { Database } from '../db/schema.ts';
import { initiativeOf, suapOf } from './master-data-rows.ts';
import { requirementsOf } from './documents/requirements.ts';

/** A LIKE pattern matching the folded text anywhere, with LIKE's own wildcards escaped. */
export function containsPattern(filter: string): string {
  return searchPatterns(filter).pattern;
}

/** The folded text, and LIKE patterns for it anywhere (`pattern`) and at the start (`prefix`). */
function searchPatterns(filter: string) {
  const folded = foldForSearch(filter);
  const escaped = folded.replace(/[\\%_]/g, (c) => `\\${c}`);
  return { folded, pattern: `%${escaped}%`, prefix: `${escaped}%` };
}

/**
 * How well a municipality (`m`) matches: 0 its Italian or English name is the text, 1 its name starts
 * with it, 2 contains it. `search_text` is the folded Italian name, then the English one when it
 * differs (seed/territory.ts), and folding keeps an Italian name's length, so each name is its end.
 */
function placeRank(folded: string, prefix: string) {
  return sql<number>`case when left(m.search_text, char_length(m.name_it)) = ${folded} or right(m.search_text, char_length(m.name_en)) = ${folded} then 0 when m.search_text like ${prefix} then 1 else 2 end`;
}

export interface OfficeFilters {
  type?: 'INT' | 'EXT';
  municipalityId?: number;
}

export interface Page<T> {
  items: T[];
  totalResults: number;
}

export class MasterDataService {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async regions(provinceId?: number): Promise<Region[]> {
    let query = this.db.selectFrom('regions').select(['region_id', 'name_it', 'name_en']).orderBy('name_it');
    if (provinceId !== undefined) {
      query = query.where('region_id', 'in', this.db.selectFrom('provinces').select('region_id').where('province_id', '=', provinceId));
    }
    const rows = await query.execute();
    return rows.map((r) => ({ regionId: r.region_id, nameIt: r.name_it, nameEn: r.name_en }));
  }

  async provinces(regionId?: number): Promise<Province[]> {
    let query = this.db
      .selectFrom('provinces as p')
      .innerJoin('regions as r', 'r.region_id', 'p.region_id')
      .select(['p.province_id', 'p.code', 'p.name_it', 'p.name_en', 'r.region_id', 'r.name_it as region_name_it', 'r.name_en as region_name_en'])
      .orderBy('p.name_it');
    if (regionId !== undefined) query = query.where('p.region_id', '=', regionId);
    const rows = await query.execute();
    return rows.map((p) => ({
      provinceId: p.province_id,
      code: p.code,
      nameIt: p.name_it,
      nameEn: p.name_en,
      region: { regionId: p.region_id, nameIt: p.region_name_it, nameEn: p.region_name_en },
    }));
  }

  /** Every municipality (of a province), or the first matches of a name (see MunicipalityListQuerySchema). */
  async municipalities(provinceId?: number, filter?: string): Promise<Municipality[]> {
    let query = this.db
      .selectFrom('municipalities as m')
      .innerJoin('provinces as p', 'p.province_id', 'm.province_id')
      .select([
        'm.municipality_id',
        'm.istat_code',
        'm.name_it',
        'm.name_en',
        'p.province_id',
        'p.code',
        'p.name_it as province_name_it',
        'p.name_en as province_name_en',
      ])
      .orderBy('m.name_it');
    if (provinceId !== undefined) query = query.where('m.province_id', '=', provinceId);
    if (filter) {
      // The trigram index answers the LIKE. Names that start with the text come first ("san" lists
      // San Donà di Piave before Casalbuono San...), then alphabetical, as a person scans a list.
      const folded = foldForSearch(filter).replace(/[\\%_]/g, (c) => `\\${c}`);
      query = query
        .where('m.search_text', 'like', containsPattern(filter))
        .clearOrderBy()
        .orderBy(sql`m.search_text like ${`${folded}%`}`, 'desc')
        .orderBy('m.name_it')
        .limit(MUNICIPALITY_MATCHES);
    }
    const rows = await query.execute();
    return rows.map((m) => ({
      municipalityId: m.municipality_id,
      istatCode: m.istat_code,
      nameIt: m.name_it,
      nameEn: m.name_en,
      province: { provinceId: m.province_id, code: m.code, nameIt: m.province_name_it, nameEn: m.province_name_en },
    }));
  }

  /** The offices of a municipality and of a type (INT, EXT), or all. */
  private offices(filters: OfficeFilters) {
    let base = this.db.selectFrom('suap as s');
    if (filters.municipalityId !== undefined) {
      base = base.where('s.suap_id', 'in', this.db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', filters.municipalityId));
    }
    if (filters.type) base = base.where('s.type', '=', filters.type);
    return base;
  }

  async suaps(query: ListQuery<SuapSortField>, filters: OfficeFilters): Promise<Page<SuapListItem>> {
    if (query.filter) return this.searchSuaps(filters, query, query.filter);
    const base = this.offices(filters);
    const [{ total }] = (await base.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [{ total: number }];
    const rows = await base
      .select(['s.suap_id', 's.name', 's.pec', 's.type', 's.url'])
      .orderBy('s.name', query.sort.type)
      .orderBy('s.suap_id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { totalResults: Number(total), items: rows.map(suapOf) };
  }

  /**
   * People search for their town, not for the office's name: "Tivoli" finds the associated office of
   * the province of Rome that serves it, and "Roma" puts Rome's own office first (docs/architecture.md
   * "The citizen's journey with real data"). An office ranks by its best match, by a municipality it
   * serves or by its own name: the whole name, then a name starting with the text, then one containing
   * it; ties by name. Each office names the municipalities that matched. The municipalities' trigram
   * index keeps the place match an index scan (see docs/architecture.md for the plan).
   */
  private async searchSuaps(filters: OfficeFilters, query: ListQuery<SuapSortField>, filter: string): Promise<Page<SuapListItem>> {
    const { folded, pattern, prefix } = searchPatterns(filter);
    const places = this.db
      .selectFrom('suap_municipality as sm')
      .innerJoin('municipalities as m', 'm.municipality_id', 'sm.municipality_id')
      .where('m.search_text', 'like', pattern)
      .select(['sm.suap_id', sql<number>`min(${placeRank(folded, prefix)})`.as('rank')])
      .groupBy('sm.suap_id');
    const found = this.offices(filters)
      .leftJoin(places.as('p'), 'p.suap_id', 's.suap_id')
      .where((eb) => eb.or([eb('s.search_text', 'like', pattern), eb('p.suap_id', 'is not', null)]));
    const [{ total }] = (await found.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [{ total: number }];
    const officeRank = sql<number>`case when s.search_text = ${folded} then 0 when s.search_text like ${prefix} then 1 when s.search_text like ${pattern} then 2 else 3 end`;
    const rows = await found
      .select(['s.suap_id', 's.name', 's.pec', 's.type', 's.url'])
      .orderBy(sql`least(${officeRank}, coalesce(p.rank, 3))`)
      .orderBy('s.name', query.sort.type)
      .orderBy('s.suap_id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    const matched = new Map<number, { municipalityId: number; nameIt: string; nameEn: string }[]>();
    if (rows.length > 0) {
      const hits = await this.db
        .selectFrom('suap_municipality as sm')
        .innerJoin('municipalities as m', 'm.municipality_id', 'sm.municipality_id')
        .where(
          'sm.suap_id',
          'in',
          rows.map((r) => r.suap_id),
        )
        .where('m.search_text', 'like', pattern)
        .select(['sm.suap_id', 'm.municipality_id', 'm.name_it', 'm.name_en'])
        .orderBy(placeRank(folded, prefix))
        .orderBy('m.name_it')
        .execute();
      for (const hit of hits) {
        const list = matched.get(hit.suap_id) ?? [];
        list.push({ municipalityId: hit.municipality_id, nameIt: hit.name_it, nameEn: hit.name_en });
        matched.set(hit.suap_id, list);
      }
    }
    return {
      totalResults: Number(total),
      items: rows.map((row) => {
        const places = matched.get(row.suap_id) ?? [];
        return { ...suapOf(row), matchedMunicipalities: places.slice(0, MATCHED_MUNICIPALITIES_SHOWN), matchedMunicipalityCount: places.length };
      }),
    };
  }

  async initiatives(query: ListQuery<InitiativeSortField>, filters: { typeId?: number }, language: Language): Promise<Page<Initiative>> {
    const suffix = language === 'en' ? 'en' : 'it';
    // A withdrawn initiative stays in the table for the requests that name it, but is not offered.
    let base = this.db.selectFrom('iniziative as i').where('i.offered', '=', true);
    if (filters.typeId !== undefined) base = base.where('i.type_iniziative_id', '=', filters.typeId);
    if (query.filter) base = base.where(`i.search_text_${suffix}`, 'like', containsPattern(query.filter));
    const [{ total }] = (await base.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [{ total: number }];
    const sortColumn = query.sort.field === 'code' ? 'i.code' : (`i.${query.sort.field}_${suffix}` as const);
    const rows = await base
      .selectAll()
      .orderBy(sql.ref(sortColumn), query.sort.type)
      .orderBy('i.iniziative_id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return {
      totalResults: Number(total),
      items: rows.map(initiativeOf),
    };
  }

  /** The documents an initiative asks for (withdrawn ones too: drafts still name them); null for one that does not exist. */
  async requirements(iniziativeId: number): Promise<Requirement[] | null> {
    const initiative = await this.db.selectFrom('iniziative').select('iniziative_id').where('iniziative_id', '=', iniziativeId).executeTakeFirst();
    return initiative ? requirementsOf(this.db, iniziativeId) : null;
  }

  async masterData() {
    const [services, states, types] = await Promise.all([
      this.db.selectFrom('type_of_service').selectAll().orderBy('type_of_service_id').execute(),
      this.db.selectFrom('state_of_request').selectAll().orderBy('state_of_request_id').execute(),
      this.db.selectFrom('type_iniziative').selectAll().orderBy('type_iniziative_id').execute(),
    ]);
    return {
      typeOfServiceAnagList: services.map((s) => ({
        typeOfServiceId: s.type_of_service_id,
        nameIt: s.name_it,
        nameEn: s.name_en,
        descriptionIt: s.description_it,
        descriptionEn: s.description_en,
      })),
      stateOfRequestAnagList: states.map((s) => ({
        stateOfRequestId: s.state_of_request_id,
        descriptionIt: s.description_it,
        descriptionEn: s.description_en,
      })),
      typeIniziativeList: types.map((t) => ({ typeIniziativeId: t.type_iniziative_id, descriptionIt: t.description_it, descriptionEn: t.description_en })),
    };
  }
}
