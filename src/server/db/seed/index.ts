// Seeds the database on first start. Every insert is idempotent (ON CONFLICT DO NOTHING), and a
// version marker lets later starts skip the work entirely. Master data always (territory, initiative
// catalogue, reference tables); the demo offices and people only when the embedded identity provider
// is on (see SeedOptions.demo).
import type { Kysely } from 'kysely';
import { DEFAULT_DRAFT_RETENTION_DAYS } from '#shared/constants.ts';
import type { Database } from '../schema.ts';
import { initiativeSearchTexts } from '../../services/registers/initiatives.ts';
import { INITIATIVE_KEYWORDS } from './data/initiative-keywords.ts';
import { INITIATIVES, INITIATIVE_TYPES, type SeedInitiative } from './data/initiatives.ts';
import { DEMO_COMPANIES, DEMO_PEOPLE } from './people.ts';
import { fillRequirementCatalogue } from './requirements.ts';
import { fillRegimes } from './regimes.ts';
import { backfillPratiche } from '../migrations/support/pratica-backfill.ts';
import { joinEveryOffice } from '../../services/back-office/staff-offices.ts';
import { PROFILES, PUBLIC_SERVICE_MAPPINGS, REQUEST_STATES, SERVICE_TYPES } from './reference.ts';
import { planSuaps } from './suap.ts';
import { loadTerritory } from './territory.ts';
import { seedDemoRequests } from './requests.ts';

/** Bump when the seed's content changes, so existing databases receive the additions (2: initiative keywords). */
export const SEED_VERSION = 2;
const MARKER = 'seed_version';
/** Demo people were seeded at this version (kept apart: a production database never gets them). */
const DEMO_VERSION = 1;
const DEMO_MARKER = 'demo_seed_version';

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

export interface SeedOptions {
  ipaCode: string;
  /** How long the demo drafts are kept (the portal's DRAFT_RETENTION_DAYS). */
  retentionDays?: number;
  /**
   * Whether to add the demo offices, people, their requests and company. Only with the embedded provider,
   * where anyone can sign in as them: a production database holds master data and real people only.
   */
  demo: boolean;
}

/** Seeds master data (once per SEED_VERSION) and, when asked, the demo people (once). */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<boolean> {
  const seeded = await seedMasterData(db, options.ipaCode);
  const demo = options.demo ? await seedDemoData(db, options.retentionDays ?? DEFAULT_DRAFT_RETENTION_DAYS) : false;
  return seeded || demo;
}

async function marked(db: Kysely<Database>, key: string, version: number): Promise<boolean> {
  const marker = await db.selectFrom('app_config').select('value').where('key', '=', key).executeTakeFirst();
  return Boolean(marker && Number(marker.value) >= version);
}

async function mark(db: Kysely<Database>, key: string, version: number): Promise<void> {
  await db
    .insertInto('app_config')
    .values({ key, value: JSON.stringify(version) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(version) }))
    .execute();
}

/** Demo people, Giulia's requests in every state, and the company she represents. */
async function seedDemoData(db: Kysely<Database>, retentionDays: number): Promise<boolean> {
  if (await marked(db, DEMO_MARKER, DEMO_VERSION)) return false;
  await db.transaction().execute(async (trx) => {
    await insertInBatches(
      trx,
      'users',
      DEMO_PEOPLE.filter((p) => p.seeded).map((p) => ({
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
      })),
    );
    await seedDemoOffices(trx);
    for (const { representatives, ...company } of DEMO_COMPANIES) {
      await insertInBatches(trx, 'companies', [company]);
      await insertInBatches(
        trx,
        'legal_representatives',
        representatives.map((person_fiscal_code) => ({
          company_fiscal_code: company.fiscal_code,
          person_fiscal_code,
        })),
      );
    }
    await seedDemoRequests(trx, new Date(), retentionDays);
    await backfillPratiche(trx);
    const staff = await trx.selectFrom('users').select('user_id').where('realm', '=', 'BO').execute();
    await joinEveryOffice(
      trx,
      staff.map((row) => row.user_id),
    );
    await mark(trx, DEMO_MARKER, DEMO_VERSION);
  });
  return true;
}

