// The eIDAS person identifier is the persistent one (docs/architecture.md "Identity"): a person the
// provider signs in under a new subject finds the code bound to them through it, so the lookup of
// a matched binding by eIDAS identifier is indexed.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `CREATE INDEX identity_subjects_matched_eidas ON identity_subjects (eidas_id) WHERE matched AND eidas_id IS NOT NULL;`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX identity_subjects_matched_eidas;`);
}
