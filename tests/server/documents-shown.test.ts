// A request's documents where the request is shown outside the screens (docs/architecture.md
// "Where documents are shown"): the PDF recap (the citizen's and the office's, both languages) and
// the office's e-mail list each document with its requirement, size, full SHA-256 and signature.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignatureReport } from '#shared/api/attachments.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestListResponse, RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const ROME = 58091;

function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `documents-${process.pid}-${Math.random()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const signed = (intact: boolean): SignatureReport => ({
  format: 'CAdES',
  signers: [{ name: 'Mario Rossi', fiscalCode: 'RSSMRA80A01H501U', isApplicant: true, signingTime: '2026-03-01T09:30:00.000Z', intact }],
  chainChecked: false,
});

describe.each(testDatabases())('documents in the recap and the office e-mail on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const [who, code] of [
      ['giulia', 'BNCGLI85M41F205B'],
      ['mario', 'RSSMRA80A01H501U'],
    ] as const) {
      token[who] = (await signIn(t.app, BASE, 'FO', who)).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${code}`, headers: { authorization: `Bearer ${token[who]}` } });
    }
    token.luca = (await signIn(t.app, BASE, 'BO', 'luca')).access_token;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const db = () => t.database.db;
  const get = (url: string, who: string, lang: string) => t.app.inject({ url: `/api${url}?lang=${lang}`, headers: { authorization: `Bearer ${token[who]}` } });

  /** A stored document of `requestId`, written as an upload leaves it. */
  async function store(requestId: number, requirementCode: string, fileName: string, size: number, signature: SignatureReport | null) {
    const owner = await db().selectFrom('requests').select('user_id').where('request_id', '=', requestId).executeTakeFirstOrThrow();
    const hash = hashOf(`${requestId}:${fileName}`);
    await db()
      .insertInto('attachment')
      .values({
        request_id: requestId,
        requirement_code: requirementCode,
        file_name: fileName,
        storage_name: fileName,
        mime_type: signature ? 'application/pkcs7-mime' : 'application/pdf',
        size,
        hash,
        signature: signature === null ? null : JSON.stringify(signature),
        pdfa_claimed: null,
        owner_user_id: owner.user_id,
        status: 'stored',
        sent: true,
      })
      .execute();
    return hash;
  }

  it('lists each document in the recap, citizen’s and office’s, in Italian and English, with its full SHA-256', async () => {
    const list = (await get(ApiPaths.requestList, 'giulia', 'it')).json() as RequestListResponse;
    const request = list.requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.REJECTED)!;
    // The recap before the documents: they arrive without a new version, and the next recap shows them.
    expect(pdfText((await get(apiPath('requestPdf', { id: request.requestId }), 'giulia', 'it')).rawPayload)).toContain('Nessun documento allegato.');

    const form = await store(request.requestId, 'SCIA_FORM', 'modulo-scia.pdf.p7m', 52_429, signed(true));
    const plan = await store(request.requestId, 'FLOOR_PLAN', 'planimetria.pdf', 2_097_152, null);
    const broken = await store(request.requestId, 'SCIA_FORM', 'modulo-alterato.pdf.p7m', 1_000, signed(false));

    const italian = pdfText((await get(apiPath('requestPdf', { id: request.requestId }), 'giulia', 'it')).rawPayload);
    expect(italian).toContain('Documenti allegati');
    expect(italian).not.toContain('Nessun documento allegato.');
    expect(italian).toContain('Modulo SCIA / istanza');
    expect(italian).toContain('Planimetria dei locali');
    expect(italian).toContain('File: modulo-scia.pdf.p7m');
    expect(italian).toContain('Dimensione: 51,2 KB');
    expect(italian).toContain('Dimensione: 2 MB');
    for (const hash of [form, plan, broken]) expect(italian).toContain(hash);
    // pdftotext breaks lines where the PDF does: the signature's line is read with its breaks joined.
    const flat = italian.replace(/\s+/g, ' ');
    expect(flat).toContain('Firma: Firmato CAdES da Mario Rossi (richiedente), firma integra; certificato non verificato sulla lista di fiducia UE');
    expect(flat).toContain('Firma: non firmato');
    expect(flat).toContain('firma non integra');

    const en = pdfText((await get(apiPath('requestPdf', { id: request.requestId }), 'giulia', 'en')).rawPayload).replace(/\s+/g, ' ');
    expect(en).toContain('Attached documents');
    expect(en).toContain('SCIA form / application');
    expect(en).toContain('Size: 51.2 KB');
    expect(en).toContain('Signed (CAdES) by Mario Rossi (applicant), signature intact; certificate not checked against the EU trusted list');
    expect(en).toContain('Signature: not signed');
    expect(en).toContain('signature not intact');
    expect(en).toContain(plan);

    // The office's copy (the desk's path) lists the same.
    const staff = pdfText((await get(apiPath('boRequestPdf', { id: request.requestId }), 'luca', 'it')).rawPayload);
    for (const hash of [form, plan, broken]) expect(staff).toContain(hash);
  });

  it('lists the documents sent in the office’s e-mail (requirement, file, size, SHA-256), not the files', async () => {
    const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
      t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token.mario}` }, payload: payload as object });
    const draft = (
      (await call('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } })).json() as RequestResponse
    ).request;
    const suap = await db().selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', ROME).executeTakeFirstOrThrow();
    const ini = await db().selectFrom('iniziative').select('iniziative_id').where('activity_it', '=', 'Bar e ristorante').executeTakeFirstOrThrow();
    // Every document the initiative requires, so the send is accepted; the form signed by Mario.
    const required = await db()
      .selectFrom('iniziative_requirement')
      .select('requirement_code')
      .where('iniziative_id', '=', ini.iniziative_id)
      .where('required', '=', true)
      .execute();
    const hashes: string[] = [];
    for (const { requirement_code: code } of required) {
      hashes.push(await store(draft.requestId, code, `${code.toLowerCase()}.pdf`, 10_240, code === 'SCIA_FORM' ? signed(true) : null));
    }
    await db().updateTable('attachment').set({ sent: false }).where('request_id', '=', draft.requestId).execute();
    const response = await call('PUT', apiPath('request', { id: draft.requestId }), {
      ...draft,
      suap: { suapId: suap.suap_id },
      municipalityId: ROME,
      iniziative: { iniziativeId: ini.iniziative_id },
      personalData: {
        firstName: 'Mario',
        lastName: 'Rossi',
        fiscalCode: 'RSSMRA80A01H501U',
        business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
        activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
      },
      stateOfRequest: { stateOfRequestId: RequestState.SENT },
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = (response.json() as RequestResponse).request as SuapRequest;
    const office = await db()
      .selectFrom('outbox')
      .select(['body_text', 'attachment_name'])
      .where('request_id', '=', sent.requestId)
      .where('kind', '=', 'office-new-request')
      .executeTakeFirstOrThrow();
    expect(required.length).toBeGreaterThan(0);
    expect(office.body_text).toContain(`Documenti allegati (${required.length}), da scaricare dalla scrivania del portale:`);
    for (const hash of hashes) expect(office.body_text).toContain(`Impronta SHA-256: ${hash}`);
    // A bar's SCIA needs its form (the catalogue's seed): signed by the applicant.
    expect(required.map((r) => r.requirement_code)).toContain('SCIA_FORM');
    expect(office.body_text).toMatch(/^\d\. Modulo SCIA \/ istanza: scia_form\.pdf \(10 KB\)$/m);
    expect(office.body_text).toContain(
      'Firma: Firmato CAdES da Mario Rossi (richiedente), firma integra; certificato non verificato sulla lista di fiducia UE',
    );
    expect(office.body_text).toContain('Firma: non firmato');
    // The recap is the only file attached.
    expect(office.attachment_name).toBe(`riepilogo-richiesta-${sent.requestId}.pdf`);
  });
});
