// Property-based hostile input: for every route that reads input, any field replaced by a
// malformed, oversized, wrong-type or injection-shaped value gets an answer below 500 in the
// envelope, and an answer that refuses the input leaves the database exactly as it was.
import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuapRequest } from '#shared/api/requests.ts';
import type { Database } from '#server/db/schema.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const RUNS = Number(process.env.HOSTILE_RUNS || 40);

/** Values no field should choke on: injection shapes, traversal, confusables, NUL, huge, wrong types. */
const hostile = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    "'; DROP TABLE requests; --",
    '1; SELECT pg_sleep(10)',
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    'ＲＳＳＭＲＡ８０Ａ０１Ｈ５０１Ｕ',
    'Ꭱοѕѕі',
    'a\u0000b',
    '\u202Eevil',
    '%00',
    '${7*7}',
    '{{7*7}}',
    '',
    ' ',
    'null',
    'undefined',
    '-1',
    '0',
    '1e309',
    'NaN',
    '9'.repeat(40),
    '2147483648',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 2000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const hostileQueryValue = fc.oneof(
  hostile.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  fc.string(),
);

async function fingerprint(db: Kysely<Database>): Promise<string> {
  const tables = ['requests', 'request_history', 'users', 'user_audit', 'outbox', 'identity_subjects', 'suap', 'iniziative', 'municipalities'] as const;
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ h: string | null }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${sql.table(table)} t`.execute(db);
    parts.push(`${table}:${rows[0]?.h}`);
  }
  return parts.join(',');
}

describe.each(testDatabases())('hostile input on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let draft: SuapRequest;
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, RATE_LIMITS: 'false' });
    token.mario = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
    token.anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    await t.app.inject({ url: '/api/suap/v1/request/getUserInfo?fiscalCode=RSSMRA80A01H501U', headers: { authorization: `Bearer ${token.mario}` } });
    draft = (await t.app.inject({ method: 'POST', url: '/api/suap/v1/request', headers: { authorization: `Bearer ${token.mario}` }, payload: {} })).json()
      .request;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const checkAnswer = (status: number, body: string) => {
    expect(status, body).toBeLessThan(500);
    if (status < 400) return;
    // The envelope, and `field` only beside a description that names it first.
    const { field, ...envelope } = JSON.parse(body) as { field?: string; description: string };
    expect(Object.keys(envelope).sort()).toEqual(['code', 'description', 'errorKey', 'message']);
    if (field !== undefined) expect(envelope.description.startsWith(`${field}: `), body).toBe(true);
  };

  const queries: { url: string; params: string[]; who?: string }[] = [
    { url: '/api/suap/v1/anagrafica/iniziative/list', params: ['page', 'size', 'sort', 'sortField', 'sortType', 'filter', 'typeId', 'lang'] },
    { url: '/api/suap/v1/anagrafica/suap/list', params: ['page', 'size', 'sort', 'filter', 'type', 'municipalityId'] },
    { url: '/api/suap/v1/anagrafica/province/list', params: ['regionId'] },
    { url: '/api/suap/v1/anagrafica/municipality/list', params: ['provinceId'] },
    { url: '/api/suap/v1/request/getUserInfo', params: ['fiscalCode'], who: 'mario' },
    { url: '/api/suap/v1/request/list', params: ['userId', 'typeOfServiceId'], who: 'mario' },
    { url: '/api/evidencesuaprequestor/v1/acs/check-legal-rep', params: ['cfPersona', 'cfImpresa', 'ipaCode'], who: 'mario' },
    { url: '/api/suap/v1/backoffice/list', params: ['page', 'size', 'sort', 'filter'], who: 'anna' },
    { url: '/api/suap/v1/backoffice/user/getUserList', params: ['page', 'size', 'sort', 'filter'], who: 'anna' },
  ];
  for (const q of queries) {
    it(`query parameters of GET ${q.url}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...q.params), hostileQueryValue, async (param, value) => {
          const response = await t.app.inject({ url: q.url, query: { [param]: value }, headers: q.who ? { authorization: `Bearer ${token[q.who]}` } : {} });
          checkAnswer(response.statusCode, response.body);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('path ids of every object route', async () => {
    const paths = [
      '/api/suap/v1/request/%s',
      '/api/suap/v1/request/getPdfRecap/%s',
      '/api/suap/v1/backoffice/request/%s',
      '/api/suap/v1/backoffice/user/getUser/%s',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), hostileQueryValue, async (path, id) => {
        const who = path.includes('backoffice') ? 'anna' : 'mario';
        const response = await t.app.inject({ url: path.replace('%s', encodeURIComponent(id)), headers: { authorization: `Bearer ${token[who]}` } });
        checkAnswer(response.statusCode, response.body);
      }),
      { numRuns: RUNS },
    );
  });

  const bodies: { method: 'POST' | 'PUT' | 'DELETE'; url: () => string; who: string | null; base: () => Record<string, unknown>; fields: string[] }[] = [
    {
      method: 'POST',
      url: () => '/api/login/token',
      who: null,
      base: () => ({ grant_type: 'authorization_code', code: 'c', redirect_uri: `${BASE}/auth/callback` }),
      fields: ['grant_type', 'code', 'redirect_uri', 'code_verifier'],
    },
    { method: 'DELETE', url: () => '/api/usersession/v1/user-session/revoke', who: null, base: () => ({ accessToken: 'x' }), fields: ['accessToken'] },
    {
      method: 'POST',
      url: () => '/api/evidencesuaprequestor/v1/acs/check/pf',
      who: 'mario',
      base: () => ({
        nome: 'Mario',
        cognome: 'Rossi',
        dataNascita: '1980-01-01',
        statoNascita: 'Italia',
        comuneNascita: 'Roma',
        sesso: 'M',
        codiceFiscale: 'RSSMRA80A01H501U',
      }),
      fields: ['nome', 'cognome', 'dataNascita', 'statoNascita', 'comuneNascita', 'sesso', 'codiceFiscale'],
    },
    {
      method: 'POST',
      url: () => '/api/suap/v1/request',
      who: 'mario',
      base: () => ({ procedureNotification: { type: 1, value: 'a@b.it' } }),
      fields: ['typeOfService', 'stateOfRequest', 'suap', 'municipalityId', 'procedureNotification', 'iniziative', 'partitaIva', 'personalData'],
    },
    {
      method: 'PUT',
      url: () => `/api/suap/v1/request/${draft?.requestId ?? 0}`,
      who: 'mario',
      base: () => ({ ...draft }),
      fields: [
        'requestId',
        'version',
        'typeOfService',
        'stateOfRequest',
        'suap',
        'municipalityId',
        'procedureNotification',
        'iniziative',
        'partitaIva',
        'personalData',
      ],
    },
    {
      method: 'POST',
      url: () => `/api/suap/v1/backoffice/request/${draft?.requestId ?? 0}/event`,
      who: 'anna',
      base: () => ({ type: 'CONCLUDE_POSITIVE', note: 'Ok.', version: 1 }),
      fields: ['type', 'note', 'version', 'assigneeId', 'outcome'],
    },
    {
      method: 'POST',
      url: () => `/api/suap/v1/request/${draft?.requestId ?? 0}/event`,
      who: 'mario',
      base: () => ({ type: 'WITHDRAW', version: 1 }),
      fields: ['type', 'note', 'version'],
    },
    {
      method: 'PUT',
      url: () => `/api/suap/v1/backoffice/updateDraftStorageLimit/${draft?.requestId ?? 0}`,
      who: 'anna',
      base: () => ({ storageLimit: '2030-01-01' }),
      fields: ['storageLimit'],
    },
    {
      method: 'POST',
      url: () => '/api/suap/v1/backoffice/user/createUser',
      who: 'anna',
      base: () => ({ firstName: 'Nuovo', lastName: 'Utente', fiscalCode: 'RSSMRA80A01H501U', email: 'n@comune.example.org', profile: { profileId: 3 } }),
      fields: ['firstName', 'lastName', 'fiscalCode', 'email', 'profile', 'active'],
    },
    {
      method: 'PUT',
      url: () => '/api/suap/v1/backoffice/user/modifyUser',
      who: 'anna',
      base: () => ({
        userId: 1,
        firstName: 'Anna',
        lastName: 'Verdi',
        fiscalCode: 'VRDNNA75D52F839Y',
        email: 'anna.verdi@example.org',
        profile: { profileId: 2 },
      }),
      fields: ['userId', 'firstName', 'lastName', 'fiscalCode', 'email', 'profile', 'active'],
    },
  ];
  for (const b of bodies) {
    it(`body fields of ${b.method} ${b.url().replace(/\d+/g, '{id}')}: refused input changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...b.fields), hostile, async (field, value) => {
          const before = await fingerprint(t.database.db);
          const response = await t.app.inject({
            method: b.method,
            url: b.url(),
            headers: b.who ? { authorization: `Bearer ${token[b.who]}` } : {},
            payload: { ...b.base(), [field]: value },
          });
          checkAnswer(response.statusCode, response.body);
          if (response.statusCode >= 400) expect(await fingerprint(t.database.db)).toBe(before);
          // Keep the shared draft's version current for the next run.
          if (b.method === 'PUT' && b.url().startsWith('/api/suap/v1/request/') && response.statusCode === 200) draft = response.json().request;
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('an authorization code that is not visible ASCII (RFC 6749 VSCHAR) is bad input, before the provider is asked', async () => {
    for (const code of ['a\u0000b', 'código', 'a\nb']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login/token',
        payload: { grant_type: 'authorization_code', code, redirect_uri: `${BASE}/auth/callback` },
      });
      expect(response.statusCode, response.body).toBe(400);
      checkAnswer(response.statusCode, response.body);
    }
  });

  it('refuses bodies that are not JSON objects, and oversized bodies early', async () => {
    for (const payload of ['not json', '[1,2,3]', '"a string"', 'null', '{"a":']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/suap/v1/request',
        headers: { authorization: `Bearer ${token.mario}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      checkAnswer(response.statusCode, response.body);
    }
    const huge = JSON.stringify({ partitaIva: 'x'.repeat(300 * 1024) });
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/suap/v1/request',
      headers: { authorization: `Bearer ${token.mario}`, 'content-type': 'application/json' },
      payload: huge,
    });
    expect(tooBig.statusCode).toBe(413);
    checkAnswer(tooBig.statusCode, tooBig.body);
  });
});
