// Initiative search finds everyday words (docs/architecture.md "The citizen's journey with real
// data"): nobody looks for "Acconciatore" or "Commercio su area pubblica itinerante", people type
// "parrucchiere", "ambulante", "negozio", "B&B". Each initiative keeps its keywords in both languages,
// part of the catalogue the administration reviews (npm run export/import:initiatives, columns
// keywords_it and keywords_en) and of the search text. The seed fills them for its own catalogue
// (SEED_VERSION 2 does so on databases seeded before, where they are still empty).
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE iniziative ADD COLUMN keywords_it text NOT NULL DEFAULT '';
    ALTER TABLE iniziative ADD COLUMN keywords_en text NOT NULL DEFAULT '';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE iniziative DROP COLUMN keywords_en;
    ALTER TABLE iniziative DROP COLUMN keywords_it;
  `,
  );
}
