// Stores the documents a request's initiative requires, straight into the database, for suites
// that send requests but test something other than the upload (tests/server/documents.test.ts
// tests the upload itself): the send refuses a request missing one (409 documents-missing,
// docs/architecture.md "Documents").
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { requirementsOf } from '#server/services/documents/requirements.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Title (test document) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * Gives request `requestId` one stored PDF for each document its initiative (`iniziativeId`, or the
 * one it names) requires, conditional ones included. Answers the requirement codes it stored.
 */
export async function storeRequiredDocuments(db: Kysely<Database>, requestId: number, iniziativeId?: number): Promise<string[]> {
  const request = await db.selectFrom('requests').select(['user_id', 'iniziative_id']).where('request_id', '=', requestId).executeTakeFirstOrThrow();
  const initiative = iniziativeId ?? request.iniziative_id;
  if (initiative === null) return [];
  const codes = (await requirementsOf(db, initiative)).filter((r) => r.required || r.requiredWhen !== null).map((r) => r.requirementCode);
  for (const code of codes) {
    const { attachment_id } = await db
      .insertInto('attachment')
      .values({
        request_id: requestId,
        requirement_code: code,
        file_name: `${code.toLowerCase()}.pdf`,
        storage_name: `${code.toLowerCase()}.pdf`,
        mime_type: 'application/pdf',
        size: PDF.length,
        hash: createHash('sha256').update(PDF).digest('hex'),
        owner_user_id: request.user_id,
        status: 'stored',
      })
      .returning('attachment_id')
      .executeTakeFirstOrThrow();
    await db.insertInto('attachment_chunk').values({ attachment_id, seq: 0, data: PDF }).execute();
  }
  return codes;
}
