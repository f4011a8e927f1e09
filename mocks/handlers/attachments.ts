// msw handlers of a request's documents (docs/architecture.md "Documents in the wizard"), typed by
// the shared contract: the list, the multipart upload (requirementCode, then file) with the server's
// refusals a test needs (an unknown requirement, a file over the requirement's maxBytes, one file
// too many, a draft no longer open), the removal, and the bytes of one document. Over a store of
// their own, so a test arranges what the request already has and reads what the app left there.
// The requirements come from the caller (`requirementsFor`), the catalogue being H3's mocks'.
import { http, HttpResponse } from 'msw';
import type { Attachment, AttachmentListResponse, Requirement } from '#shared/api/attachments.ts';
import { UPLOAD_FIELDS } from '#shared/api/attachments.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { API_BASE, routePattern } from '#shared/api/paths.ts';
import { DOCUMENT_MIME_TYPES } from '#shared/documents.ts';
import { OK_STATUS, type Status } from '#shared/envelope.ts';
import { fail } from './envelope.ts';

export interface AttachmentStore {
  /** The stored documents of each request, in upload order. */
  byRequest: Map<number, Attachment[]>;
  /** The bytes of each stored document. */
  bytes: Map<number, Uint8Array>;
  nextId: number;
}

export function createAttachmentStore(seed: Readonly<Record<number, readonly Attachment[]>> = {}): AttachmentStore {
  const byRequest = new Map(Object.entries(seed).map(([id, list]) => [Number(id), list.map((attachment) => structuredClone(attachment))]));
  const ids = [...byRequest.values()].flat().map((attachment) => attachment.attachmentId);
  return { byRequest, bytes: new Map(), nextId: Math.max(0, ...ids) + 1 };
}

export const attachmentUrls = {
  list: `${API_BASE}${routePattern('attachmentList')}`,
  one: `${API_BASE}${routePattern('attachment')}`,
} as const;

export interface AttachmentHandlerOptions {
  /** What request `requestId`'s initiative asks for; undefined: any requirement code is taken, one file each. */
  requirementsFor?: (requestId: number) => readonly Requirement[] | undefined;
  /** Whether request `requestId` is still a draft (a sent one's documents are frozen); default yes. */
  isDraft?: (requestId: number) => boolean;
  /** Called before any answer about request `requestId`: a test may fill the store for it then. */
  seeded?: (requestId: number) => void;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function mimeTypeOf(name: string): string {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'jpg' || extension === 'jpeg') return DOCUMENT_MIME_TYPES.jpeg;
  if (extension === 'png' || extension === 'xml' || extension === 'p7m') return DOCUMENT_MIME_TYPES[extension];
  return DOCUMENT_MIME_TYPES.pdf;
}

interface Part {
  name: string;
  fileName: string | null;
  bytes: Uint8Array<ArrayBuffer>;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let at = from; at <= haystack.length - needle.length; at += 1) {
    for (let index = 0; index < needle.length; index += 1) if (haystack[at + index] !== needle[index]) continue outer;
    return at;
  }
  return -1;
}

/**
 * The parts of a multipart body, in order. Read by hand: under jsdom the body's File is not the one
 * undici's `request.formData()` expects, and it throws on any file part.
 */
async function multipartOf(request: Request): Promise<Part[]> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers.get('content-type') ?? '');
  if (!boundary) return [];
  const body = new Uint8Array(await request.arrayBuffer());
  const encoder = new TextEncoder();
  const delimiter = encoder.encode(`--${boundary[1] ?? boundary[2]}`);
  const headerEnd = encoder.encode('\r\n\r\n');
  const parts: Part[] = [];
  let start = indexOfBytes(body, delimiter, 0);
  while (start >= 0) {
    const next = indexOfBytes(body, delimiter, start + delimiter.length);
    if (next < 0) break;
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const split = indexOfBytes(chunk, headerEnd, 0);
    if (split >= 0) {
      const headers = new TextDecoder().decode(chunk.subarray(0, split));
      const name = /name="([^"]*)"/.exec(headers)?.[1];
      const fileName = /filename="([^"]*)"/.exec(headers)?.[1] ?? null;
      if (name !== undefined) parts.push({ name, fileName, bytes: chunk.slice(split + headerEnd.length) });
    }
    start = next;
  }
  return parts;
}