/**
 * The demo's one-stop shops, on example.org addresses (RFC 2606): outside the demo every office and
 * PEC address comes from the administration (npm run import:offices), none is invented.
 */
async function seedDemoOffices(trx: Kysely<Database>): Promise<void> {
  const existing = await trx.selectFrom('suap').select('suap_id').limit(1).execute();
  if (existing.length > 0) return;
  const territory = loadTerritory();
  for (const office of planSuaps(territory.provinces, territory.municipalities)) {
    const { municipalityIds, ...row } = office;
    const { suap_id } = await trx.insertInto('suap').values(row).returning('suap_id').executeTakeFirstOrThrow();
    await insertInBatches(
      trx,
      'suap_municipality',
      municipalityIds.map((municipality_id) => ({ suap_id, municipality_id })),
    );
  }
}

async function seedMasterData(db: Kysely<Database>, ipaCode: string): Promise<boolean> {
  if (await marked(db, MARKER, SEED_VERSION)) return false;

  await db.transaction().execute(async (trx) => {
    await insertInBatches(trx, 'profiles', PROFILES);
    await insertInBatches(trx, 'state_of_request', REQUEST_STATES);
    await insertInBatches(trx, 'type_of_service', SERVICE_TYPES);

    const territory = loadTerritory();
    await insertInBatches(trx, 'regions', territory.regions as never);
    await insertInBatches(trx, 'provinces', territory.provinces as never);
    await insertInBatches(trx, 'municipalities', territory.municipalities as never);

    await insertInBatches(
      trx,
      'type_iniziative',
      INITIATIVE_TYPES.map((t) => ({
        type_iniziative_id: t.typeIniziativeId,
        description_it: t.descriptionIt,
        description_en: t.descriptionEn,
      })),
    );
    await insertInBatches(trx, 'iniziative', INITIATIVES.map(initiativeRow));
    await addInitiativeKeywords(trx);
    await fillRequirementCatalogue(trx);
    await fillRegimes(trx);

    await insertInBatches(
      trx,
      'public_service_mapping',
      PUBLIC_SERVICE_MAPPINGS.map((m) => ({
        name: m.name,
        ipa_code: ipaCode,
        public_service: JSON.stringify(m.public_service),
      })),
    );
    await mark(trx, MARKER, SEED_VERSION);
  });
  return true;
}

function initiativeRow(i: SeedInitiative) {
  const texts = {
    activity_it: i.activityIt,
    activity_en: i.activityEn,
    description_it: i.descriptionIt,
    description_en: i.descriptionEn,
    area_it: i.areaIt,
    area_en: i.areaEn,
  };
  const words = INITIATIVE_KEYWORDS[i.code];
  const keywords = { keywords_it: words?.it ?? '', keywords_en: words?.en ?? '' };
  return { code: i.code, type_iniziative_id: i.typeIniziativeId, ...texts, ...keywords, ...initiativeSearchTexts(i.code, texts, keywords) };
}

/**
 * A database seeded before the keywords (SEED_VERSION 1) has the seed's initiatives without them:
 * each that still has none gets the seed's, its texts as they are now (an import may have changed
 * them), so its everyday words find it.
 */
async function addInitiativeKeywords(trx: Kysely<Database>): Promise<void> {
  const bare = await trx
    .selectFrom('iniziative')
    .selectAll()
    .where('keywords_it', '=', '')
    .where('keywords_en', '=', '')
    .where('code', 'in', Object.keys(INITIATIVE_KEYWORDS))
    .execute();
  for (const row of bare) {
    const words = INITIATIVE_KEYWORDS[row.code]!;
    const keywords = { keywords_it: words.it, keywords_en: words.en };
    await trx
      .updateTable('iniziative')
      .set({ ...keywords, ...initiativeSearchTexts(row.code, row, keywords) })
      .where('iniziative_id', '=', row.iniziative_id)
      .execute();
  }
}
