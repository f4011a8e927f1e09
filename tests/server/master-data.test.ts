import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '#shared/api/paths.ts';
import { PageSize } from '#shared/constants.ts';
import {
  MATCHED_MUNICIPALITIES_SHOWN,
  MUNICIPALITY_MATCHES,
  type InitiativeListResponse,
  type MunicipalityListResponse,
  type ProvinceListResponse,
  type RegionListResponse,
  type SuapListResponse,
} from '#shared/api/master-data.ts';
import { SEED_VERSION, seedDatabase } from '#server/db/seed/index.ts';
import { containsPattern } from '#server/services/master-data.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { PraticaState } from '#shared/pratica.ts';

const LAZIO = 12;
const PROVINCE_OF_ROME = 58;
const ROME = 58091;

describe.each(testDatabases())('master data on $kind', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await open());
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const get = async <T>(path: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api${path}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers,
    });
    return { status: response.statusCode, body: response.json() as T, headers: response.headers };
  };

  it('lists the 20 regions, the 5 provinces of Lazio and the 121 municipalities of the province of Rome', async () => {
    const regions = await get<RegionListResponse>(ApiPaths.regionList);
    expect(regions.status).toBe(200);
    expect(regions.body.code).toBe(200);
    expect(regions.body.regionList).toHaveLength(20);
    expect(regions.body.regionList.find((r) => r.regionId === LAZIO)).toMatchObject({ nameIt: 'Lazio' });
    expect(regions.body.regionList.find((r) => r.nameIt === 'Lombardia')?.nameEn).toBe('Lombardy');

    const provinces = await get<ProvinceListResponse>(ApiPaths.provinceList, { regionId: LAZIO });
    expect(provinces.body.provinceList.map((p) => p.code).sort()).toEqual(['FR', 'LT', 'RI', 'RM', 'VT']);
    expect(provinces.body.provinceList.every((p) => p.region.regionId === LAZIO)).toBe(true);

    const municipalities = await get<MunicipalityListResponse>(ApiPaths.municipalityList, { provinceId: PROVINCE_OF_ROME });
    expect(municipalities.body.municipalityList).toHaveLength(121);
    expect(municipalities.body.municipalityList.find((m) => m.municipalityId === ROME)).toMatchObject({ istatCode: '058091', nameIt: 'Roma', nameEn: 'Rome' });
  });

  it('holds every current municipality and a one-stop shop for each', async () => {
    const all = await get<MunicipalityListResponse>(ApiPaths.municipalityList);
    expect(all.body.municipalityList).toHaveLength(7896);
    const unserved = await t.database.db
      .selectFrom('municipalities as m')
      .leftJoin('suap_municipality as sm', 'sm.municipality_id', 'm.municipality_id')
      .where('sm.suap_id', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(unserved.n)).toBe(0);
  });

  it('finds the region of a province', async () => {
    const regions = await get<RegionListResponse>(ApiPaths.regionList, { provinceId: PROVINCE_OF_ROME });
    expect(regions.body.regionList.map((r) => r.regionId)).toEqual([LAZIO]);
  });

  it('returns the office serving Rome, and pages offices 12 at a time sorted by name', async () => {
    const rome = await get<SuapListResponse>(ApiPaths.suapList, { municipalityId: ROME });
    expect(rome.body.suapList).toHaveLength(1);
    expect(rome.body.suapList[0]).toMatchObject({ name: 'SUAP del Comune di Roma (RM)', type: 'INT' });
    expect(rome.body.suapList[0]!.pec).toMatch(/@pec\./);

    const first = await get<SuapListResponse>(ApiPaths.suapList);
    expect(first.body.suapList).toHaveLength(PageSize.suaps);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.totalResults / PageSize.suaps));
    const names = first.body.suapList.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const external = await get<SuapListResponse>(ApiPaths.suapList, { type: 'EXT' });
    expect(external.body.totalResults).toBeGreaterThan(0);
    expect(external.body.suapList.every((s) => s.type === 'EXT' && s.url?.startsWith('https://'))).toBe(true);
  });

  it('filters offices case- and accent-insensitively', async () => {
    const forli = await get<SuapListResponse>(ApiPaths.suapList, { filter: 'FORLI' });
    expect(forli.body.suapList.some((s) => s.name.includes('Forlì'))).toBe(true);
  });

  it.each([
    ['Tivoli', 'SUAP associato della Provincia di Roma'],
    ['Fiumicino', 'SUAP associato della Provincia di Roma'],
    ['San Donà', 'SUAP associato della Provincia di Venezia'],
    ['san dona di piave', 'SUAP associato della Provincia di Venezia'],
    ['Sant’Angelo Lodigiano', 'SUAP associato della Provincia di Lodi'],
  ])('finds an office by a municipality it serves: "%s" finds %s', async (filter, office) => {
    const found = await get<SuapListResponse>(ApiPaths.suapList, { filter, size: 100 });
    expect(found.status).toBe(200);
    expect(found.body.suapList.map((s) => s.name)).toContain(office);
    // Only offices serving a matching place, or named like the text, are returned.
    expect(found.body.totalResults).toBeLessThan(20);
  });

  it('ranks an office serving the very municipality first, and names on each office the municipalities that matched', async () => {
    const roma = await get<SuapListResponse>(ApiPaths.suapList, { filter: 'Roma' });
    expect(roma.status).toBe(200);
    expect(roma.body.suapList[0]).toMatchObject({ name: 'SUAP del Comune di Roma (RM)', matchedMunicipalities: [{ nameIt: 'Roma', nameEn: 'Rome' }] });
    // Then offices serving a municipality whose name starts with the text (Romano di Lombardia, ...),
    // before those serving one that only contains it or carrying the text in their own name.
    const ranks = roma.body.suapList.map((s) => {
      const names = (s.matchedMunicipalities ?? []).map((m) => m.nameIt.toLowerCase());
      return names.includes('roma') ? 0 : names.some((n) => n.startsWith('roma')) ? 1 : 2;
    });
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks[0]).toBe(0);
    expect(roma.body.suapList.slice(1).every((s) => !(s.matchedMunicipalities ?? []).some((m) => m.nameIt === 'Roma'))).toBe(true);

    // English names match too: "Rome" is Roma's.
    const rome = await get<SuapListResponse>(ApiPaths.suapList, { filter: 'rome' });
    expect(rome.body.suapList[0]!.name).toBe('SUAP del Comune di Roma (RM)');

    const santAngelo = await get<SuapListResponse>(ApiPaths.suapList, { filter: 'Sant’Angelo', size: 100 });
    expect(santAngelo.body.totalResults).toBeGreaterThan(1);
    for (const office of santAngelo.body.suapList) {
      expect(office.matchedMunicipalityCount).toBeGreaterThan(0);
      expect(office.matchedMunicipalities!.length).toBe(Math.min(office.matchedMunicipalityCount!, MATCHED_MUNICIPALITIES_SHOWN));
      expect(office.matchedMunicipalities!.every((m) => /sant'angelo/i.test(m.nameIt))).toBe(true);
    }
    expect(santAngelo.body.suapList.some((s) => s.matchedMunicipalityCount! > 1)).toBe(true);
    expect(santAngelo.body.suapList.flatMap((s) => s.matchedMunicipalities!.map((m) => m.nameIt))).toContain("Sant'Angelo Lodigiano");

    // An office found by its own name names no municipality; without a text, offices carry no match.
    const byName = await get<SuapListResponse>(ApiPaths.suapList, { filter: 'associato della Provincia di Lodi' });
    expect(byName.body.suapList).toEqual([
      expect.objectContaining({ name: 'SUAP associato della Provincia di Lodi', matchedMunicipalityCount: 0, matchedMunicipalities: [] }),
    ]);
    const all = await get<SuapListResponse>(ApiPaths.suapList);
    expect(all.body.suapList[0]).not.toHaveProperty('matchedMunicipalities');
  });

  it.each([
    ['roma', 'Roma'],
    ['bolzano/b', 'Bolzano/Bozen'],
    ['Sant’Angelo Lod', "Sant'Angelo Lodigiano"],
    ['cavallino-tre', 'Cavallino-Treporti'],
    ['san dona di', 'San Donà di Piave'],
  ])('finds municipalities by name for the residence combobox: "%s" first gives %s', async (filter, first) => {
    const found = await get<MunicipalityListResponse>(ApiPaths.municipalityList, { filter });
    expect(found.status).toBe(200);
    expect(found.body.municipalityList[0]?.nameIt).toBe(first);
    expect(found.body.municipalityList.length).toBeLessThanOrEqual(MUNICIPALITY_MATCHES);
  });

  it('caps a short name search at the combobox length, and refuses markup', async () => {
    const many = await get<MunicipalityListResponse>(ApiPaths.municipalityList, { filter: 'san' });
    expect(many.body.municipalityList).toHaveLength(MUNICIPALITY_MATCHES);
    expect(many.body.municipalityList.every((m) => /^san/i.test(m.nameIt))).toBe(true);
    const bad = await get<{ description: string }>(ApiPaths.municipalityList, { filter: '<b>' });
    expect(bad.status).toBe(400);
    expect(bad.body.description.startsWith('filter:')).toBe(true);
  });

  it('matches a served place with the municipalities’ trigram index, not by scanning them', async () => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN SELECT sm.suap_id FROM suap_municipality sm JOIN municipalities m ON m.municipality_id = sm.municipality_id
      WHERE m.search_text LIKE ${containsPattern('Tivoli')}`.execute(t.database.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/municipalities_search_trgm/);
    expect(plan).not.toMatch(/Seq Scan on municipalities/);
  });

  it('pages initiatives 5 at a time, sorted by activity in the reader’s language', async () => {
    const it_ = await get<InitiativeListResponse>(ApiPaths.iniziativeList, { lang: 'it' });
    expect(it_.body.iniziativeList).toHaveLength(PageSize.initiatives);
    const activitiesIt = it_.body.iniziativeList.map((i) => i.activityIt);
    expect(activitiesIt).toEqual([...activitiesIt].sort((a, b) => a.localeCompare(b, 'it', { sensitivity: 'base' })));

    const en = await get<InitiativeListResponse>(ApiPaths.iniziativeList, {}, { 'accept-language': 'en-GB,en;q=0.9' });
    const activitiesEn = en.body.iniziativeList.map((i) => i.activityEn);
    expect(activitiesEn).toEqual([...activitiesEn].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(activitiesEn).not.toEqual(it_.body.iniziativeList.map((i) => i.activityEn));

    const desc = await get<InitiativeListResponse>(ApiPaths.iniziativeList, { lang: 'it', sortField: 'activity', sortType: 'desc' });
    expect(desc.body.iniziativeList[0]!.activityIt.localeCompare(activitiesIt[0]!, 'it')).toBeGreaterThan(0);
  });

  it('filters initiatives by type and by text', async () => {
    const byType = await get<InitiativeListResponse>(ApiPaths.iniziativeList, { typeId: 3, size: 100 });
    expect(byType.body.totalResults).toBeGreaterThan(0);
    expect(byType.body.iniziativeList.every((i) => i.typeIniziativeId === 3)).toBe(true);

    const bar = await get<InitiativeListResponse>(ApiPaths.iniziativeList, { filter: 'bar e ristorante', lang: 'it' });
    expect(bar.body.iniziativeList.map((i) => i.activityIt)).toContain('Bar e ristorante');
    const accentless = await get<InitiativeListResponse>(ApiPaths.iniziativeList, { filter: 'attivita', lang: 'it', size: 100 });
    expect(accentless.body.totalResults).toBeGreaterThan(0);
    expect(accentless.body.iniziativeList.some((i) => /attività/i.test(`${i.activityIt} ${i.descriptionIt}`))).toBe(true);
  });

  it.each([
    ['parrucchiere', 'it', 'Acconciatore'],
    ['negozio', 'it', 'Esercizio di vicinato'],
    ['ambulante', 'it', 'Commercio su area pubblica itinerante'],
    ['B&B', 'it', 'Bed and breakfast'],
    ['barber', 'en', 'Hairdresser'],
    ['b&b', 'en', 'Bed and breakfast'],
  ])('finds initiatives by the everyday words people type: "%s" (%s) finds %s', async (filter, lang, activity) => {
    const found = await get<InitiativeListResponse>(ApiPaths.iniziativeList, { filter, lang, typeId: 1, size: 100 });
    expect(found.status).toBe(200);
    expect(found.body.iniziativeList.map((i) => (lang === 'en' ? i.activityEn : i.activityIt))).toContain(activity);
  });

  it('accepts & in a search, still refusing markup', async () => {
    expect((await get(ApiPaths.suapList, { filter: 'B&B' })).status).toBe(200);
    expect((await get(ApiPaths.iniziativeList, { filter: 'a<b' })).status).toBe(400);
  });

  it('gives the seed’s keywords to the initiatives of a database seeded before them, keeping keywords already set', async () => {
    const db = t.database.db;
    const before = await db.selectFrom('iniziative').selectAll().where('code', 'in', ['AVV-SPE-001', 'AVV-SPE-002']).orderBy('code').execute();
    await db
      .updateTable('iniziative')
      .set({ keywords_it: '', keywords_en: '', search_text_it: 'acconciatore', search_text_en: 'hairdresser' })
      .where('code', '=', 'AVV-SPE-001')
      .execute();
    await db.updateTable('iniziative').set({ keywords_it: 'unghie', keywords_en: 'nails' }).where('code', '=', 'AVV-SPE-002').execute();
    await db.updateTable('app_config').set({ value: '1' }).where('key', '=', 'seed_version').execute();
    await seedDatabase(db, { ipaCode: t.config.ipaCode, demo: false });
    const after = await db.selectFrom('iniziative').selectAll().where('code', 'in', ['AVV-SPE-001', 'AVV-SPE-002']).orderBy('code').execute();
    expect(after[0]).toMatchObject({ keywords_it: before[0]!.keywords_it, search_text_it: before[0]!.search_text_it });
    expect(after[0]!.search_text_it).toContain('parrucchiere');
    expect(after[1]).toMatchObject({ keywords_it: 'unghie', keywords_en: 'nails' });
    expect(Number((await db.selectFrom('app_config').select('value').where('key', '=', 'seed_version').executeTakeFirstOrThrow()).value)).toBe(SEED_VERSION);
    await db
      .updateTable('iniziative')
      .set({ keywords_it: before[1]!.keywords_it, keywords_en: before[1]!.keywords_en })
      .where('code', '=', 'AVV-SPE-002')
      .execute();
  });

  it('ignores empty query values, as the client drops them', async () => {
    const response = await get<InitiativeListResponse>(ApiPaths.iniziativeList, { page: '', filter: '', size: '' });
    expect(response.status).toBe(200);
    expect(response.body.iniziativeList).toHaveLength(PageSize.initiatives);
  });

  it.each([
    [ApiPaths.iniziativeList, { page: 0 }, 'page'],
    [ApiPaths.iniziativeList, { size: 10000 }, 'size'],
    [ApiPaths.iniziativeList, { sort: 'price;asc' }, 'sort'],
    [ApiPaths.iniziativeList, { sortField: 'activity' }, 'sortType'],
    [ApiPaths.iniziativeList, { typeId: 'abc' }, 'typeId'],
    [ApiPaths.iniziativeList, { filter: '<script>' }, 'filter'],
    [ApiPaths.suapList, { municipalityId: '12x' }, 'municipalityId'],
    [ApiPaths.suapList, { type: 'FOO' }, 'type'],
    [ApiPaths.suapList, { filter: 'ab' }, 'filter'],
    [ApiPaths.provinceList, { regionId: 'lazio' }, 'regionId'],
    [ApiPaths.municipalityList, { provinceId: -1 }, 'provinceId'],
  ])('refuses bad parameters of %s %o with a 400 envelope naming %s', async (path, query, parameter) => {
    const response = await get<{ code: number; message: string; description: string; field?: string }>(path, query as Record<string, string>);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(response.body.message).toBe('Bad Request');
    expect(response.body.description.startsWith(`${parameter}:`)).toBe(true);
    expect(response.body.field).toBe(parameter);
  });

  it('serves reference data pre-compressed with an ETag, and 304 when the client has it', async () => {
    const url = `/api${ApiPaths.provinceList}?regionId=${LAZIO}`;
    const first = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.json() as ProvinceListResponse).provinceList).toHaveLength(5);
    const other = await t.app.inject({ url: `/api${ApiPaths.provinceList}?regionId=3`, headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('serves the application configuration with the startup service and the public settings', async () => {
    const config = await get<{
      typeOfServiceAnagList: { typeOfServiceId: number }[];
      stateOfRequestAnagList: unknown[];
      typeIniziativeList: unknown[];
      settings: { ipaCode: string; languages: string[] };
    }>(ApiPaths.config);
    expect(config.body.typeOfServiceAnagList.map((s) => s.typeOfServiceId)).toContain(1);
    // Every state of the pratica's lifecycle (src/shared/pratica.ts), 1 to 15.
    expect(config.body.stateOfRequestAnagList).toHaveLength(Object.keys(PraticaState).length);
    expect(config.body.typeIniziativeList.length).toBeGreaterThanOrEqual(3);
    expect(config.body.settings).toMatchObject({ ipaCode: t.config.ipaCode, languages: ['it', 'en'] });

    const anagrafica = await get<{ regionList: unknown[]; stateOfRequestAnagList: unknown[] }>(ApiPaths.anagraficaList);
    expect(anagrafica.body.regionList).toHaveLength(20);
    expect(anagrafica.body.stateOfRequestAnagList).toHaveLength(Object.keys(PraticaState).length);
  });
});