export function attachmentHandlers(store: AttachmentStore, options: AttachmentHandlerOptions = {}) {
  const listOf = (requestId: number) => {
    options.seeded?.(requestId);
    return store.byRequest.get(requestId) ?? [];
  };
  const isDraft = options.isDraft ?? (() => true);
  return [
    http.get<{ id: string }, never, AttachmentListResponse>(attachmentUrls.list, ({ params }) =>
      HttpResponse.json({ ...OK_STATUS, attachmentList: listOf(Number(params.id)) }),
    ),
    http.post<{ id: string }>(attachmentUrls.list, async ({ request, params }) => {
      const requestId = Number(params.id);
      if (!isDraft(requestId)) return fail(409, ErrorKey.documentsFrozen, 'The request is no longer a draft.');
      const parts = await multipartOf(request);
      const code = parts.find((part) => part.name === UPLOAD_FIELDS.requirementCode && part.fileName === null);
      const file = parts.find((part) => part.name === UPLOAD_FIELDS.file && part.fileName !== null);
      // The contract's order: the requirement's code before the file.
      if (!code || !file || parts.indexOf(code) > parts.indexOf(file)) return fail(400, ErrorKey.badRequest, 'requirementCode, then file, are required.');
      const requirements = options.requirementsFor?.(requestId);
      const requirementCode = new TextDecoder().decode(code.bytes);
      const requirement = requirements?.find((candidate) => candidate.requirementCode === requirementCode);
      if (requirements && !requirement) return fail(400, ErrorKey.unknownRequirement, 'The initiative asks for no such document.');
      if (requirement && file.bytes.byteLength > requirement.maxBytes) return fail(413, ErrorKey.fileTooLarge, 'The file is too large.');
      if (listOf(requestId).filter((attachment) => attachment.requirementCode === requirementCode).length >= (requirement?.maxFiles ?? 1)) {
        return fail(409, ErrorKey.tooManyFiles, 'The requirement has as many files as it takes.');
      }
      const bytes = file.bytes;
      const attachment: Attachment = {
        attachmentId: store.nextId++,
        requirementCode,
        fileName: file.fileName ?? '',
        mimeType: mimeTypeOf(file.fileName ?? ''),
        size: bytes.byteLength,
        hash: await sha256Hex(bytes),
        algHash: 'S256',
        uploadedOn: new Date().toISOString(),
        signature: null,
      };
      store.byRequest.set(requestId, [...listOf(requestId), attachment]);
      store.bytes.set(attachment.attachmentId, bytes);
      return HttpResponse.json({ ...OK_STATUS, attachment });
    }),
    http.delete<{ id: string; attachmentId: string }, never, Status>(attachmentUrls.one, ({ params }) => {
      const requestId = Number(params.id);
      const attachmentId = Number(params.attachmentId);
      const list = listOf(requestId);
      if (!list.some((attachment) => attachment.attachmentId === attachmentId)) return fail(404);
      if (!isDraft(requestId)) return fail(409, ErrorKey.documentsFrozen, 'The request is no longer a draft.');
      store.byRequest.set(
        requestId,
        list.filter((attachment) => attachment.attachmentId !== attachmentId),
      );
      store.bytes.delete(attachmentId);
      return HttpResponse.json(OK_STATUS);
    }),
    http.get<{ id: string; attachmentId: string }>(attachmentUrls.one, ({ params }) => {
      const attachment = listOf(Number(params.id)).find((candidate) => candidate.attachmentId === Number(params.attachmentId));
      if (!attachment) return fail(404);
      const bytes = store.bytes.get(attachment.attachmentId) ?? new Uint8Array();
      return new HttpResponse(bytes, { headers: { 'Content-Type': attachment.mimeType, ETag: `"${attachment.hash}"` } });
    }),
  ];
}
