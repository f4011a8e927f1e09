// What each initiative needs (docs/architecture.md "What each initiative needs"): the public list of
// the documents an initiative asks for, the catalogue the seed fills from the initiative's type and
// area, and migration 022 filling it on a database whose initiatives were there before.
import { PGlite } from '@electric-sql/pglite';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementListResponseSchema, type RequirementListResponse } from '#shared/api/attachments.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import { DocumentLimits } from '#shared/documents.ts';
import { Patterns } from '#shared/patterns.ts';
import { pgliteHandle, pgliteOptions } from '#server/db/database.ts';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';
import { fillRequirementCatalogue } from '#server/db/seed/requirements.ts';
import { requirementsOf } from '#server/services/documents/requirements.ts';
import { RegisterFileError } from '#server/services/registers/csv.ts';
import { exportInitiatives, importInitiatives, readInitiativeFile } from '#server/services/registers/initiatives.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const BASE = 'http://localhost:3999';

describe.each(testDatabases())('the requirement list on $kind', ({ open }) => {
  let t: TestApp;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const row of await t.database.db.selectFrom('iniziative').select(['iniziative_id', 'code']).execute()) ids.set(row.code, row.iniziative_id);
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const list = (iniziativeId: number | string) => t.app.inject({ url: `/api${apiPath('requirementList', { iniziativeId })}` });
  const codes = async (code: string) => ((await list(ids.get(code)!)).json() as RequirementListResponse).requirementList.map((r) => r.requirementCode);

  it('answers anyone, without signing in, the documents a bar asks for: the required ones first, each in the catalogue’s order', async () => {
    const response = await list(ids.get('AVV-SOM-001')!);
    expect(response.statusCode).toBe(200);
    const body = response.json() as RequirementListResponse;
    expect(Value.Check(RequirementListResponseSchema, body)).toBe(true);
    expect(body.requirementList.map((r) => [r.requirementCode, r.required, r.requiredWhen])).toEqual([
      ['SCIA_FORM', true, null],
      ['FLOOR_PLAN', true, null],
      ['SANITARY_NOTIFICATION', true, null],
      ['POWER_OF_ATTORNEY', false, 'intermediary'],
      ['FEES_RECEIPT', false, null],
    ]);
    const form = body.requirementList[0]!;
    expect(form).toMatchObject({
      nameIt: 'Modulo SCIA / istanza',
      acceptedTypes: ['pdf', 'p7m'],
      signatureRequired: true,
      maxFiles: 1,
      maxBytes: DocumentLimits.fileBytes,
    });
    expect(body.requirementList[1]).toMatchObject({ acceptedTypes: ['pdf', 'jpeg', 'png'], maxFiles: 3, signatureRequired: false });
    expect(body.requirementList[3]).toMatchObject({ nameEn: 'Special power of attorney', signatureRequired: true });
  });

  it('derives each initiative’s documents from its type and area', async () => {
    // A hairdresser works in premises but handles no food.
    expect(await codes('AVV-SPE-001')).toEqual(['SCIA_FORM', 'FLOOR_PLAN', 'POWER_OF_ATTORNEY', 'FEES_RECEIPT']);
    // A bakery is a craft and a food business.
    expect(await codes('AVV-ART-003')).toEqual(['SCIA_FORM', 'FLOOR_PLAN', 'SANITARY_NOTIFICATION', 'POWER_OF_ATTORNEY', 'FEES_RECEIPT']);
    // A street trader has no premises to draw; a travel agency's area has none to check.
    expect(await codes('AVV-COM-003')).toEqual(['SCIA_FORM', 'POWER_OF_ATTORNEY', 'FEES_RECEIPT']);
    expect(await codes('AVV-TUR-001')).toEqual(['SCIA_FORM', 'POWER_OF_ATTORNEY', 'FEES_RECEIPT']);
    // A closure asks only for the form.
    expect(await codes('CES-SOM-001')).toEqual(['SCIA_FORM']);
  });

  it('asks every initiative of the catalogue for the signed form, in texts the portal’s patterns accept', async () => {
    expect(ids.size).toBeGreaterThan(50);
    for (const id of ids.values()) {
      const requirements = await requirementsOf(t.database.db, id);
      expect(requirements[0]).toMatchObject({ requirementCode: 'SCIA_FORM', required: true, signatureRequired: true });
      for (const r of requirements) {
        for (const text of [r.nameIt, r.nameEn, r.descriptionIt, r.descriptionEn]) expect(text).toMatch(Patterns.extendedText);
      }
    }
  });

  it('answers an initiative that does not exist as not found, and a malformed one as a bad request', async () => {
    const missing = await list(2_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, errorKey: 'not-found' });
    expect((await list('abc')).statusCode).toBe(400);
    expect((await list(0)).statusCode).toBe(400);
  });

  it('answers a withdrawn initiative too: drafts still name it', async () => {
    const id = ids.get('AVV-COM-006')!;
    await t.database.db.updateTable('iniziative').set({ offered: false }).where('iniziative_id', '=', id).execute();
    try {
      expect(await codes('AVV-COM-006')).toEqual(['SCIA_FORM', 'FLOOR_PLAN', 'POWER_OF_ATTORNEY', 'FEES_RECEIPT']);
    } finally {
      await t.database.db.updateTable('iniziative').set({ offered: true }).where('iniziative_id', '=', id).execute();
    }
  });

  it('travels with the initiative catalogue file: exported, edited, imported back', async () => {
    const db = t.database.db;
    const exported = await exportInitiatives(db);
    const lines = exported.trim().split('\n');
    expect(lines[0]!.split(';').at(-1)).toBe('requirements');
    expect(lines.find((line) => line.startsWith('AVV-SOM-001;'))).toMatch(
      /;SCIA_FORM, FLOOR_PLAN, SANITARY_NOTIFICATION, POWER_OF_ATTORNEY \(intermediary\), FEES_RECEIPT \(optional\)$/,
    );
    // The office makes the hairdresser's receipt required and drops the power of attorney; a new
    // initiative with no documents named gets its area's; the rest stays as it was.
    const edited = lines
      .map((line) => (line.startsWith('AVV-SPE-001;') ? line.replace(/;[^;]*$/, ';SCIA_FORM, FEES_RECEIPT, FLOOR_PLAN (optional)') : line))
      .concat('NEW-SOM;1;Chiosco bar;Kiosk bar;Apertura di un chiosco;Opening a kiosk;Somministrazione di alimenti e bevande;Food and beverage service;;;')
      .join('\n');
    await importInitiatives(db, await readInitiativeFile(db, edited));
    expect((await list(ids.get('AVV-SPE-001')!)).json()).toMatchObject({
      requirementList: [
        { requirementCode: 'SCIA_FORM', required: true },
        { requirementCode: 'FEES_RECEIPT', required: true },
        { requirementCode: 'FLOOR_PLAN', required: false, requiredWhen: null },
      ],
    });
    expect(await codes('AVV-SOM-001')).toEqual(['SCIA_FORM', 'FLOOR_PLAN', 'SANITARY_NOTIFICATION', 'POWER_OF_ATTORNEY', 'FEES_RECEIPT']);
    const added = await db.selectFrom('iniziative').select('iniziative_id').where('code', '=', 'NEW-SOM').executeTakeFirstOrThrow();
    expect((await requirementsOf(db, added.iniziative_id)).map((r) => r.requirementCode)).toEqual([
      'SCIA_FORM',
      'FLOOR_PLAN',
      'SANITARY_NOTIFICATION',
      'POWER_OF_ATTORNEY',
      'FEES_RECEIPT',
    ]);
    // A document the catalogue does not have, or a condition it does not know, stores nothing.
    const before = await requirementsOf(db, ids.get('AVV-SPE-001')!);
    for (const cell of ['SCIA_FORM, BIRTH_CERTIFICATE', 'SCIA_FORM (sometimes)', 'SCIA_FORM, SCIA_FORM']) {
      const bad = edited.replace(/^(AVV-SPE-001;.*;)[^;]*$/m, `$1${cell}`);
      await expect(readInitiativeFile(db, bad)).rejects.toThrow(RegisterFileError);
    }
    expect(await requirementsOf(db, ids.get('AVV-SPE-001')!)).toEqual(before);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: `/api${ApiPaths.docsJson}` })).json() as { paths: Record<string, Record<string, unknown>> };
    const path = Object.keys(document.paths).find((p) => p.endsWith('/requirements') && p.includes('iniziative'));
    expect(path).toBeDefined();
    expect(document.paths[path!]!.get).toBeDefined();
  });
});

