// The administration's registers (docs/deployment.md, "Offices and their PEC addresses"): offices
// are imported by IPA code with their PEC address and the municipalities they serve, idempotently,
// all or nothing; an office without a PEC address receives no request; the initiative catalogue is
// exported and replaced from a file; outside the demo the seed invents no office and no person.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { RequestState } from '#shared/constants.ts';
import { pgliteHandle, pgliteOptions } from '#server/db/database.ts';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed/index.ts';
import { RegisterFileError } from '#server/services/registers/csv.ts';
import { exportInitiatives, importInitiatives, INITIATIVE_COLUMNS, readInitiativeFile } from '#server/services/registers/initiatives.ts';
import { exportOffices, importOffices, readOfficeFile } from '#server/services/registers/offices.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { storeRequiredDocuments } from './support/documents.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const ROME = 58091;
const MARIO = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' };
// Rome (058091), Fiumicino (058120) and Milan (015146), as ISTAT writes them.
const OFFICES =
  '\uFEFFname;ipa_code;pec;istat_codes;url\n' +
  'SUAP di Roma Capitale;c_h501;suap@pec.roma.example.org;058091;\n' +
  '"SUAP associato ""Litorale""";suap_litorale;;058120 058091;\n';

describe.each(testDatabases())('the office register on $kind', ({ open }) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    token = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${MARIO.fiscalCode}`, headers: { authorization: `Bearer ${token}` } });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const db = () => t.database.db;
  const officeByIpa = (ipa: string) => db().selectFrom('suap').selectAll().where('ipa_code', '=', ipa).executeTakeFirstOrThrow();
  const served = async (suapId: number) =>
    (
      await db()
        .selectFrom('suap_municipality as sm')
        .innerJoin('municipalities as m', 'm.municipality_id', 'sm.municipality_id')
        .select('m.istat_code')
        .where('sm.suap_id', '=', suapId)
        .orderBy('m.istat_code')
        .execute()
    ).map((r) => r.istat_code);
  const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('imports offices by IPA code, and importing the same file again changes nothing', async () => {
    const first = await importOffices(db(), await readOfficeFile(db(), OFFICES));
    expect(first).toEqual({ added: 2, updated: 0, withoutPec: 1, municipalities: 3 });
    const rome = await officeByIpa('c_h501');
    expect(rome).toMatchObject({ name: 'SUAP di Roma Capitale', pec: 'suap@pec.roma.example.org', type: 'INT', url: null });
    expect(await served(rome.suap_id)).toEqual(['058091']);
    const coast = await officeByIpa('suap_litorale');
    expect(coast).toMatchObject({ name: 'SUAP associato "Litorale"', pec: null });
    expect(await served(coast.suap_id)).toEqual(['058091', '058120']);

    const again = await importOffices(db(), await readOfficeFile(db(), OFFICES));
    expect(again).toEqual({ added: 0, updated: 2, withoutPec: 1, municipalities: 3 });
    expect(await officeByIpa('c_h501')).toEqual(rome);
    expect(await served(coast.suap_id)).toEqual(['058091', '058120']);
  });

  it('updates an office from a later file: its PEC, its municipalities, its own portal', async () => {
    await importOffices(
      db(),
      await readOfficeFile(
        db(),
        'name,ipa_code,pec,istat_codes,url\nSUAP associato Litorale,suap_litorale,litorale@pec.example.org,058120,https://suap.litorale.example.org\n',
      ),
    );
    const coast = await officeByIpa('suap_litorale');
    expect(coast).toMatchObject({ pec: 'litorale@pec.example.org', type: 'EXT', url: 'https://suap.litorale.example.org' });
    expect(await served(coast.suap_id)).toEqual(['058120']);
    expect(await exportOffices(db())).toContain('SUAP associato Litorale;suap_litorale;litorale@pec.example.org;058120;https://suap.litorale.example.org');
  });

  it('refuses a file with any bad row, naming each line, and stores nothing', async () => {
    const before = await db().selectFrom('suap').selectAll().orderBy('suap_id').execute();
    const bad =
      'name;ipa_code;pec;istat_codes;url\n' +
      'SUAP buono;c_good;buono@pec.example.org;058091;\n' +
      'SUAP senza comuni;c_none;x@pec.example.org;;\n' +
      'SUAP con PEC sbagliata;c bad;non-una-pec;999999;ftp://x\n' +
      'SUAP doppio;c_good;d@pec.example.org;058091;\n';
    const error = await readOfficeFile(db(), bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegisterFileError);
    expect((error as RegisterFileError).problems).toEqual([
      'line 3: istat_codes must name at least one municipality the office serves (ISTAT codes, e.g. 015146).',
      'line 4: ipa_code "c bad" is not an IPA code (letters, digits and underscores).',
      'line 4: pec "non-una-pec" is not an e-mail address (leave it empty while the office has none).',
      'line 4: url "ftp://x" is not a web address (https://…).',
      'line 4: no municipality has the ISTAT code 999999.',
      'line 5: ipa_code c_good is already on line 2.',
    ]);
    await expect(readOfficeFile(db(), 'name,pec\nx,y\n')).rejects.toThrow('the header row lacks the columns ipa_code, istat_codes');
    expect(await db().selectFrom('suap').selectAll().orderBy('suap_id').execute()).toEqual(before);
  });

  it('sends no request to an office without a PEC address, and sends it once the address is imported', async () => {
    await importOffices(db(), await readOfficeFile(db(), 'name;ipa_code;pec;istat_codes\nSUAP senza PEC;c_nopec;;058091\n'));
    // The running portal sees the import at its next look at the registers (every few seconds).
    expect(await t.app.registers.check()).toBe(true);
    expect(await t.app.registers.check()).toBe(false);
    const office = await officeByIpa('c_nopec');
    const created = (
      (await call('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } })).json() as RequestResponse
    ).request;
    const initiative = (await db().selectFrom('iniziative').select('iniziative_id').where('offered', '=', true).executeTakeFirstOrThrow()).iniziative_id;
    await storeRequiredDocuments(db(), created.requestId, initiative);
    const saved = await call('PUT', apiPath('request', { id: created.requestId }), {
      ...created,
      suap: { suapId: office.suap_id },
      municipalityId: ROME,
      iniziative: { iniziativeId: initiative },
      personalData: {
        ...MARIO,
        email: 'mario.rossi@example.org',
        dateOfBirth: '1980-01-01',
        business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
        activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
      },
    });
    // A draft may keep the office (the wizard warns); sending it is refused and changes nothing.
    expect(saved.statusCode).toBe(200);
    const draft = (saved.json() as RequestResponse).request as SuapRequest;
    expect(draft.suap?.pec ?? null).toBeNull();
    const refused = await call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, stateOfRequest: { stateOfRequestId: RequestState.SENT } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorKey: ErrorKey.officeNotReceiving });
    const stored = await db()
      .selectFrom('requests')
      .select(['state_of_request_id', 'version'])
      .where('request_id', '=', draft.requestId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ state_of_request_id: RequestState.DRAFT, version: draft.version });

    await importOffices(db(), await readOfficeFile(db(), 'name;ipa_code;pec;istat_codes\nSUAP senza PEC;c_nopec;arrivata@pec.example.org;058091\n'));
    await t.app.registers.check();
    const sent = await call('PUT', apiPath('request', { id: draft.requestId }), {
      ...draft,
      suap: { suapId: office.suap_id },
      stateOfRequest: { stateOfRequestId: RequestState.SENT },
    });
    expect(sent.statusCode).toBe(200);
    const notices = await db().selectFrom('outbox').select('to_address').where('request_id', '=', draft.requestId).execute();
    expect(notices.map((n) => n.to_address)).toContain('arrivata@pec.example.org');
  });

  it('exports the initiative catalogue and replaces it from a file, withdrawing what the file leaves out', async () => {
    const exported = await exportInitiatives(db());
    const lines = exported.trim().split('\n');
    const offered = lines.length - 1;
    expect(offered).toBeGreaterThan(10);
    expect(await importInitiatives(db(), await readInitiativeFile(db(), exported))).toEqual({ added: 0, updated: offered, withdrawn: 0 });

    // The keywords and the documents travel with the catalogue (optional columns: a file without them still imports).
    expect(lines[0]!.split(';').slice(-3)).toEqual(['keywords_it', 'keywords_en', 'requirements']);
    expect(lines.find((line) => line.startsWith('AVV-RIC-001;'))).toContain('B&B');
    const kept =
      [lines[0], ...lines.slice(2)].join('\n') +
      '\nNEW-01;1;Gelateria artigianale;Artisan ice-cream shop;Apertura di una gelateria;Opening an ice-cream shop;Commercio;Trade;coni, coppette;cones;\n';
    const gone = lines[1]!.split(';')[0]!;
    expect(await importInitiatives(db(), await readInitiativeFile(db(), kept))).toEqual({ added: 1, updated: offered - 1, withdrawn: 1 });
    expect(await t.app.registers.check()).toBe(true);
    const list = await call('GET', `${ApiPaths.iniziativeList}?page=1&size=100&filter=gelateria`);
    expect(JSON.stringify(list.json())).toContain('Gelateria artigianale');
    const byKeyword = await call('GET', `${ApiPaths.iniziativeList}?page=1&size=100&filter=coppette&lang=it`);
    expect(JSON.stringify(byKeyword.json())).toContain('Gelateria artigianale');
    expect((await db().selectFrom('iniziative').select('offered').where('code', '=', gone).executeTakeFirstOrThrow()).offered).toBe(false);

    await expect(readInitiativeFile(db(), `${lines[0]}\nX;9;<b>;b;c;d;e;f;;;\n`)).rejects.toThrow(RegisterFileError);
    await expect(readInitiativeFile(db(), `${lines[0]}\nX;1;a;b;c;d;e;f;<script>;;\n`)).rejects.toThrow(/keywords_it/);
    const header = INITIATIVE_COLUMNS.join(';');
    expect(await readInitiativeFile(db(), `${header}\nX;1;a;b;c;d;e;f\n`)).toEqual([
      expect.objectContaining({ code: 'X', keywords: { keywords_it: '', keywords_en: '' } }),
    ]);
  });
});

describe('a database outside the demo', () => {
  it('gets master data and the initiative catalogue, but no office, PEC address or person', async () => {
    const handle = pgliteHandle(new PGlite(await pgliteOptions()));
    try {
      await migrateToLatest(handle.db);
      await seedDatabase(handle.db, { ipaCode: 'c_h501', demo: false });
      const count = async (table: 'suap' | 'suap_municipality' | 'users' | 'requests' | 'municipalities' | 'iniziative') =>
        Number(
          (
            await handle.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('suap')).toBe(0);
      expect(await count('suap_municipality')).toBe(0);
      expect(await count('users')).toBe(0);
      expect(await count('requests')).toBe(0);
      expect(await count('municipalities')).toBe(7896);
      expect(await count('iniziative')).toBeGreaterThan(10);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('the demo offices all use addresses on domains RFC 2606 reserves', async () => {
    const { planSuaps } = await import('#server/db/seed/suap.ts');
    const { loadTerritory } = await import('#server/db/seed/territory.ts');
    const territory = loadTerritory();
    for (const office of planSuaps(territory.provinces, territory.municipalities)) {
      expect(new URL(`mailto:${office.pec}`).pathname).toMatch(/@([a-z0-9-]+\.)*example\.(org|com)$/);
      if (office.url) expect(new URL(office.url).hostname).toMatch(/(^|\.)example\.(org|com)$/);
    }
  });

  it.each([
    [
      'outside the demo removes the invented PEC addresses and own portals, keeping the offices',
      false,
      [
        { name: 'SUAP del Comune di Roma (RM)', pec: null, type: 'INT', url: null },
        { name: 'SUAP della Provincia di Cuneo', pec: null, type: 'INT', url: null },
      ],
    ],
    [
      'in the demo moves them to example.org',
      true,
      [
        { name: 'SUAP del Comune di Roma (RM)', pec: 'suap.roma@pec.comune.example.org', type: 'INT', url: null },
        { name: 'SUAP della Provincia di Cuneo', pec: 'suap.cuneo@pec.provincia.example.org', type: 'EXT', url: 'https://suap.provincia-cn.example.org' },
      ],
    ],
  ] as const)(
    'migration 011 on a database an earlier version seeded %s',
    async (_name, demo, expected) => {
      const handle = pgliteHandle(new PGlite(await pgliteOptions()));
      try {
        await migrateTo(handle.db, '010-iniziative-offered');
        // What earlier versions wrote: offices on example.it, a real domain.
        await handle.db
          .insertInto('suap')
          .values([
            { name: 'SUAP del Comune di Roma (RM)', pec: 'suap.roma@pec.comune.example.it', type: 'INT', url: null, search_text: 'roma' },
            {
              name: 'SUAP della Provincia di Cuneo',
              pec: 'suap.cuneo@pec.provincia.example.it',
              type: 'EXT',
              url: 'https://suap.provincia-cn.example.it',
              search_text: 'cuneo',
            },
          ] as never)
          .execute();
        if (demo) await handle.db.insertInto('app_config').values({ key: 'demo_seed_version', value: '1' }).execute();
        await migrateToLatest(handle.db);
        expect(await handle.db.selectFrom('suap').select(['name', 'pec', 'type', 'url']).orderBy('suap_id').execute()).toEqual(expected);
      } finally {
        await handle.close();
      }
    },
    120_000,
  );
});
