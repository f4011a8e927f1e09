// Each initiative's administrative regime (docs/architecture.md "Regimes"): the defaults of its type
// and code (./data/regimes.ts), with the proceeding's days where its sector law sets them. Both the migration that adds the column (for a database whose
// initiatives were there before) and the seed (for a new one) run it; it only sets initiatives still
// at the column's default, so what an installation chose is kept and running it again changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { defaultProceedingDays, defaultRegime } from './data/regimes.ts';

export async function fillRegimes(db: Kysely<Database>): Promise<void> {
  const rows = await db
    .selectFrom('iniziative')
    .select(['iniziative_id', 'code', 'type_iniziative_id', 'regime', 'proceeding_days'])
    .where('regime', '=', 'SCIA')
    .execute();
  for (const row of rows) {
    const regime = defaultRegime({ code: row.code, typeIniziativeId: row.type_iniziative_id });
    if (regime === row.regime) continue;
    const proceedingDays = row.proceeding_days ?? defaultProceedingDays(row.code);
    await db.updateTable('iniziative').set({ regime, proceeding_days: proceedingDays }).where('iniziative_id', '=', row.iniziative_id).execute();
  }
}
