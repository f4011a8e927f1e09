// Reading a request's documents (docs/architecture.md "Documents"): the list the citizen's page,
// the back office, the PDF recap and the e-mails show. Only 'stored' rows count: an upload still
// arriving (or abandoned) is never listed nor served.
import type { Kysely, Selectable } from 'kysely';
import type { Attachment } from '#shared/api/attachments.ts';
import type { AttachmentTable, Database } from '../../db/schema.ts';

/** The columns an Attachment is built from. */
export const ATTACHMENT_COLUMNS = [
  'attachment_id',
  'requirement_code',
  'file_name',
  'mime_type',
  'size',
  'hash',
  'uploaded_on',
  'signature',
  'pdfa_claimed',
  'sent',
] as const;

export type AttachmentRow = Pick<Selectable<AttachmentTable>, (typeof ATTACHMENT_COLUMNS)[number]>;

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    attachmentId: Number(row.attachment_id),
    requirementCode: row.requirement_code,
    fileName: row.file_name,
    mimeType: row.mime_type,
    size: Number(row.size),
    hash: row.hash,
    algHash: 'S256',
    uploadedOn: new Date(row.uploaded_on).toISOString(),
    signature: row.signature ?? null,
    pdfaClaimed: row.pdfa_claimed,
    sentWithRequest: row.sent,
  };
}

/** The request's stored documents, by requirement then upload order. The caller has checked access. */
export async function listAttachments(db: Kysely<Database>, requestId: number): Promise<Attachment[]> {
  const rows = await db
    .selectFrom('attachment')
    .select(ATTACHMENT_COLUMNS)
    .where('request_id', '=', requestId)
    .where('status', '=', 'stored')
    .orderBy('requirement_code')
    .orderBy('uploaded_on')
    .orderBy('attachment_id')
    .execute();
  return rows.map(toAttachment);
}
