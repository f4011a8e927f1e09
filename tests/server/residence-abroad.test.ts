// A residence abroad (src/shared/api/residence-abroad.ts): the personal data keep the country (a
// foreign state of the list), the city and the address; the PDF recap shows them in one line. A
// country that is not a foreign state of the list (Italy, an unknown code) is refused with 400 and
// changes nothing stored.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const MARIO = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' };
const PARIS = { country: 'FR', city: 'Paris', address: '12 Rue de Rivoli' };

function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `abroad-${process.pid}-${Math.random()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe.each(testDatabases())('a residence abroad on $kind', ({ open }) => {
  let t: TestApp;
  let token: string;
  let draft: SuapRequest;

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, MAX_OPEN_DRAFTS: '1000' });
    token = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${MARIO.fiscalCode}`, headers: { authorization: `Bearer ${token}` } });
    const created = await call('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } });
    expect(created.statusCode, created.body).toBe(200);
    draft = (created.json() as RequestResponse).request;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  }
  const stored = async () =>
    await t.database.db.selectFrom('requests').select(['personal_data', 'version']).where('request_id', '=', draft.requestId).executeTakeFirstOrThrow();

  it('keeps the country, city and address, and shows them on the PDF recap', async () => {
    const saved = await call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, personalData: { ...MARIO, residenceAbroad: PARIS } });
    expect(saved.statusCode, saved.body).toBe(200);
    draft = (saved.json() as RequestResponse).request;
    const read = (await call('GET', apiPath('request', { id: draft.requestId }))).json() as RequestResponse;
    expect(read.request.personalData?.residenceAbroad).toEqual(PARIS);

    const pdf = await t.app.inject({ url: `/api${apiPath('requestPdf', { id: draft.requestId })}?lang=it`, headers: { authorization: `Bearer ${token}` } });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Residenza all');
    expect(text).toContain('12 Rue de Rivoli, Paris, Francia');
  });

  it.each([
    ['Italy, which is the step’s Italian residence', { ...PARIS, country: 'IT' }],
    ['a code that names no state', { ...PARIS, country: 'ZZ' }],
    ['a city with digits', { ...PARIS, city: 'Paris 75001' }],
    ['an empty address', { ...PARIS, address: '' }],
    ['a field the residence does not have', { ...PARIS, zipCode: '75001' }],
  ])('refuses %s with 400 and changes nothing', async (_, residenceAbroad) => {
    const before = await stored();
    const response = await call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, personalData: { ...MARIO, residenceAbroad } });
    expect(response.statusCode, response.body).toBe(400);
    expect(await stored()).toEqual(before);
  });
});
