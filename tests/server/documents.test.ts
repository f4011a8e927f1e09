// A request's documents on the server (docs/architecture.md "Documents"): upload, list, download
// with its hash as ETag, removal while a draft, every refusal storing nothing, the freeze at send,
// the purge of a deleted draft's documents, and the quotas. The test names its own requirements
// (rows of the catalogue) so it does not hang on the seed's choices.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, AttachmentListResponse } from '#shared/api/attachments.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { CHUNK_BYTES, sweepAbandonedUploads } from '#server/services/documents/store.ts';
import { purgeDeletedDraftDocuments, sweepExpiredDrafts } from '#server/services/requests/retention.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const ROME = 58091;
const MARIO = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' };
const KB = 1024;

/** A few bytes each kind is read as (file-kind.ts reads the first bytes, never the name). */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR tiny image')]);
const pdf = (body = 'plan') => Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${body}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
/** A PDF whose signature dictionary covers nothing that verifies: its signature is not intact. */
const BROKEN_SIGNED_PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Sig /ByteRange [0 10 20 10] /Contents <3082> >> endobj\n%%EOF\n');

/** The test's requirements: a floor plan (PNG or PDF, 2 files of 64 KB at most), a signed form, an optional note. */
const REQUIREMENTS = [
  { code: 'TEST_PLAN', types: ['png', 'pdf'], maxBytes: 64 * KB, maxFiles: 2, signed: false, required: true },
  { code: 'TEST_FORM', types: ['pdf', 'p7m'], maxBytes: 64 * KB, maxFiles: 1, signed: true, required: false },
  { code: 'TEST_NOTE', types: ['pdf', 'xml'], maxBytes: 600 * KB, maxFiles: 3, signed: false, required: false },
] as const;

