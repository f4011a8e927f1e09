// A request's documents on the desk (docs/architecture.md "Where documents are shown"), typed by
// the shared contract: the list staff read (GET boAttachmentList) and the address of a document's
// bytes (GET boAttachment), a plain link: a browser's link sends no If-Match, the server answers the
// bytes. The citizen's counterparts are in ./attachments.ts.
import type { Attachment, AttachmentListResponse } from '#shared/api/attachments.ts';
import { API_BASE, apiPath } from '#shared/api/paths.ts';
import { api } from './client.ts';
import { send } from './failure.ts';

/** The documents stored for request `requestId`, as staff read them. */
export async function listBoAttachments(requestId: number, signal?: AbortSignal): Promise<Attachment[]> {
  return (await send(() => api.get<AttachmentListResponse>(apiPath('boAttachmentList', { id: requestId }), { signal }))).attachmentList;
}

/** The address of a stored document's bytes on the desk's path, under the API's base. */
export function boDownloadHref(requestId: number, attachmentId: number): string {
  return `${API_BASE}${apiPath('boAttachment', { id: requestId, attachmentId })}`;
}
