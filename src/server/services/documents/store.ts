// Where documents live (docs/architecture.md "Documents"): rows of the database, the bytes in
// ~256 KiB chunks, on PGlite and PostgreSQL alike. An upload never holds a transaction open while
// its bytes arrive (PGlite has one connection: a slow client would stall every other query):
//   1. the first bytes decide the kind of file (file-kind.ts), before anything is written;
//   2. the row is inserted as 'uploading' and each chunk as it fills, every statement on its own,
//      while the SHA-256 and the signature sniffer read along; a file over its limits stops there;
//   3. a signed file (a .p7m, or a PDF carrying a /ByteRange) is read back once and verified;
//   4. one short transaction locks the request and the person, checks the draft state, the
//      requirement's count and the request's and person's totals, and flips the row to 'stored'.
// Any refusal, failure or client abort deletes the row (its chunks cascade): nothing is stored.
// Rows an instance left 'uploading' when it stopped are swept after an hour (background.ts).
import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Attachment, Requirement, SignatureReport } from '#shared/api/attachments.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { RequestState } from '#shared/constants.ts';
import { DOCUMENT_MIME_TYPES, storageFileName, type DocumentType } from '#shared/documents.ts';
import { precompiled } from '../../db/precompiled.ts';
import type { CallerRow, Database } from '../../db/schema.ts';
import { ApiError } from '../../plugins/errors.ts';
import { requestNotFound } from '../requests/ownership.ts';
import { ATTACHMENT_COLUMNS, toAttachment } from './attachments.ts';
import { DETECTION_BYTES, detectDocumentType, PDFAID, pdfaClaim } from './file-kind.ts';
import { requirementsOf } from './requirements.ts';

/** Bytes of one stored chunk: large enough that a 20 MB file is 80 rows, small enough to stream. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks read per statement while a download streams (1 MiB). */
const CHUNKS_PER_READ = 4;
/** An 'uploading' row older than this was left by an instance that stopped mid-upload. */
export const ABANDONED_UPLOAD_MS = 3_600_000;

/** The signatures' reader (services/documents/signatures): verification after the upload, a sniffer while streaming. */
export interface SignatureReader {
  readSignature(type: DocumentType, bytes: Uint8Array, applicantFiscalCode: string | null): Promise<SignatureReport | null>;
  createSignatureSniffer(): { push(chunk: Uint8Array): void; readonly signed: boolean };
  /** The document a .p7m wraps (nested envelopes opened), or null when it wraps none. */
  innerDocument(bytes: Uint8Array): Uint8Array | null;
}

/** The installation's limits in bytes (MAX_ATTACHMENT_BYTES, MAX_REQUEST_ATTACHMENT_BYTES, MAX_PERSON_ATTACHMENT_BYTES). */
export interface StoreLimits {
  fileBytes: number;
  requestBytes: number;
  personBytes: number;
}

export interface UploadInput {
  requirementCode: string;
  /** The name the browser sent, for display only. */
  fileName: string;
  file: AsyncIterable<Uint8Array>;
}

/** A stored document's bytes for a download. */
export interface StoredDocument {
  attachmentId: number;
  storageName: string;
  fileName: string;
  mimeType: string;
  size: number;
  hash: string;
  chunks: AsyncIterable<Buffer>;
}

const fileError = (status: number, errorKey: (typeof ErrorKey)[keyof typeof ErrorKey], description: string) =>
  new ApiError({ status, field: 'file', errorKey, description });

export const documentsFrozen = () =>
  new ApiError({ status: 409, errorKey: ErrorKey.documentsFrozen, description: 'The request is no longer a draft: its documents can no longer change.' });

const SIGNATURE_REQUIRED = 'this document must carry a qualified electronic signature (CAdES .p7m or PAdES).';

const documentNotFound = () => new ApiError({ status: 404, description: 'No such document in this request.' });

