// Who the business is (docs/architecture.md "Who the business is"): the server checks a company's
// data and its VAT number's check digit on every write, requires the business at send, and asks the
// legal-representative register again at send with the verified caller's fiscal code: a KO refuses
// the send and changes nothing; without a register the self-declaration is recorded as such.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { storeRequiredDocuments } from './support/documents.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3998';
const ROME = 58091;
const MARIO = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' };
/** Where the business is, which a sent request also needs (docs/architecture.md). */
const ADDRESS = { activityAddress: { street: 'Via Roma', streetNumber: '12', zipCode: '00185' } };
const GIULIA_CODE = 'BNCGLI85M41F205B';
/** Mario's demo company (src/server/db/seed/people.ts) and Giulia's, which Mario does not represent. */
const BAR_ROSSI = '09876543217';
const CAFFE_BIANCHI = '01234567897';
const company = (partitaIva: string) => ({
  personalData: {
    ...MARIO,
    ...ADDRESS,
    business: {
      kind: 'company',
      name: 'Bar Rossi S.n.c.',
      legalForm: 'snc',
      pec: 'bar.rossi@pec.example.org',
      atecoCode: '56.30.00',
      role: 'legal-representative',
    },
  },
  partitaIva,
});

/** The recap's text as pdftotext (Debian's poppler-utils) reads it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `business-recap-${process.pid}-${Math.random()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function appWith(open: () => Promise<Parameters<typeof startTestApp>[0]>, env: Record<string, string> = {}) {
  const t = await startTestApp(await open(), { PUBLIC_URL: BASE, MAX_OPEN_DRAFTS: '1000', ...env });
  const token = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
  await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${MARIO.fiscalCode}`, headers: { authorization: `Bearer ${token}` } });
  const db = t.database.db;
  const office = (await db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', ROME).executeTakeFirstOrThrow()).suap_id;
  const initiative = (await db.selectFrom('iniziative').select('iniziative_id').where('activity_it', '=', 'Bar e ristorante').executeTakeFirstOrThrow())
    .iniziative_id;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const newDraft = async (): Promise<SuapRequest> => {
    const response = await call('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } });
    expect(response.statusCode, response.body).toBe(200);
    const draft = (response.json() as RequestResponse).request;
    // The bar's required documents, conditional ones included: these sends test who the business is.
    await storeRequiredDocuments(db, draft.requestId, initiative);
    return draft;
  };
  const sendable = (draft: SuapRequest, extra: object) => ({
    ...draft,
    suap: { suapId: office },
    municipalityId: ROME,
    iniziative: { iniziativeId: initiative },
    ...extra,
    stateOfRequest: { stateOfRequestId: RequestState.SENT },
  });
  const stored = (id: number) => db.selectFrom('requests').selectAll().where('request_id', '=', id).executeTakeFirstOrThrow();
  return { t, call, newDraft, sendable, stored };
}

describe.each(testDatabases())('who the business is, on $kind', ({ open }) => {
  let s: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    s = await appWith(open);
  });
  afterAll(async () => {
    await s.t.close();
    await s.t.database.close();
  });

  it('refuses a VAT number whose check digit is wrong, and a company without its PEC, changing nothing', async () => {
    const draft = await s.newDraft();
    const before = await s.stored(draft.requestId);
    const wrongDigit = await s.call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, ...company('12345678901') });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json()).toMatchObject({ field: 'partitaIva' });
    const noPec = company(BAR_ROSSI);
    noPec.personalData.business.pec = null as never;
    const withoutPec = await s.call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, ...noPec });
    expect(withoutPec.statusCode).toBe(400);
    expect(withoutPec.json()).toMatchObject({ field: 'personalData.business.pec' });
    const badAteco = await s.call('PUT', apiPath('request', { id: draft.requestId }), {
      ...draft,
      ...company(BAR_ROSSI),
      personalData: { ...company(BAR_ROSSI).personalData, business: { ...company(BAR_ROSSI).personalData.business, atecoCode: '5630' } },
    });
    expect(badAteco.statusCode).toBe(400);
    expect(await s.stored(draft.requestId)).toEqual(before);
  });

  it('keeps a valid company on a draft, with no check recorded until it is sent', async () => {
    const draft = await s.newDraft();
    const saved = await s.call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, ...company('00743110157') });
    expect(saved.statusCode, saved.body).toBe(200);
    const request = (saved.json() as RequestResponse).request;
    expect(request).toMatchObject({ partitaIva: '00743110157', personalData: { business: { kind: 'company', legalForm: 'snc' } }, legalRepCheck: null });
  });

  it('refuses to send without saying who the business is', async () => {
    const draft = await s.newDraft();
    const sent = await s.call('PUT', apiPath('request', { id: draft.requestId }), s.sendable(draft, { personalData: { ...MARIO, ...ADDRESS } }));
    expect(sent.statusCode).toBe(400);
    expect(sent.json().description).toContain('personalData.business');
    expect((await s.stored(draft.requestId)).state_of_request_id).toBe(RequestState.DRAFT);
  });

  it('refuses the send of a company the register does not name the caller for (KO), changing nothing', async () => {
    const draft = await s.newDraft();
    const before = await s.stored(draft.requestId);
    const sent = await s.call('PUT', apiPath('request', { id: draft.requestId }), s.sendable(draft, company(CAFFE_BIANCHI)));
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toMatchObject({ errorKey: 'legal-rep-not-confirmed', field: 'personalData.business.role' });
    expect(await s.stored(draft.requestId)).toEqual(before);
  });

  it("takes no check's outcome from the body: a draft claiming 'verified' stays unchecked, and its send still asks the register", async () => {
    const draft = await s.newDraft();
    const claimed = await s.call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, ...company(CAFFE_BIANCHI), legalRepCheck: 'verified' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await s.stored(draft.requestId)).legal_rep_check).toBeNull();
    const reread = (claimed.json() as RequestResponse).request;
    const sent = await s.call('PUT', apiPath('request', { id: draft.requestId }), { ...s.sendable(reread, company(CAFFE_BIANCHI)), legalRepCheck: 'verified' });
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toMatchObject({ errorKey: 'legal-rep-not-confirmed' });
    expect((await s.stored(draft.requestId)).state_of_request_id).toBe(RequestState.DRAFT);
  });

  it('sends a company whose legal representative the register confirms, recording it as verified', async () => {
    const draft = await s.newDraft();
    const sent = await s.call('PUT', apiPath('request', { id: draft.requestId }), s.sendable(draft, company(BAR_ROSSI)));
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as RequestResponse).request).toMatchObject({ stateOfRequest: { stateOfRequestId: RequestState.SENT }, legalRepCheck: 'verified' });
    expect((await s.stored(draft.requestId)).legal_rep_check).toBe('verified');
    // The PDF recap says who the business is and how the check ended.
    const recap = pdfText((await s.call('GET', apiPath('requestPdf', { id: draft.requestId }))).rawPayload);
    for (const line of ['Bar Rossi S.n.c.', 'S.n.c.', '09876543217', '56.30.00', 'legale rappresentante', 'verificato nel registro delle imprese'])
      expect(recap).toContain(line);
  });

  it('sends an intermediary or a sole trader with no check', async () => {
    for (const business of [
      { kind: 'company', name: 'Caffè Bianchi S.r.l.', legalForm: 'srl', pec: 'caffe@pec.example.org', atecoCode: '56.30.00', role: 'intermediary' },
      { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
    ]) {
      const draft = await s.newDraft();
      const partitaIva = business.kind === 'company' ? CAFFE_BIANCHI : null;
      const sent = await s.call(
        'PUT',
        apiPath('request', { id: draft.requestId }),
        s.sendable(draft, { personalData: { ...MARIO, ...ADDRESS, business }, partitaIva }),
      );
      expect(sent.statusCode, sent.body).toBe(200);
      expect((sent.json() as RequestResponse).request.legalRepCheck).toBeNull();
    }
  });

  it('answers check-legal-rep for the caller only: another person’s cfPersona is refused, never answered', async () => {
    const own = await s.call('GET', `${ApiPaths.checkLegalRep}?cfPersona=${MARIO.fiscalCode}&cfImpresa=${BAR_ROSSI}`);
    expect(own.json()).toMatchObject({ esito: 'OK' });
    expect(own.json().declared).toBeUndefined();
    const notHis = await s.call('GET', `${ApiPaths.checkLegalRep}?cfPersona=${MARIO.fiscalCode}&cfImpresa=${CAFFE_BIANCHI}`);
    expect(notHis.json()).toMatchObject({ esito: 'KO' });
    const asGiulia = await s.call('GET', `${ApiPaths.checkLegalRep}?cfPersona=${GIULIA_CODE}&cfImpresa=${CAFFE_BIANCHI}`);
    expect(asGiulia.statusCode).toBe(403);
  });
});

describe.each(testDatabases().slice(0, 1))('the legal-representative register a deployment configures, on $kind', ({ open }) => {
  it('without a register, records the self-declaration as declared, not verified', async () => {
    const s = await appWith(open, { LEGAL_REP_DEMO: 'false' });
    try {
      const answer = await s.call('GET', `${ApiPaths.checkLegalRep}?cfPersona=${MARIO.fiscalCode}&cfImpresa=${CAFFE_BIANCHI}`);
      expect(answer.json()).toMatchObject({ esito: 'OK', declared: true });
      const draft = await s.newDraft();
      const sent = await s.call('PUT', apiPath('request', { id: draft.requestId }), s.sendable(draft, company(CAFFE_BIANCHI)));
      expect(sent.statusCode, sent.body).toBe(200);
      expect((sent.json() as RequestResponse).request.legalRepCheck).toBe('declared');
      expect((await s.stored(draft.requestId)).legal_rep_check).toBe('declared');
      expect(pdfText((await s.call('GET', apiPath('requestPdf', { id: draft.requestId }))).rawPayload)).toContain('dichiarato, non verificato (DPR 445/2000)');
    } finally {
      await s.t.close();
      await s.t.database.close();
    }
  });

  it('asks the national service a deployment names, with the caller’s code, whatever the body says', async () => {
    const asked: URLSearchParams[] = [];
    const register = http.createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://register').searchParams;
      asked.push(query);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ esito: query.get('cfImpresa') === BAR_ROSSI ? 'OK' : 'KO' }));
    });
    await new Promise<void>((resolve) => register.listen(0, '127.0.0.1', resolve));
    const { port } = register.address() as AddressInfo;
    const s = await appWith(open, { LEGAL_REP_CHECK_URL: `http://127.0.0.1:${port}/acs/check-legal-rep` });
    try {
      const draft = await s.newDraft();
      const refused = await s.call('PUT', apiPath('request', { id: draft.requestId }), s.sendable(draft, company(CAFFE_BIANCHI)));
      expect(refused.statusCode).toBe(409);
      const sent = await s.call('PUT', apiPath('request', { id: draft.requestId }), s.sendable(draft, company(BAR_ROSSI)));
      expect(sent.statusCode, sent.body).toBe(200);
      expect((sent.json() as RequestResponse).request.legalRepCheck).toBe('verified');
      expect(asked.map((query) => query.get('cfPersona'))).toEqual([MARIO.fiscalCode, MARIO.fiscalCode]);
    } finally {
      await s.t.close();
      await s.t.database.close();
      register.close();
    }
  });
});
