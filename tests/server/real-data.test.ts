// Real Italian contacts, addresses, phones and places (docs/architecture.md, "Patterns that accept
// real Italian data") are stored as typed: the server stays the authority, so these go through the
// same route schema the forms' rules come from, and come out unchanged in the PDF recap and in a
// notification's envelope. What such a value never is gets the 400 envelope naming its field.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import type { ErrorStatus } from '#shared/api/errors.ts';
import { NotificationContactType } from '#shared/constants.ts';
import { scrub } from '#server/logging.ts';
import { emlFolderTransport } from '#server/services/notifications/transports.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const MARIO = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' };

const ADDRESSES = [
  'Via Garibaldi 12/A',
  'Corso Italia 3-5',
  'Via dell’Orso 2',
  "Via dell'Orso 2",
  'Via Roma n° 12',
  'Via Roma n. 12',
  'Corso Italia 3–5',
  'Corte “La Rocca” 7',
  'Corte "La Rocca" 7',
];
const PHONES = ['06/1234567', '+39 06 1234567', '0471 123456', '06.1234567', '(06) 1234567', '+39 06 1234 5678', '347-1234567'];
const EMAILS = ["d'angelo@example.org", "mario.d'amico@pec.example.legal", 'studio.rossi@example.studio', 'info@example.email'];
const PLACES = ['Cavallino-Treporti', 'Bolzano/Bozen', 'Sant’Angelo Lodigiano', "Sant'Angelo Lodigiano", 'Ortisei/St. Ulrich'];

/** pdftotext from Debian's poppler-utils: the recap's text as a reader gets it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(os.tmpdir(), `real-data-${process.pid}-${Math.random()}.pdf`);
  await fs.writeFile(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    await fs.rm(file, { force: true });
  }
}

describe.each(testDatabases())('real contacts, addresses, phones and places on $kind', ({ open }) => {
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

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const newDraft = async (contact = 'mario.rossi@example.org', type: number = NotificationContactType.EMAIL): Promise<SuapRequest> => {
    const response = await call('POST', ApiPaths.requestCreate, { procedureNotification: { type, value: contact } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as RequestResponse).request;
  };
  const stored = async (id: number) =>
    await t.database.db.selectFrom('requests').select(['personal_data', 'procedure_notification']).where('request_id', '=', id).executeTakeFirstOrThrow();

  // Every value of each list appears in at least one row.
  const rows = Array.from({ length: Math.max(ADDRESSES.length, PHONES.length, EMAILS.length, PLACES.length) }, (_, i) => [
    ADDRESSES[i % ADDRESSES.length]!,
    PHONES[i % PHONES.length]!,
    EMAILS[i % EMAILS.length]!,
    PLACES[i % PLACES.length]!,
  ]);
  it.each(rows)('stores %s, phone %s, e-mail %s, residence %s exactly as typed', async (address, telephone, email, residenceMunicipality) => {
    const draft = await newDraft(email, NotificationContactType.PEC);
    expect(draft.procedureNotification).toEqual({ type: NotificationContactType.PEC, value: email });
    const personalData = { ...MARIO, address, telephone, email, residenceMunicipality, cityOfBirth: residenceMunicipality, zipCode: '00184' };
    const response = await call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, personalData });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as RequestResponse).request.personalData).toMatchObject(personalData);
    const row = await stored(draft.requestId);
    expect(row.personal_data).toMatchObject(personalData);
    expect(row.procedure_notification).toEqual({ type: NotificationContactType.PEC, value: email });
    expect((await call('GET', apiPath('request', { id: draft.requestId }))).json()).toMatchObject({
      request: { personalData, procedureNotification: { value: email } },
    });
  });

  it('prints the apostrophe, en dash, n° and quotes unchanged in the PDF recap', async () => {
    const personalData = { ...MARIO, email: "d'angelo@example.org", telephone: '(06) 1234567', address: 'Corso Italia n° 3–5, Corte “La Rocca”' };
    const draft = await newDraft("mario.d'amico@pec.example.legal", NotificationContactType.PEC);
    expect((await call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, personalData })).statusCode).toBe(200);
    const response = await call('GET', `${apiPath('requestPdf', { id: draft.requestId })}?lang=it`);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    for (const value of ["mario.d'amico@pec.example.legal", "d'angelo@example.org", '(06) 1234567', 'Corso Italia n° 3–5, Corte “La Rocca”'])
      expect(text).toContain(value);
  });

  it.each([
    ['an address with markup', { personalData: { ...MARIO, address: 'Via <b>Roma</b> 1' } }, 'personalData.address'],
    ['an address with a control character', { personalData: { ...MARIO, address: 'Via Roma\u202E 1' } }, 'personalData.address'],
    ['a phone with letters', { personalData: { ...MARIO, telephone: '06-CALLME' } }, 'personalData.telephone'],
    ['a phone of punctuation alone', { personalData: { ...MARIO, telephone: '(-)' } }, 'personalData.telephone'],
    ['an e-mail without a domain', { personalData: { ...MARIO, email: "d'angelo@example" } }, 'personalData.email'],
    [
      'a PEC with a double dot',
      { procedureNotification: { type: NotificationContactType.PEC, value: 'mario..rossi@pec.example.legal' } },
      'procedureNotification.value',
    ],
    ['a place with digits', { personalData: { ...MARIO, residenceMunicipality: 'Roma 2' } }, 'personalData.residenceMunicipality'],
  ])('still refuses %s with the 400 envelope naming the field, changing nothing', async (_label, bad, field) => {
    const draft = await newDraft();
    const before = await stored(draft.requestId);
    const response = await call('PUT', apiPath('request', { id: draft.requestId }), { ...draft, ...bad });
    expect(response.statusCode).toBe(400);
    const { field: named, ...envelope } = response.json() as ErrorStatus;
    expect(Object.keys(envelope).sort()).toEqual(['code', 'description', 'errorKey', 'message']);
    expect(named).toBe(field);
    expect(envelope.description.startsWith(`${field}: `)).toBe(true);
    expect(await stored(draft.requestId)).toEqual(before);
  });
});

describe('an address with an apostrophe on its way out', () => {
  it('reaches the notification envelope unchanged', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'real-data-mail-'));
    try {
      const send = emlFolderTransport(folder, 'suap@example.org');
      await send({
        messageId: 'real-data-1',
        to: "mario.d'amico@pec.example.legal",
        subject: 'Richiesta n. 1 – inviata',
        text: 'Via Roma n° 3–5',
        attachment: null,
      });
      const eml = await fs.readFile(path.join(folder, 'real-data-1.eml'), 'utf8');
      expect(eml).toMatch(/^To: mario\.d'amico@pec\.example\.legal$/m);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it('is hidden whole in the logs, apostrophe and top-level domain included', () => {
    expect(scrub("refused mario.d'amico@pec.example.legal and d'angelo@example.studio")).toBe('refused [email] and [email]');
  });
});
