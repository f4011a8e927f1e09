// Issue #14.1: what real Italian addresses, phones and places look like is stored as typed — the
// server stays the authority, so these go through the same route schema the forms' rules come from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const MARIO = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' };

const ADDRESSES = ['Via Garibaldi 12/A', 'Corso Italia 3-5', 'Via dell’Orso 2', "Via dell'Orso 2"];
const PHONES = ['06/1234567', '+39 06 1234567', '0471 123456'];
const PLACES = ['Cavallino-Treporti', 'Bolzano/Bozen', 'Sant’Angelo Lodigiano', "Sant'Angelo Lodigiano", 'Ortisei/St. Ulrich'];

describe.each(testDatabases())('real addresses, phones and places on $kind', ({ open }) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    token = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${MARIO.fiscalCode}`, headers: { authorization: `Bearer ${token}` } });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
  const newDraft = async (): Promise<SuapRequest> => {
    const response = await call('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } });
    expect(response.statusCode).toBe(200);
    return (response.json() as RequestResponse).request;
  };
  const stored = async (id: number) =>
    (await t.database.db.selectFrom('requests').select('personal_data').where('request_id', '=', id).executeTakeFirstOrThrow()).personal_data;

  // Every value of each list appears in at least one row.
  const rows = Array.from({ length: Math.max(ADDRESSES.length, PHONES.length, PLACES.length) }, (_, i) => [
    ADDRESSES[i % ADDRESSES.length]!,
    PHONES[i % PHONES.length]!,
    PLACES[i % PLACES.length]!,
  ]);
  it.each(rows)('stores %s, phone %s, residence %s exactly as typed', async (address, telephone, residenceMunicipality) => {
    const draft = await newDraft();
    const personalData = { ...MARIO, address, telephone, residenceMunicipality, cityOfBirth: residenceMunicipality, zipCode: '00184' };
    const response = await call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, personalData });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as RequestResponse).request.personalData).toMatchObject(personalData);
    expect(await stored(draft.requestId)).toMatchObject(personalData);
  });

  it.each([
    ['an address with markup', { address: 'Via <b>Roma</b> 1' }],
    ['a phone with letters', { telephone: '06-CALLME' }],
    ['a place with digits', { residenceMunicipality: 'Roma 2' }],
  ])('still refuses %s, changing nothing', async (_label, bad) => {
    const draft = await newDraft();
    const before = await stored(draft.requestId);
    const response = await call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, personalData: { ...MARIO, ...bad } });
    expect(response.statusCode).toBe(400);
    expect(await stored(draft.requestId)).toEqual(before);
  });
});
