// Withdrawing an initiative (docs/architecture.md "Requests"): an initiative stays in the table, because sent requests
// and drafts point at it, but one no longer offered is marked so. The initiative list shows only the
// offered ones, a draft cannot be saved or sent with a withdrawn one, and reading one's own draft
// says whether its initiative is still offered (`selection.iniziativeOffered`), so the wizard warns.
// An operator withdraws one with `UPDATE iniziative SET offered = false WHERE code = '…'`.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE iniziative ADD COLUMN offered boolean NOT NULL DEFAULT true;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE iniziative DROP COLUMN offered;
  `,
  );
}
