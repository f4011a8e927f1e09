// A request's documents on the one axios client (docs/architecture.md "Documents in the wizard"),
// typed by the shared contract (src/shared/api/attachments.ts): what the chosen initiative asks for,
// the documents uploaded so far, one upload (multipart: the requirement's code first, then the file,
// so the server knows where the bytes go before they arrive) with its progress, and a removal.
// Every call rejects with an ApiFailure (./failure.ts), a non-200 envelope like a rejected call
// (spec §8). Only the documents machine's actors call these (src/web/actors/documents.ts).
import type { Attachment, AttachmentListResponse, RequirementListResponse } from '#shared/api/attachments.ts';
import { UPLOAD_FIELDS } from '#shared/documents.ts';
import { apiPath } from '#shared/api/paths.ts';
import type { Status } from '#shared/envelope.ts';
import { api } from './client.ts';
import { send, sendRaw } from './failure.ts';
import { fileSaver } from '../lists/pdf.ts';

/** The documents initiative `iniziativeId` asks for (GET requirementList, public). */
export async function requirements(iniziativeId: number, signal?: AbortSignal) {
  return (await send(() => api.get<RequirementListResponse>(apiPath('requirementList', { iniziativeId }), { signal }))).requirementList;
}

/** The documents stored for request `requestId` (GET attachmentList; owner only). */
export async function list(requestId: number, signal?: AbortSignal): Promise<Attachment[]> {
  return (await send(() => api.get<AttachmentListResponse>(apiPath('attachmentList', { id: requestId }), { signal }))).attachmentList;
}

export interface UploadOptions {
  /** Called as the bytes leave: the share sent so far, 0–100. */
  onProgress?: (percent: number) => void;
  /** Aborts the upload (the person cancelled it, or left the step). */
  signal?: AbortSignal;
}

/** Uploads `file` for `requirementCode` of request `requestId`; resolves the stored attachment. */
export async function upload(requestId: number, requirementCode: string, file: File, options: UploadOptions = {}): Promise<Attachment> {
  const body = new FormData();
  // The order is the contract's: a streaming server reads the code before the file's bytes.
  body.append(UPLOAD_FIELDS.requirementCode, requirementCode);
  body.append(UPLOAD_FIELDS.file, file, file.name);
  const answer = await send(() =>
    api.post<Status & { attachment: Attachment }>(apiPath('attachmentList', { id: requestId }), body, {
      signal: options.signal,
      onUploadProgress: (event) => {
        const total = event.total ?? file.size;
        if (total > 0) options.onProgress?.(Math.min(100, Math.round((event.loaded / total) * 100)));
      },
    }),
  );
  return answer.attachment;
}

/** Removes attachment `attachmentId` of request `requestId` (DELETE attachment; a draft's only). */
export async function remove(requestId: number, attachmentId: number): Promise<void> {
  await send(() => api.delete<Status>(apiPath('attachment', { id: requestId, attachmentId })));
}

/** The API path of a stored document's bytes (GET attachment). */
export function documentPath(requestId: number, attachmentId: number): string {
  return apiPath('attachment', { id: requestId, attachmentId });
}

/**
 * Downloads the document at `path` (an API path) with the session and saves it as `fileName`. It
 * asks for the bytes its hash names (If-Match, the national specifications' rule): a document that
 * changed meanwhile is refused (412) rather than saved.
 */
export async function downloadDocument(path: string, fileName: string, hash: string): Promise<void> {
  const response = await sendRaw(() => api.get<Blob>(path, { responseType: 'blob', headers: { 'If-Match': `"${hash}"` } }));
  fileSaver.save(response.data, fileName);
}