function multipart(parts: ({ name: string; value: string } | { name: string; filename: string; content: Buffer })[]) {
  const boundary = `----suap-test-${Math.random().toString(16).slice(2)}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(testDatabases())('documents of a request on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let romeOffice: number;
  let initiative: number;

  beforeAll(async () => {
    t = await startTestApp(await open(), {
      PUBLIC_URL: BASE,
      MAX_OPEN_DRAFTS: '1000',
      MAX_REQUEST_ATTACHMENT_BYTES: String(1000 * KB),
      MAX_PERSON_ATTACHMENT_BYTES: String(1700 * KB),
    });
    for (const [who, code] of [
      ['mario', MARIO.fiscalCode],
      ['giulia', 'BNCGLI85M41F205B'],
    ] as const) {
      token[who] = (await signIn(t.app, BASE, 'FO', who)).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${code}`, headers: { authorization: `Bearer ${token[who]}` } });
    }
    token.anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    const db = t.database.db;
    romeOffice = (await db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', ROME).executeTakeFirstOrThrow()).suap_id;
    initiative = (await db.selectFrom('iniziative').select('iniziative_id').where('activity_it', '=', 'Bar e ristorante').executeTakeFirstOrThrow())
      .iniziative_id;
    await db.deleteFrom('iniziative_requirement').where('iniziative_id', '=', initiative).execute();
    for (const [position, r] of REQUIREMENTS.entries()) {
      await db
        .insertInto('document_requirement')
        .values({
          code: r.code,
          position: 900 + position,
          name_it: r.code,
          name_en: r.code,
          description_it: '',
          description_en: '',
          accepted_types: JSON.stringify(r.types),
          max_bytes: r.maxBytes,
          max_files: r.maxFiles,
          signature_required: r.signed,
        })
        .execute();
      await db
        .insertInto('iniziative_requirement')
        .values({ iniziative_id: initiative, requirement_code: r.code, required: r.required, required_when: null })
        .execute();
    }
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const auth = (who: string | null) => (who ? { authorization: `Bearer ${token[who]}` } : {});
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api${url}`, headers: { ...auth(who), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const upload = (requestId: number, requirementCode: string | null, content: Buffer, who = 'mario', filename = 'pianta città.png') => {
    const body = multipart([...(requirementCode === null ? [] : [{ name: 'requirementCode', value: requirementCode }]), { name: 'file', filename, content }]);
    return t.app.inject({
      method: 'POST',
      url: `/api${apiPath('attachmentList', { id: requestId })}`,
      headers: { ...auth(who), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const uploadAs = upload;
  const rows = async (requestId: number) => {
    const db = t.database.db;
    const attachments = await db.selectFrom('attachment').select(['attachment_id', 'status', 'sent']).where('request_id', '=', requestId).execute();
    const ids = attachments.map((a) => a.attachment_id);
    const chunks = ids.length === 0 ? 0 : (await db.selectFrom('attachment_chunk').select('seq').where('attachment_id', 'in', ids).execute()).length;
    return { attachments, chunks };
  };
  const newDraft = async (who = 'mario'): Promise<SuapRequest> => {
    const created = await call('POST', ApiPaths.requestCreate, who, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } });
    expect(created.statusCode, created.body).toBe(200);
    const draft = (created.json() as RequestResponse).request;
    // The initiative decides which documents the request takes.
    const saved = await call('PUT', apiPath('request', { id: draft.requestId }), who, { ...draft, iniziative: { iniziativeId: initiative } });
    expect(saved.statusCode, saved.body).toBe(200);
    return (saved.json() as RequestResponse).request;
  };
  const newDraftOf = newDraft;
  const complete = (draft: SuapRequest) => ({
    ...draft,
    suap: { suapId: romeOffice },
    municipalityId: ROME,
    iniziative: { iniziativeId: initiative },
    personalData: {
      ...MARIO,
      email: 'mario.rossi@example.org',
      dateOfBirth: '1980-01-01',
      business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
      activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
    },
    stateOfRequest: { stateOfRequestId: RequestState.SENT },
  });

  it('stores an upload, lists it and serves its bytes with the hash as ETag', async () => {
    const draft = await newDraft();
    const response = await upload(draft.requestId, 'TEST_PLAN', PNG);
    expect(response.statusCode, response.body).toBe(200);
    const { attachment } = response.json() as { attachment: Attachment };
    expect(attachment).toMatchObject({
      requirementCode: 'TEST_PLAN',
      fileName: 'pianta città.png',
      mimeType: 'image/png',
      size: PNG.length,
      hash: sha256(PNG),
      algHash: 'S256',
      signature: null,
      sentWithRequest: false,
    });

    const second = await upload(draft.requestId, 'TEST_NOTE', pdf('note'), 'mario', 'nota.pdf');
    expect(second.statusCode, second.body).toBe(200);
    const listed = (await call('GET', apiPath('attachmentList', { id: draft.requestId }), 'mario')).json() as AttachmentListResponse;
    // By requirement, then upload.
    expect(listed.attachmentList.map((a) => a.requirementCode)).toEqual(['TEST_NOTE', 'TEST_PLAN']);

    const url = apiPath('attachment', { id: draft.requestId, attachmentId: attachment.attachmentId });
    const download = await call('GET', url, 'mario');
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers.etag).toBe(`"${sha256(PNG)}"`);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-length']).toBe(String(PNG.length));
    // Saved under the stored name (spec §5's pattern), the chosen name in filename*.
    expect(download.headers['content-disposition']).toBe(`attachment; filename="pianta_citta.png"; filename*=UTF-8''pianta%20citt%C3%A0.png`);
    // If-Match: the same hash or * serve the bytes; another hash answers 412 document-changed.
    expect((await call('GET', url, 'mario', undefined, { 'if-match': `"${attachment.hash}"` })).statusCode).toBe(200);
    expect((await call('GET', url, 'mario', undefined, { 'if-match': '*' })).statusCode).toBe(200);
    const changed = await call('GET', url, 'mario', undefined, { 'if-match': `"${sha256(pdf())}"` });
    expect(changed.statusCode).toBe(412);
    expect(changed.json()).toMatchObject({ code: 412, errorKey: 'document-changed' });
  });

  it('streams a file of many chunks in and out unchanged', async () => {
    const draft = await newDraft();
    // 600 KB of varied bytes: three chunks of 256 KiB at most.
    const big = Buffer.concat([pdf('big'), Buffer.from(Array.from({ length: 600 * KB - 200 }, (_, i) => (i * 31) % 251))]);
    const response = await upload(draft.requestId, 'TEST_NOTE', big, 'mario', 'big.pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { attachment: Attachment }).attachment.hash).toBe(sha256(big));
    expect((await rows(draft.requestId)).chunks).toBe(3);
    const { attachmentId } = (response.json() as { attachment: Attachment }).attachment;
    const download = await call('GET', apiPath('attachment', { id: draft.requestId, attachmentId }), 'mario');
    expect(sha256(download.rawPayload)).toBe(sha256(big));
  });

  it('reads a PDF/A claim that a chunk boundary cuts in two', async () => {
    const draft = await newDraft();
    // The XMP claim's keyword starts three bytes before the first chunk ends ("pdf|aid:"): neither
    // chunk alone holds it.
    const head = pdf('archivio');
    const claim = Buffer.from('pdfaid:part="2"/>');
    const file = Buffer.concat([head, Buffer.alloc(CHUNK_BYTES - 3 - head.length, 0x20), claim, Buffer.alloc(40 * KB, 0x20)]);
    const response = await upload(draft.requestId, 'TEST_NOTE', file, 'mario', 'archivio.pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { attachment: Attachment }).attachment.pdfaClaimed).toBe('2');
    // Without the claim the same file claims nothing.
    const plain = Buffer.concat([head, Buffer.alloc(CHUNK_BYTES + 40 * KB, 0x20)]);
    const other = await upload(draft.requestId, 'TEST_NOTE', plain, 'mario', 'semplice.pdf');
    expect(other.statusCode, other.body).toBe(200);
    expect((other.json() as { attachment: Attachment }).attachment.pdfaClaimed ?? null).toBeNull();
    expect((await call('DELETE', apiPath('request', { id: draft.requestId }), 'mario')).statusCode).toBe(200);
  });

  it('refuses each bad upload with its error key and stores nothing', async () => {
    const draft = await newDraft();
    const refused = async (response: Awaited<ReturnType<typeof upload>>, status: number, errorKey: string, field: string) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code: status, errorKey, field });
      expect(await rows(draft.requestId)).toEqual({ attachments: [], chunks: 0 });
    };
    await refused(await upload(draft.requestId, 'NO_SUCH_THING', PNG), 400, 'unknown-requirement', 'requirementCode');
    await refused(await upload(draft.requestId, null, PNG), 400, 'unknown-requirement', 'requirementCode');
    // The kind is read from the bytes: an executable named .png, a PNG where only PDF or XML go.
    await refused(await upload(draft.requestId, 'TEST_PLAN', EXE), 415, 'file-type-not-accepted', 'file');
    await refused(await upload(draft.requestId, 'TEST_NOTE', PNG), 415, 'file-type-not-accepted', 'file');
    await refused(await upload(draft.requestId, 'TEST_PLAN', Buffer.alloc(0)), 415, 'file-type-not-accepted', 'file');
    // Over the requirement's 64 KB.
    await refused(await upload(draft.requestId, 'TEST_PLAN', Buffer.concat([PNG, Buffer.alloc(64 * KB)])), 413, 'file-too-large', 'file');
    // A signed form without a signature; a signature that does not verify.
    await refused(await upload(draft.requestId, 'TEST_FORM', pdf('form')), 400, 'signature-required', 'file');
    await refused(await upload(draft.requestId, 'TEST_FORM', BROKEN_SIGNED_PDF), 400, 'signature-broken', 'file');
    // Someone else's request answers like a missing one, and stores nothing either.
    const foreign = await upload(draft.requestId, 'TEST_PLAN', PNG, 'giulia');
    expect(foreign.statusCode).toBe(404);
    expect((await upload(2_000_000_000, 'TEST_PLAN', PNG)).json()).toEqual({ ...foreign.json() });
    expect(await rows(draft.requestId)).toEqual({ attachments: [], chunks: 0 });
  });

  it('stores nothing of an upload whose body ends midway (a client gone after 300 KB of 500)', async () => {
    const draft = await newDraft();
    const body = multipart([
      { name: 'requirementCode', value: 'TEST_NOTE' },
      { name: 'file', filename: 'nota.pdf', content: Buffer.concat([pdf('cut'), Buffer.alloc(500 * KB)]) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${apiPath('attachmentList', { id: draft.requestId })}`,
      headers: { ...auth('mario'), 'content-type': body.contentType },
      payload: body.payload.subarray(0, 300 * KB),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.headers.connection).toBe('close');
    expect(await rows(draft.requestId)).toEqual({ attachments: [], chunks: 0 });
  });

  it('takes at most maxFiles files of a requirement', async () => {
    const draft = await newDraft();
    expect((await upload(draft.requestId, 'TEST_PLAN', PNG)).statusCode).toBe(200);
    expect((await upload(draft.requestId, 'TEST_PLAN', pdf())).statusCode).toBe(200);
    const third = await upload(draft.requestId, 'TEST_PLAN', PNG);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ errorKey: 'too-many-files', field: 'file' });
    expect((await rows(draft.requestId)).attachments).toHaveLength(2);
  });

  it('bounds the request’s total and the person’s quota', async () => {
    // Giulia stores no other document in this file: her quota is hers alone here.
    const note = (n: number) => Buffer.concat([pdf(`n${n}`), Buffer.alloc(400 * KB)]);
    const upload = (requestId: number, code: string, content: Buffer) => uploadAs(requestId, code, content, 'giulia');
    const newDraft = () => newDraftOf('giulia');
    const first = await newDraft();
    expect((await upload(first.requestId, 'TEST_NOTE', note(1))).statusCode).toBe(200);
    expect((await upload(first.requestId, 'TEST_NOTE', note(2))).statusCode).toBe(200);
    // 1000 KB per request: a third 400 KB note would pass it.
    const overRequest = await upload(first.requestId, 'TEST_NOTE', note(3));
    expect(overRequest.statusCode).toBe(413);
    expect(overRequest.json()).toMatchObject({ errorKey: 'request-documents-too-large', field: 'file' });
    const second = await newDraft();
    expect((await upload(second.requestId, 'TEST_NOTE', note(4))).statusCode).toBe(200);
    expect((await upload(second.requestId, 'TEST_NOTE', note(5))).statusCode).toBe(200);
    // 1700 KB per person, drafts and sent requests together: the fifth note would pass it.
    const third = await newDraft();
    const overQuota = await upload(third.requestId, 'TEST_NOTE', note(6));
    expect(overQuota.statusCode).toBe(413);
    expect(overQuota.json()).toMatchObject({ errorKey: 'document-quota-exceeded', field: 'file' });
    expect(await rows(third.requestId)).toEqual({ attachments: [], chunks: 0 });
    // Removing documents frees the quota.
    for (const draft of [first, second]) expect((await call('DELETE', apiPath('request', { id: draft.requestId }), 'giulia')).statusCode).toBe(200);
    expect((await upload(third.requestId, 'TEST_NOTE', note(6))).statusCode).toBe(200);
  });

  it('removes a document of a draft; another person’s answers like a missing one', async () => {
    const draft = await newDraft();
    const { attachment } = (await upload(draft.requestId, 'TEST_PLAN', PNG)).json() as { attachment: Attachment };
    const url = apiPath('attachment', { id: draft.requestId, attachmentId: attachment.attachmentId });
    const giulias = await call('DELETE', url, 'giulia');
    expect(giulias.statusCode).toBe(404);
    expect((await call('GET', url, 'giulia')).statusCode).toBe(404);
    expect((await call('GET', apiPath('attachmentList', { id: draft.requestId }), 'giulia')).json()).toEqual(giulias.json());
    expect((await call('DELETE', url, 'mario')).statusCode).toBe(200);
    expect(await rows(draft.requestId)).toEqual({ attachments: [], chunks: 0 });
    expect((await call('GET', url, 'mario')).statusCode).toBe(404);
  });

  it('refuses a send without the required documents, then freezes the set it sends', async () => {
    const draft = await newDraft();
    const missing = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', complete(draft));
    expect(missing.statusCode, missing.body).toBe(409);
    expect(missing.json()).toMatchObject({ errorKey: 'documents-missing', field: 'attachments' });
    expect(
      (await t.database.db.selectFrom('requests').select('state_of_request_id').where('request_id', '=', draft.requestId).executeTakeFirstOrThrow())
        .state_of_request_id,
    ).toBe(RequestState.DRAFT);

    const { attachment } = (await upload(draft.requestId, 'TEST_PLAN', PNG)).json() as { attachment: Attachment };
    const sent = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', complete(draft));
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await rows(draft.requestId)).attachments).toEqual([{ attachment_id: attachment.attachmentId, status: 'stored', sent: true }]);
    const listed = (await call('GET', apiPath('attachmentList', { id: draft.requestId }), 'mario')).json() as AttachmentListResponse;
    expect(listed.attachmentList.map((a) => a.sentWithRequest)).toEqual([true]);
    // Frozen: no upload, no removal.
    const more = await upload(draft.requestId, 'TEST_NOTE', pdf());
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ errorKey: 'documents-frozen' });
    const removal = await call('DELETE', apiPath('attachment', { id: draft.requestId, attachmentId: attachment.attachmentId }), 'mario');
    expect(removal.json()).toMatchObject({ code: 409, errorKey: 'documents-frozen' });
    expect((await rows(draft.requestId)).attachments).toHaveLength(1);

    // Staff who read the request list and download its documents; each download is audited.
    const boList = await call('GET', apiPath('boAttachmentList', { id: draft.requestId }), 'anna');
    expect((boList.json() as AttachmentListResponse).attachmentList.map((a) => a.hash)).toEqual([sha256(PNG)]);
    const boDownload = await call('GET', apiPath('boAttachment', { id: draft.requestId, attachmentId: attachment.attachmentId }), 'anna');
    expect(boDownload.statusCode).toBe(200);
    expect(boDownload.rawPayload.equals(PNG)).toBe(true);
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'outcome']).where('target_request_id', '=', draft.requestId).execute();
    expect(audit).toContainEqual({ action: 'document-read', outcome: 'success' });
    // A citizen's token opens no staff route.
    expect((await call('GET', apiPath('boAttachmentList', { id: draft.requestId }), 'mario')).statusCode).toBe(401);
  });

  it('drops the documents of a deleted draft, of an expired one and of an abandoned upload', async () => {
    const deleted = await newDraft();
    expect((await upload(deleted.requestId, 'TEST_PLAN', PNG)).statusCode).toBe(200);
    expect((await call('DELETE', apiPath('request', { id: deleted.requestId }), 'mario')).statusCode).toBe(200);
    expect(await rows(deleted.requestId)).toEqual({ attachments: [], chunks: 0 });

    const expiring = await newDraft();
    expect((await upload(expiring.requestId, 'TEST_PLAN', PNG)).statusCode).toBe(200);
    const db = t.database.db;
    await db.updateTable('requests').set({ storage_limit: '2020-01-01' }).where('request_id', '=', expiring.requestId).execute();
    expect(await sweepExpiredDrafts(db)).toBeGreaterThanOrEqual(1);
    expect(await purgeDeletedDraftDocuments(db)).toBe(1);
    expect(await rows(expiring.requestId)).toEqual({ attachments: [], chunks: 0 });

    // An instance stopped mid-upload: its 'uploading' row goes after an hour, not before.
    const draft = await newDraft();
    const { attachment_id } = await db
      .insertInto('attachment')
      .values({
        request_id: draft.requestId,
        requirement_code: 'TEST_PLAN',
        file_name: 'x.png',
        storage_name: 'x.png',
        mime_type: 'image/png',
        owner_user_id: draft.user.userId,
      })
      .returning('attachment_id')
      .executeTakeFirstOrThrow();
    await db.insertInto('attachment_chunk').values({ attachment_id, seq: 0, data: PNG }).execute();
    expect((await call('GET', apiPath('attachmentList', { id: draft.requestId }), 'mario')).json()).toMatchObject({ attachmentList: [] });
    expect(await sweepAbandonedUploads(db, new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(await sweepAbandonedUploads(db, new Date(Date.now() + 61 * 60_000))).toBe(1);
    expect(await rows(draft.requestId)).toEqual({ attachments: [], chunks: 0 });
  });
});
