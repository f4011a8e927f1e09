// A request's documents as the PDF recap and the office's e-mail show them (docs/architecture.md
// "Where documents are shown"): the stored ones (listAttachments), each with the name of the
// requirement it answers in both languages, from the installation's catalogue. A code the catalogue
// no longer holds is shown as itself.
import type { Kysely } from 'kysely';
import type { NamedAttachment } from '#shared/document-display.ts';
import type { Database } from '../../db/schema.ts';
import { listAttachments } from './attachments.ts';

export async function namedAttachments(db: Kysely<Database>, requestId: number): Promise<NamedAttachment[]> {
  const attachments = await listAttachments(db, requestId);
  if (attachments.length === 0) return [];
  const codes = [...new Set(attachments.map((attachment) => attachment.requirementCode))];
  const names = await db.selectFrom('document_requirement').select(['code', 'name_it', 'name_en']).where('code', 'in', codes).execute();
  const byCode = new Map(names.map((row) => [row.code, row]));
  return attachments.map((attachment) => {
    const name = byCode.get(attachment.requirementCode);
    return { ...attachment, requirementNameIt: name?.name_it ?? attachment.requirementCode, requirementNameEn: name?.name_en ?? attachment.requirementCode };
  });
}
