// What an initiative needs (docs/architecture.md "What each initiative needs"): the documents of the
// catalogue it asks for, as the API gives them (RequirementSchema). Read by the public requirement
// list, the upload (a file must answer one of them) and the send (none required may be missing,
// src/shared/document-rules.ts).
import type { Kysely } from 'kysely';
import type { Requirement } from '#shared/api/attachments.ts';
import type { Database } from '../../db/schema.ts';

/** The documents an initiative asks for: the required ones first, then each in the catalogue's order. Empty for an unknown initiative. */
export async function requirementsOf(db: Kysely<Database>, iniziativeId: number): Promise<Requirement[]> {
  const rows = await db
    .selectFrom('iniziative_requirement as r')
    .innerJoin('document_requirement as d', 'd.code', 'r.requirement_code')
    .select([
      'd.code',
      'd.name_it',
      'd.name_en',
      'd.description_it',
      'd.description_en',
      'd.accepted_types',
      'd.max_bytes',
      'd.max_files',
      'd.signature_required',
      'r.required',
      'r.required_when',
    ])
    .where('r.iniziative_id', '=', iniziativeId)
    .orderBy('r.required', 'desc')
    .orderBy('d.position')
    .orderBy('d.code')
    .execute();
  return rows.map((row) => ({
    requirementCode: row.code,
    nameIt: row.name_it,
    nameEn: row.name_en,
    descriptionIt: row.description_it,
    descriptionEn: row.description_en,
    required: row.required,
    requiredWhen: row.required_when,
    acceptedTypes: row.accepted_types,
    maxBytes: row.max_bytes,
    maxFiles: row.max_files,
    signatureRequired: row.signature_required,
  }));
}
