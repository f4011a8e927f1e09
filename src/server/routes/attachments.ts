// A request's documents (docs/architecture.md "Documents"): the owner uploads, lists, downloads and
// removes them while the request is a draft; staff who may read the request (their offices') list
// and download them, each download leaving an audit line. Downloads stream from the stored chunks, with the
// SHA-256 as ETag; `If-Match` with another hash answers 412 (the national SUAP specifications
// serve a document only against its hash).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import Type from 'typebox';
import {
  AttachmentListResponseSchema,
  AttachmentParamsSchema,
  AttachmentResponseSchema,
  RequirementCodeSchema,
  UPLOAD_FIELDS,
} from '#shared/api/attachments.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { routePattern } from '#shared/api/paths.ts';
import { RequestIdParamsSchema } from '#shared/api/requests.ts';
import { DocumentLimits } from '#shared/documents.ts';
import { OK_STATUS, StatusSchema } from '#shared/envelope.ts';
import { CITIZEN, STAFF, principalOf } from '../auth/access.ts';
import type { CallerRow } from '../db/schema.ts';
import { ApiError } from '../plugins/errors.ts';
import { LIMITS } from '../plugins/rate-limits.ts';
import { listAttachments } from '../services/documents/attachments.ts';
import type { DocumentStore, StoredDocument } from '../services/documents/store.ts';

export interface AttachmentRoutesOptions {
  store: DocumentStore;
  /** Throws the missing request's 404 unless the staff caller may read the request (their offices'; docs/architecture.md "The clerks' desk"). */
  checkStaffMaySee: (caller: CallerRow, requestId: number) => Promise<void>;
  /** The largest file the installation takes (MAX_ATTACHMENT_BYTES): the parser stops there. */
  maxFileBytes: number;
}

