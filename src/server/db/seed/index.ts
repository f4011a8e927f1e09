// Seeds the database on first start. Every insert is idempotent (ON CONFLICT DO NOTHING), and a
// version marker lets later starts skip the work entirely.
import type { Kysely } from 'kysely';
import { DEFAULT_DRAFT_RETENTION_DAYS } from '../../../shared/constants.ts';
import { foldForSearch } from '../../../shared/text.ts';
import type { Database } from '../schema.ts';
import { INIZIATIVE, TYPE_INIZIATIVE } from './data/iniziative.ts';
import { DEMO_COMPANIES, DEMO_PEOPLE } from './people.ts';
import { PROFILES, PUBLIC_SERVICE_MAPPINGS, REQUEST_STATES, SERVICE_TYPES } from './reference.ts';
import { planSuaps } from './suap.ts';
import { loadTerritory } from './territory.ts';
import { seedDemoRequests } from './requests.ts';

/** Bump when the seed's content changes, so existing databases receive the additions. */
export const SEED_VERSION = 1;
const MARKER = 'seed_version';

async function insertInBatches<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Record<string, unknown>[],
  batch = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batch) as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** `retentionDays`: how long the demo drafts are kept (the portal's DRAFT_RETENTION_DAYS). */
export async function seedDatabase(db: Kysely<Database>, options: { ipaCode: string; retentionDays?: number }): Promise<boolean> {
  const marker = await db.selectFrom('app_config').select('value').where('key', '=', MARKER).executeTakeFirst();
  if (marker && Number(marker.value) >= SEED_VERSION) return false;

  await db.transaction().execute(async (trx) => {
    await insertInBatches(trx, 'profiles', PROFILES);
    await insertInBatches(trx, 'state_of_request', REQUEST_STATES);
    await insertInBatches(trx, 'type_of_service', SERVICE_TYPES);

    const territory = loadTerritory();
    await insertInBatches(trx, 'regions', territory.regions as never);
    await insertInBatches(trx, 'provinces', territory.provinces as never);
    await insertInBatches(trx, 'municipalities', territory.municipalities as never);

    const existingSuaps = await trx.selectFrom('suap').select(['suap_id', 'name']).execute();
    if (existingSuaps.length === 0) {
      for (const office of planSuaps(territory.provinces, territory.municipalities)) {
        const { municipalityIds, ...row } = office;
        const { suap_id } = await trx.insertInto('suap').values(row).returning('suap_id').executeTakeFirstOrThrow();
        await insertInBatches(trx, 'suap_municipality', municipalityIds.map((municipality_id) => ({ suap_id, municipality_id })));
      }
    }

    await insertInBatches(trx, 'type_iniziative', TYPE_INIZIATIVE.map((t) => ({
      type_iniziative_id: t.typeIniziativeId, description_it: t.descriptionIt, description_en: t.descriptionEn,
    })));
    await insertInBatches(trx, 'iniziative', INIZIATIVE.map((i) => ({
      code: i.code,
      type_iniziative_id: i.typeIniziativeId,
      description_it: i.descriptionIt,
      description_en: i.descriptionEn,
      activity_it: i.activityIt,
      activity_en: i.activityEn,
      area_it: i.areaIt,
      area_en: i.areaEn,
      search_text_it: foldForSearch(`${i.activityIt} ${i.descriptionIt} ${i.areaIt} ${i.code}`),
      search_text_en: foldForSearch(`${i.activityEn} ${i.descriptionEn} ${i.areaEn} ${i.code}`),
    })));

    await insertInBatches(trx, 'users', DEMO_PEOPLE.filter((p) => p.seeded).map((p) => ({
      realm: p.realm,
      fiscal_code: p.fiscalCode,
      eidas_id: p.eidasId,
      first_name: p.firstName,
      last_name: p.lastName,
      date_of_birth: p.dateOfBirth,
      place_of_birth: p.placeOfBirth,
      city_of_birth: p.cityOfBirth,
      gender: p.gender,
      email: p.email,
      profile_id: p.profileId,
      active: p.active,
    })));

    for (const { representatives, ...company } of DEMO_COMPANIES) {
      await insertInBatches(trx, 'companies', [company]);
      await insertInBatches(trx, 'legal_representatives', representatives.map((person_fiscal_code) => ({
        company_fiscal_code: company.fiscal_code, person_fiscal_code,
      })));
    }
    await insertInBatches(trx, 'public_service_mapping', PUBLIC_SERVICE_MAPPINGS.map((m) => ({
      name: m.name, ipa_code: options.ipaCode, public_service: JSON.stringify(m.public_service),
    })));

    await seedDemoRequests(trx, new Date(), options.retentionDays ?? DEFAULT_DRAFT_RETENTION_DAYS);

    await trx
      .insertInto('app_config')
      .values({ key: MARKER, value: JSON.stringify(SEED_VERSION) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(SEED_VERSION) }))
      .execute();
  });
  return true;
}
