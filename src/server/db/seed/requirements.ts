// Fills the catalogue of documents (docs/architecture.md "What each initiative needs"): the kinds
// the catalogue lacks, and for every initiative that lists none yet, the defaults of its type and
// area (./data/requirements.ts). Both the migration that creates the tables (for a database whose
// initiatives were there before) and the seed (for a new one) run it; an initiative that already
// lists its documents, as the installation set them, is never touched, so running it again changes
// nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { REQUIREMENT_KINDS } from '#shared/requirement-catalogue.ts';
import { defaultRequirements } from './data/requirements.ts';

export async function fillRequirementCatalogue(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('document_requirement')
    .values(
      REQUIREMENT_KINDS.map((kind, index) => ({
        code: kind.code,
        position: index + 1,
        name_it: kind.nameIt,
        name_en: kind.nameEn,
        description_it: kind.descriptionIt,
        description_en: kind.descriptionEn,
        accepted_types: JSON.stringify(kind.acceptedTypes),
        max_bytes: kind.maxBytes,
        max_files: kind.maxFiles,
        signature_required: kind.signatureRequired,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();

  const bare = await db
    .selectFrom('iniziative as i')
    .select(['i.iniziative_id', 'i.code', 'i.type_iniziative_id', 'i.area_it'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('iniziative_requirement as r').select('r.iniziative_id').whereRef('r.iniziative_id', '=', 'i.iniziative_id'))),
    )
    .execute();
  const known = new Set((await db.selectFrom('document_requirement').select('code').execute()).map((row) => row.code));
  const rows = bare.flatMap((initiative) =>
    defaultRequirements({ code: initiative.code, typeIniziativeId: initiative.type_iniziative_id, areaIt: initiative.area_it })
      // An installation that removed a kind from its catalogue does not get it back.
      .filter((requirement) => known.has(requirement.code))
      .map((requirement) => ({
        iniziative_id: initiative.iniziative_id,
        requirement_code: requirement.code,
        required: requirement.required,
        required_when: requirement.requiredWhen,
      })),
  );
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('iniziative_requirement')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