const citizenTags = ['Requests (front office)'];
const staffTags = ['Back office'];
const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema };
const bytes = (description: string) => ({
  200: {
    description,
    headers: { ETag: { type: 'string', description: 'The quoted lowercase hex SHA-256 of the bytes.' } },
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
});
const ifMatch = Type.Object(
  { 'if-match': Type.Optional(Type.String({ description: 'Serve the document only if its hash is this one (quoted, as the ETag), or `*`; else 412.' })) },
  { additionalProperties: true },
);

/** The upload's body as the OpenAPI document shows it (the route reads it as a stream, not through a schema). */
export const UploadBodySchema = Type.Object(
  {
    [UPLOAD_FIELDS.requirementCode]: RequirementCodeSchema,
    [UPLOAD_FIELDS.file]: Type.String({ format: 'binary', description: 'The file; its kind is read from its bytes. Sent after requirementCode.' }),
  },
  { required: [UPLOAD_FIELDS.requirementCode, UPLOAD_FIELDS.file] },
);

/** Whether `If-Match` lets the document with `hash` be served (RFC 9110 §13.1.1: `*` or one of the tags). */
function matches(header: string | undefined, hash: string): boolean {
  if (header === undefined) return true;
  const tags = header.split(',').map((tag) => tag.trim());
  return tags.some((tag) => tag === '*' || tag.replace(/^W\//, '').replace(/^"|"$/g, '') === hash);
}

/** Saved under the stored name (spec §5's pattern); `filename*` carries the name the person chose (RFC 6266). */
function disposition(document: StoredDocument): string {
  const display = encodeURIComponent(document.fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${document.storageName}"; filename*=UTF-8''${display}`;
}

function sendDocument(request: FastifyRequest, reply: FastifyReply, document: StoredDocument) {
  if (!matches(request.headers['if-match'], document.hash)) {
    throw new ApiError({ status: 412, errorKey: ErrorKey.documentChanged, description: 'The document is not the one this hash names: it was replaced.' });
  }
  return reply
    .type(document.mimeType)
    .header('Content-Length', document.size)
    .header('ETag', `"${document.hash}"`)
    .header('Content-Disposition', disposition(document))
    .header('X-Content-Type-Options', 'nosniff')
    .send(Readable.from(document.chunks));
}

export const attachmentRoutes: FastifyPluginAsyncTypebox<AttachmentRoutesOptions> = async (app, { store, maxFileBytes, checkStaffMaySee }) => {
  // Only these routes take multipart bodies; the parser itself never holds a file (the handler streams it).
  await app.register(multipart, {
    limits: { fields: 1, files: 1, parts: 2, fieldSize: 256, headerPairs: 50, fileSize: maxFileBytes + 1 },
  });
  const caller = (request: FastifyRequest): CallerRow => principalOf(request).user!;

  app.get(
    routePattern('attachmentList'),
    { schema: { tags: citizenTags, params: RequestIdParamsSchema, response: { 200: AttachmentListResponseSchema, ...errors } }, config: { access: CITIZEN } },
    async (request) => {
      await store.checkOwn(caller(request), request.params.id);
      return { ...OK_STATUS, attachmentList: await listAttachments(store.database, request.params.id) };
    },
  );

  app.post(
    routePattern('attachmentList'),
    {
      schema: {
        tags: citizenTags,
        summary: 'Upload a document of a draft (multipart/form-data: requirementCode, then file)',
        params: RequestIdParamsSchema,
        response: { 200: AttachmentResponseSchema, ...errors, 409: StatusSchema, 413: StatusSchema, 415: StatusSchema },
      },
      config: {
        access: CITIZEN,
        rateLimit: LIMITS.write,
        documentedBody: { consumes: ['multipart/form-data'], schema: UploadBodySchema },
        // The upload's own meanings of 409, 413 and 415 (the store's refusals), not the JSON body's generic ones.
        errorMeanings: {
          409: {
            when: 'The request is no longer a draft (documents-frozen), or this requirement already has as many files as it takes, maxFiles (too-many-files).',
            examples: [
              { key: ErrorKey.documentsFrozen, description: 'The request is no longer a draft: its documents can no longer change.' },
              { key: ErrorKey.tooManyFiles, description: 'this document takes at most 1 file(s): remove one first.', field: 'file' },
            ],
          },
          413: {
            when: 'The file passes the requirement’s maxBytes or the installation’s limit for one file (file-too-large), the request’s documents together would pass MAX_REQUEST_ATTACHMENT_BYTES (request-documents-too-large), or the person’s stored documents together would pass MAX_PERSON_ATTACHMENT_BYTES (document-quota-exceeded). Nothing is stored.',
            examples: [
              { key: ErrorKey.fileTooLarge, description: `a file for this document may be at most ${DocumentLimits.fileBytes} bytes.`, field: 'file' },
              {
                key: ErrorKey.requestDocumentsTooLarge,
                description: `the documents of one request may total at most ${DocumentLimits.requestBytes} bytes.`,
                field: 'file',
              },
              {
                key: ErrorKey.documentQuotaExceeded,
                description: `your stored documents may total at most ${DocumentLimits.personBytes} bytes: remove some first.`,
                field: 'file',
              },
            ],
          },
          415: {
            when: 'The file is not of a kind the requirement accepts, read from its bytes rather than its name, or a signed envelope wraps no PDF, XML or image (file-type-not-accepted); or the body is not multipart/form-data (unsupported-media-type). Nothing is stored.',
            examples: [
              { key: ErrorKey.fileTypeNotAccepted, description: "this document is accepted as pdf, p7m, read from the file's content.", field: 'file' },
              { key: ErrorKey.unsupportedMediaType, description: 'An upload is sent as multipart/form-data.' },
            ],
          },
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new ApiError({ status: 415, errorKey: ErrorKey.unsupportedMediaType, description: 'An upload is sent as multipart/form-data.' });
      }
      const who = caller(request);
      const parts = request.parts();
      let complete = false;
      try {
        const first = (await parts.next()).value;
        const code = first?.type === 'field' && first.fieldname === UPLOAD_FIELDS.requirementCode ? String(first.value) : undefined;
        const requirement = await store.requirementFor(who, request.params.id, code);
        const second = first?.type === 'file' ? first : (await parts.next()).value;
        if (second?.type !== 'file' || second.fieldname !== UPLOAD_FIELDS.file) {
          throw new ApiError({ status: 400, field: 'file', description: 'the upload carries no file.' });
        }
        const attachment = await store.upload(who, request.params.id, requirement, {
          requirementCode: requirement.requirementCode,
          fileName: second.filename,
          file: second.file,
        });
        complete = true;
        return { ...OK_STATUS, attachment };
      } finally {
        // Refused before the end of its body: the rest is not read, and the connection is not reused.
        if (!complete) reply.header('Connection', 'close');
      }
    },
  );

  app.get(
    routePattern('attachment'),
    {
      schema: {
        tags: citizenTags,
        params: AttachmentParamsSchema,
        headers: ifMatch,
        response: { ...bytes('The document’s bytes'), ...errors, 412: StatusSchema },
      },
      config: { access: CITIZEN },
      compress: false,
    },
    async (request, reply) => sendDocument(request, reply, await store.ownDocument(caller(request), request.params.id, request.params.attachmentId)),
  );

  app.delete(
    routePattern('attachment'),
    {
      schema: { tags: citizenTags, params: AttachmentParamsSchema, response: { 200: StatusSchema, ...errors, 409: StatusSchema } },
      config: { access: CITIZEN, rateLimit: LIMITS.write },
    },
    async (request) => {
      await store.remove(caller(request), request.params.id, request.params.attachmentId);
      return { ...OK_STATUS, description: 'deleted' };
    },
  );

  app.get(
    routePattern('boAttachmentList'),
    { schema: { tags: staffTags, params: RequestIdParamsSchema, response: { 200: AttachmentListResponseSchema, ...errors } }, config: { access: STAFF } },
    async (request) => {
      await checkStaffMaySee(caller(request), request.params.id);
      return { ...OK_STATUS, attachmentList: await listAttachments(store.database, request.params.id) };
    },
  );

  // A staff download leaves an audit line, as the PDF recap's does (docs/architecture.md "Audit log").
  app.get(
    routePattern('boAttachment'),
    {
      schema: {
        tags: staffTags,
        params: AttachmentParamsSchema,
        headers: ifMatch,
        response: { ...bytes('The document’s bytes'), ...errors, 412: StatusSchema },
      },
      config: { access: STAFF, audit: { action: 'document-read', target: 'request' } },
      compress: false,
    },
    async (request, reply) => {
      await checkStaffMaySee(caller(request), request.params.id);
      return sendDocument(request, reply, await store.document(request.params.id, request.params.attachmentId));
    },
  );
};
