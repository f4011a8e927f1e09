// A request's documents on the desk (docs/architecture.md "Where documents are shown"), typed by
// the shared contract: the list staff read (GET boAttachmentList) and the API path of a document's
// bytes (GET boAttachment), downloaded by ./attachments.ts's downloadDocument. The citizen's
// counterparts are in ./attachments.ts.
import type { Attachment, AttachmentListResponse } from '#shared/api/attachments.ts';
import { apiPath } from '#shared/api/paths.ts';
import { api } from './client.ts';
import { send } from './failure.ts';

/** The documents stored for request `requestId`, as staff read them. */
export async function listBoAttachments(requestId: number, signal?: AbortSignal): Promise<Attachment[]> {
  return (await send(() => api.get<AttachmentListResponse>(apiPath('boAttachmentList', { id: requestId }), { signal }))).attachmentList;
}

/** The API path of a stored document's bytes on the desk's path. */
export function boDocumentPath(requestId: number, attachmentId: number): string {
  return apiPath('boAttachment', { id: requestId, attachmentId });
}