const asBuffer = (data: Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

/** One chunk of an upload: the statement an upload runs most, compiled once (db/precompiled.ts). */
const insertChunk = precompiled(['attachmentId', 'seq', 'data'], (db: Kysely<Database>, chunk: { attachmentId: number; seq: number; data: Buffer }) =>
  db.insertInto('attachment_chunk').values({ attachment_id: chunk.attachmentId, seq: chunk.seq, data: chunk.data }),
);

/** Sums of stored documents' bytes, as numbers (PostgreSQL answers a bigint sum as text). */
async function storedTotals(db: Kysely<Database>, requestId: number, userId: number, requirementCode: string) {
  const row = await sql<{ request_bytes: string | number; person_bytes: string | number; files: string | number }>`
    SELECT
      (SELECT coalesce(sum(size), 0) FROM attachment WHERE request_id = ${requestId} AND status = 'stored') AS request_bytes,
      (SELECT coalesce(sum(size), 0) FROM attachment WHERE owner_user_id = ${userId} AND status = 'stored') AS person_bytes,
      (SELECT count(*) FROM attachment WHERE request_id = ${requestId} AND requirement_code = ${requirementCode} AND status = 'stored') AS files`.execute(db);
  const totals = row.rows[0]!;
  return { requestBytes: Number(totals.request_bytes), personBytes: Number(totals.person_bytes), files: Number(totals.files) };
}

/**
 * Locks the caller's draft `requestId` for a change of its documents: someone else's request
 * answers like a missing one (404), a sent one's documents are frozen (409).
 */
async function lockOwnDraft(trx: Transaction<Database>, caller: CallerRow, requestId: number): Promise<void> {
  const request = await trx
    .selectFrom('requests')
    .select(['user_id', 'state_of_request_id'])
    .where('request_id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
  if (!request || request.user_id !== caller.user_id) throw requestNotFound();
  if (request.state_of_request_id !== RequestState.DRAFT) throw documentsFrozen();
}

export class DocumentStore {
  private readonly db: Kysely<Database>;
  private readonly limits: StoreLimits;
  private readonly signatures: SignatureReader;
  constructor(db: Kysely<Database>, limits: StoreLimits, signatures: SignatureReader) {
    this.db = db;
    this.limits = limits;
    this.signatures = signatures;
  }

  /** The caller's request, for a change of its documents: 404 when missing or someone else's. */
  private async ownRequest(caller: CallerRow, requestId: number) {
    const row = await this.db
      .selectFrom('requests')
      .select(['user_id', 'state_of_request_id', 'iniziative_id'])
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!row || row.user_id !== caller.user_id) throw requestNotFound();
    return row;
  }

  /**
   * The requirement a multipart upload names, checked before its file is read: the caller's draft,
   * a requirement of its initiative, and room for one more file of it.
   */
  async requirementFor(caller: CallerRow, requestId: number, requirementCode: string | undefined): Promise<Requirement> {
    const request = await this.ownRequest(caller, requestId);
    if (request.state_of_request_id !== RequestState.DRAFT) throw documentsFrozen();
    const requirements = request.iniziative_id === null ? [] : await requirementsOf(this.db, request.iniziative_id);
    const requirement = requirements.find((r) => r.requirementCode === requirementCode);
    if (!requirement) {
      throw new ApiError({
        status: 400,
        field: 'requirementCode',
        errorKey: ErrorKey.unknownRequirement,
        description:
          requirementCode === undefined
            ? 'the requirement the file answers must come first, before the file.'
            : 'the initiative of this request asks for no such document.',
      });
    }
    const totals = await storedTotals(this.db, requestId, caller.user_id, requirement.requirementCode);
    this.refuseOverLimits(requirement, totals, 0);
    return requirement;
  }

  private refuseOverLimits(requirement: Requirement, totals: { requestBytes: number; personBytes: number; files: number }, size: number): void {
    if (totals.files >= requirement.maxFiles) {
      throw fileError(409, ErrorKey.tooManyFiles, `this document takes at most ${requirement.maxFiles} file(s): remove one first.`);
    }
    const fileLimit = Math.min(requirement.maxBytes, this.limits.fileBytes);
    if (size > fileLimit) throw fileError(413, ErrorKey.fileTooLarge, `a file for this document may be at most ${fileLimit} bytes.`);
    if (totals.requestBytes + size > this.limits.requestBytes) {
      throw fileError(413, ErrorKey.requestDocumentsTooLarge, `the documents of one request may total at most ${this.limits.requestBytes} bytes.`);
    }
    if (totals.personBytes + size > this.limits.personBytes) {
      throw fileError(413, ErrorKey.documentQuotaExceeded, `your stored documents may total at most ${this.limits.personBytes} bytes: remove some first.`);
    }
  }

  /** Streams an upload into the store (see the file's head); answers the stored document. */
  async upload(caller: CallerRow, requestId: number, requirement: Requirement, input: UploadInput): Promise<Attachment> {
    const before = await storedTotals(this.db, requestId, caller.user_id, requirement.requirementCode);
    this.refuseOverLimits(requirement, before, 0);
    const hash = createHash('sha256');
    const sniffer = this.signatures.createSignatureSniffer();
    let attachmentId: number | null = null;
    let type: DocumentType | null = null;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let seq = 0;
    let pdfa: string | null = null;
    let tail = Buffer.alloc(0);

    const begin = async (head: Buffer) => {
      type = detectDocumentType(head);
      if (type === null || !requirement.acceptedTypes.includes(type as never)) {
        throw fileError(
          415,
          ErrorKey.fileTypeNotAccepted,
          `this document is accepted as ${requirement.acceptedTypes.join(', ')}, read from the file's content.`,
        );
      }
      const row = await this.db
        .insertInto('attachment')
        .values({
          request_id: requestId,
          requirement_code: requirement.requirementCode,
          file_name: input.fileName.slice(0, 255),
          storage_name: storageFileName(input.fileName),
          mime_type: DOCUMENT_MIME_TYPES[type],
          owner_user_id: caller.user_id,
        })
        .returning('attachment_id')
        .executeTakeFirstOrThrow();
      attachmentId = Number(row.attachment_id);
    };
    const write = async (data: Buffer) => {
      if (type === 'pdf') {
        // The claim may straddle two chunks: each window starts with the end of the one before. A
        // window without the keyword claims nothing, so the chunk is copied into one only when the
        // keyword is in it or across its boundary (almost never: a copy of every chunk saved).
        const across = tail.length > 0 && Buffer.concat([tail, data.subarray(0, PDFAID.length - 1)]).includes(PDFAID);
        if (across || data.includes(PDFAID)) pdfa = pdfaClaim(tail.length > 0 ? Buffer.concat([tail, data]) : data) ?? pdfa;
        tail = Buffer.from(data.subarray(Math.max(0, data.length - 96)));
      }
      await insertChunk(this.db, { attachmentId: attachmentId!, seq: seq++, data });
    };
    /** Writes whole chunks of what has arrived; at the end (`last`), the rest too. */
    const flush = async (last: boolean) => {
      if (pendingBytes === 0 || (!last && pendingBytes < CHUNK_BYTES)) return;
      let data = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      for (; data.length >= CHUNK_BYTES; data = data.subarray(CHUNK_BYTES)) await write(data.subarray(0, CHUNK_BYTES));
      if (data.length > 0 && last) await write(data);
      else if (data.length > 0) {
        pending = [data];
        pendingBytes = data.length;
      }
    };

    try {
      for await (const piece of input.file) {
        const chunk = asBuffer(piece);
        size += chunk.length;
        this.refuseOverLimits(requirement, { ...before, files: 0 }, size);
        hash.update(chunk);
        sniffer.push(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        // The kind is decided on the first DETECTION_BYTES, so a refused file writes nothing.
        if (attachmentId === null && pendingBytes >= DETECTION_BYTES) await begin(Buffer.concat(pending, pendingBytes).subarray(0, DETECTION_BYTES));
        if (attachmentId !== null) await flush(false);
      }
      if (attachmentId === null) await begin(pending.length > 0 ? Buffer.concat(pending, pendingBytes) : Buffer.alloc(0));
      await flush(true);
      const signature = await this.verifySignature(caller, requirement, attachmentId!, type!, size, sniffer.signed);
      return await this.finish(caller, requestId, requirement, attachmentId!, {
        size,
        hash: hash.digest('hex'),
        signature,
        pdfa: type === 'pdf' ? pdfa : null,
      });
    } catch (error) {
      if (attachmentId !== null) await this.discard(attachmentId);
      throw error;
    }
  }

  /** The signature report of a file that carries one, checked against the requirement. */
  private async verifySignature(
    caller: CallerRow,
    requirement: Requirement,
    attachmentId: number,
    type: DocumentType,
    size: number,
    sniffedSigned: boolean,
  ): Promise<SignatureReport | null> {
    const carries = type === 'p7m' || (type === 'pdf' && sniffedSigned);
    if (!carries) {
      if (requirement.signatureRequired) throw fileError(400, ErrorKey.signatureRequired, SIGNATURE_REQUIRED);
      return null;
    }
    const bytes = await this.readBack(attachmentId, size);
    if (type === 'p7m') {
      // An envelope is as good as what it wraps: a PDF, XML or image, never an executable or an archive.
      const inner = this.signatures.innerDocument(bytes);
      const innerType = inner === null ? null : detectDocumentType(inner.subarray(0, DETECTION_BYTES));
      if (innerType === null || innerType === 'p7m') {
        throw fileError(415, ErrorKey.fileTypeNotAccepted, 'the signed envelope wraps no PDF, XML or image document.');
      }
    }
    const report = await this.signatures.readSignature(type, bytes, caller.fiscal_code);
    if ((report === null || report.signers.length === 0) && type === 'p7m') {
      throw fileError(400, ErrorKey.signatureBroken, 'the signed envelope could not be read: it is damaged or not a CAdES signature.');
    }
    if (report?.signers.some((signer) => !signer.intact)) {
      throw fileError(400, ErrorKey.signatureBroken, 'a signature of the file does not match its content: the file was changed after it was signed.');
    }
    if (requirement.signatureRequired && report === null) {
      throw fileError(400, ErrorKey.signatureRequired, SIGNATURE_REQUIRED);
    }
    return report;
  }

  /** The stored bytes of an upload, once, into one buffer (the upload itself never held them). */
  private async readBack(attachmentId: number, size: number): Promise<Uint8Array> {
    const bytes = Buffer.allocUnsafe(size);
    let at = 0;
    for await (const chunk of this.chunks(attachmentId)) {
      chunk.copy(bytes, at);
      at += chunk.length;
    }
    return bytes.subarray(0, at);
  }

  /** The short transaction that makes an upload count: state, count and totals, under the request's and the person's locks. */
  private async finish(
    caller: CallerRow,
    requestId: number,
    requirement: Requirement,
    attachmentId: number,
    file: { size: number; hash: string; signature: SignatureReport | null; pdfa: string | null },
  ): Promise<Attachment> {
    return this.db.transaction().execute(async (trx) => {
      await lockOwnDraft(trx, caller, requestId);
      // Two uploads of the same person (to any of their requests) count one after the other.
      await trx.selectFrom('users').select('user_id').where('user_id', '=', caller.user_id).forUpdate().execute();
      this.refuseOverLimits(requirement, await storedTotals(trx, requestId, caller.user_id, requirement.requirementCode), file.size);
      const row = await trx
        .updateTable('attachment')
        .set({
          status: 'stored',
          size: file.size,
          hash: file.hash,
          signature: file.signature ? JSON.stringify(file.signature) : null,
          pdfa_claimed: file.pdfa,
          uploaded_on: new Date(),
        })
        .where('attachment_id', '=', attachmentId)
        .returning(ATTACHMENT_COLUMNS)
        .executeTakeFirstOrThrow();
      return toAttachment(row);
    });
  }

  private async discard(attachmentId: number): Promise<void> {
    await this.db.deleteFrom('attachment').where('attachment_id', '=', attachmentId).execute();
  }

  /** The bytes of an attachment in order, a few chunks per statement: never the whole file at once. */
  async *chunks(attachmentId: number): AsyncGenerator<Buffer> {
    for (let from = 0; ; from += CHUNKS_PER_READ) {
      const rows = await this.db
        .selectFrom('attachment_chunk')
        .select('data')
        .where('attachment_id', '=', attachmentId)
        .where('seq', '>=', from)
        .where('seq', '<', from + CHUNKS_PER_READ)
        .orderBy('seq')
        .execute();
      for (const row of rows) yield asBuffer(row.data);
      if (rows.length < CHUNKS_PER_READ) return;
    }
  }

  /** A stored document of a request, for its download; the caller has checked access to the request. */
  async document(requestId: number, attachmentId: number): Promise<StoredDocument> {
    const row = await this.db
      .selectFrom('attachment')
      .select(['attachment_id', 'storage_name', 'file_name', 'mime_type', 'size', 'hash'])
      .where('attachment_id', '=', attachmentId)
      .where('request_id', '=', requestId)
      .where('status', '=', 'stored')
      .executeTakeFirst();
    if (!row) throw documentNotFound();
    return {
      attachmentId,
      storageName: row.storage_name,
      fileName: row.file_name,
      mimeType: row.mime_type,
      size: Number(row.size),
      hash: row.hash,
      chunks: this.chunks(attachmentId),
    };
  }

  /** The caller's own document, for its download: someone else's request answers like a missing one. */
  async ownDocument(caller: CallerRow, requestId: number, attachmentId: number): Promise<StoredDocument> {
    await this.ownRequest(caller, requestId);
    return this.document(requestId, attachmentId);
  }

  /** The database, for listAttachments. */
  get database(): Kysely<Database> {
    return this.db;
  }

  /** Checks that the request is the caller's (404 otherwise), for its list. */
  async checkOwn(caller: CallerRow, requestId: number): Promise<void> {
    await this.ownRequest(caller, requestId);
  }

  /** Removes one of the documents of the caller's draft; a sent request's are frozen (409). */
  async remove(caller: CallerRow, requestId: number, attachmentId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockOwnDraft(trx, caller, requestId);
      const deleted = await trx
        .deleteFrom('attachment')
        .where('attachment_id', '=', attachmentId)
        .where('request_id', '=', requestId)
        .where('status', '=', 'stored')
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw documentNotFound();
    });
  }
}

/** Removes the rows an instance left 'uploading' when it stopped mid-upload (run by the hourly sweep). */
export async function sweepAbandonedUploads(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('attachment')
    .where('status', '=', 'uploading')
    .where('uploaded_on', '<', new Date(now.getTime() - ABANDONED_UPLOAD_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