describe('migration 022 on a database whose initiatives were there before', () => {
  it('fills their documents from their type and area, once, and leaves an initiative’s own list as it is', async () => {
    const handle = pgliteHandle(new PGlite(await pgliteOptions()));
    try {
      const db = handle.db;
      await migrateTo(db, '020-initiative-keywords');
      await db
        .insertInto('type_iniziative')
        .values([
          { type_iniziative_id: 1, description_it: 'Avvio attività', description_en: 'Starting a business' },
          { type_iniziative_id: 3, description_it: 'Cessazione', description_en: 'Closure' },
        ])
        .execute();
      const initiative = (code: string, type: number, areaIt: string) => ({
        code,
        type_iniziative_id: type,
        description_it: code,
        description_en: code,
        activity_it: code,
        activity_en: code,
        area_it: areaIt,
        area_en: areaIt,
        search_text_it: code,
        search_text_en: code,
      });
      // An initiative an installation imported, which the seed never knew: its area decides.
      await db
        .insertInto('iniziative')
        .values([initiative('X-BAR', 1, 'Somministrazione di alimenti e bevande'), initiative('X-END', 3, 'Commercio')])
        .execute();
      await migrateToLatest(db);
      const listed = async () =>
        (
          await db
            .selectFrom('iniziative_requirement as r')
            .innerJoin('iniziative as i', 'i.iniziative_id', 'r.iniziative_id')
            .select(['i.code', 'r.requirement_code'])
            .orderBy('i.code')
            .orderBy('r.requirement_code')
            .execute()
        ).map((row) => `${row.code} ${row.requirement_code}`);
      expect(await listed()).toEqual([
        'X-BAR FEES_RECEIPT',
        'X-BAR FLOOR_PLAN',
        'X-BAR POWER_OF_ATTORNEY',
        'X-BAR SANITARY_NOTIFICATION',
        'X-BAR SCIA_FORM',
        'X-END SCIA_FORM',
      ]);
      // The office drops the receipt for the bar: filling again neither adds it back nor duplicates anything.
      await db.deleteFrom('iniziative_requirement').where('requirement_code', '=', 'FEES_RECEIPT').execute();
      const before = await listed();
      await fillRequirementCatalogue(db);
      expect(await listed()).toEqual(before);
      expect((await db.selectFrom('document_requirement').select('code').execute()).length).toBe(5);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
