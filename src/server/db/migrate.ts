// Applies pending migrations with Kysely's Migrator. Migrations are listed here (not read from a
// folder) so that the list is checked by the compiler and works the same under vitest.
import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as initial from './migrations/001-initial.ts';
import * as identity from './migrations/002-identity.ts';
import * as backOffice from './migrations/003-back-office.ts';
import * as outbox from './migrations/004-outbox.ts';
import * as requestCount from './migrations/005-request-count.ts';
import * as rateLimits from './migrations/006-rate-limits.ts';
import * as identityBinding from './migrations/007-identity-binding.ts';
import * as deskDays from './migrations/008-desk-days.ts';
import * as municipalitySearch from './migrations/009-municipality-search.ts';
import * as initiativeOffered from './migrations/010-iniziative-offered.ts';
import * as officeRegister from './migrations/011-office-register.ts';
import * as auditLog from './migrations/012-audit-log.ts';
import * as fiscalCodeBase from './migrations/013-fiscal-code-base.ts';
import * as tokenFamilies from './migrations/014-token-families.ts';
import * as retention from './migrations/016-retention.ts';
import * as legalRepCheck from './migrations/017-legal-rep-check.ts';
import * as identityEidas from './migrations/019-identity-eidas.ts';
import * as initiativeKeywords from './migrations/020-initiative-keywords.ts';
import * as documents from './migrations/021-documents.ts';
import * as documentRequirements from './migrations/022-document-requirements.ts';
import * as pratica from './migrations/023-pratica.ts';

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-identity': identity,
  '003-back-office': backOffice,
  '004-outbox': outbox,
  '005-request-count': requestCount,
  '006-rate-limits': rateLimits,
  '007-identity-binding': identityBinding,
  '008-desk-days': deskDays,
  '009-municipality-search': municipalitySearch,
  '010-iniziative-offered': initiativeOffered,
  '011-office-register': officeRegister,
  '012-audit-log': auditLog,
  '013-fiscal-code-base': fiscalCodeBase,
  '014-token-families': tokenFamilies,
  '016-retention': retention,
  '017-legal-rep-check': legalRepCheck,
  '019-identity-eidas': identityEidas,
  '020-initiative-keywords': initiativeKeywords,
  '021-documents': documents,
  '022-document-requirements': documentRequirements,
  '023-pratica': pratica,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Applies the migrations up to and including `name` (tests of a migration's data changes). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Kysely<any>, run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
