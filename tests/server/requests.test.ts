import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { ErrorStatus } from '#shared/api/errors.ts';
import type { RequestListResponse, RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { DEFAULT_DRAFT_RETENTION_DAYS, RequestState } from '#shared/constants.ts';
import { addDays, officeToday } from '#shared/dates.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { storeRequiredDocuments } from './support/documents.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const ROME = 58091;
const MILAN = 15146;
const MARIO = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' };
/** The business's address in the municipality of the activity (Rome). */
const ACTIVITY_ADDRESS = { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' };

describe.each(testDatabases())('front-office requests on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let romeOffice: number;
  let milanOffice: number;
  let externalOffice: number;
  let barInitiative: number;

  beforeAll(async () => {
    // Mario starts far more drafts here than the cap on open drafts allows (tests/server/draft-cap.test.ts).
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, MAX_OPEN_DRAFTS: '1000' });
    for (const [who, code] of [
      ['mario', MARIO.fiscalCode],
      ['giulia', 'BNCGLI85M41F205B'],
    ] as const) {
      token[who] = (await signIn(t.app, BASE, 'FO', who)).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${code}`, headers: { authorization: `Bearer ${token[who]}` } });
    }
    token.anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    const db = t.database.db;
    const officeOf = async (municipality: number) =>
      (await db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', municipality).executeTakeFirstOrThrow()).suap_id;
    romeOffice = await officeOf(ROME);
    milanOffice = await officeOf(MILAN);
    externalOffice = (await db.selectFrom('suap').select('suap_id').where('type', '=', 'EXT').executeTakeFirstOrThrow()).suap_id;
    barInitiative = (await db.selectFrom('iniziative').select('iniziative_id').where('activity_it', '=', 'Bar e ristorante').executeTakeFirstOrThrow())
      .iniziative_id;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? { authorization: `Bearer ${token[who]}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const stored = (id: number) => t.database.db.selectFrom('requests').selectAll().where('request_id', '=', id).executeTakeFirstOrThrow();
  const historyOf = (id: number) =>
    t.database.db.selectFrom('request_history').select(['from_state', 'to_state']).where('request_id', '=', id).orderBy('history_id').execute();

  const newDraft = async (who = 'mario'): Promise<SuapRequest> => {
    const response = await call('POST', ApiPaths.requestCreate, who, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } });
    expect(response.statusCode).toBe(200);
    const draft = (response.json() as RequestResponse).request;
    // The bar's required documents, so a send is refused only for what each test means (documents.test.ts tests them).
    await storeRequiredDocuments(t.database.db, draft.requestId, barInitiative);
    return draft;
  };
  const complete = (draft: SuapRequest) => ({
    ...draft,
    suap: { suapId: romeOffice },
    municipalityId: ROME,
    iniziative: { iniziativeId: barInitiative },
    personalData: {
      ...MARIO,
      email: 'mario.rossi@example.org',
      dateOfBirth: '1980-01-01',
      business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
      activityAddress: ACTIVITY_ADDRESS,
    },
  });

  it('starts a new request as a draft of the startup service for the caller', async () => {
    const draft = await newDraft();
    expect(draft).toMatchObject({
      stateOfRequest: { stateOfRequestId: RequestState.DRAFT },
      typeOfService: { typeOfServiceId: 1 },
      user: { firstName: 'Mario' },
      version: 1,
    });
    // The limit is a calendar day (Europe/Rome), like the ones staff set: the retention's days after today.
    expect(draft.storageLimit).toBe(addDays(officeToday(), DEFAULT_DRAFT_RETENTION_DAYS));
    expect(await historyOf(draft.requestId)).toEqual([{ from_state: null, to_state: RequestState.DRAFT }]);
  });

  it('lists only the caller’s own requests, newest first', async () => {
    const listed = await call('GET', ApiPaths.requestList, 'giulia');
    expect(listed.statusCode, listed.body).toBe(200);
    const giulia = listed.json() as RequestListResponse;
    expect(giulia.requestList.length).toBeGreaterThanOrEqual(5);
    expect(new Set(giulia.requestList.map((r) => r.stateOfRequest.stateOfRequestId))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(giulia.requestList.every((r) => r.user.firstName === 'Giulia')).toBe(true);
    const ids = giulia.requestList.map((r) => r.requestId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const giuliaId = giulia.requestList[0]!.user.userId;
    // Spec §5: another person's id answers like an unknown one, an empty list saying "No Requests".
    const foreign = await call('GET', `${ApiPaths.requestList}?userId=${giuliaId}`, 'mario');
    expect(foreign.json()).toMatchObject({ code: 200, message: 'No Requests', totalResults: 0, requestList: [] });
    // The demo drafts expire like any draft (default retention); other states have no limit.
    for (const r of giulia.requestList) {
      expect(r.storageLimit === null).toBe(r.stateOfRequest.stateOfRequestId !== RequestState.DRAFT);
      if (r.storageLimit) expect(r.storageLimit > officeToday()).toBe(true);
    }
  });

  it('saves a step with the version it started from, and refuses a stale copy without changing anything', async () => {
    const draft = await newDraft();
    const first = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', { ...draft, suap: { suapId: romeOffice }, municipalityId: ROME });
    expect(first.statusCode).toBe(200);
    const saved = (first.json() as RequestResponse).request;
    expect(saved).toMatchObject({ version: 2, suap: { suapId: romeOffice } });

    const before = await stored(draft.requestId);
    // A second tab still holding version 1 tries to save.
    const stale = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', { ...draft, municipalityId: null, suap: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 409,
      message: 'Conflict',
      errorKey: 'stale-version',
      description: 'The request changed elsewhere (version 2, yours 1): reload the latest version.',
    });
    // Sending that stale copy is refused the same way.
    const staleSend = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', {
      ...complete(draft),
      stateOfRequest: { stateOfRequestId: RequestState.SENT },
    });
    expect(staleSend.json()).toMatchObject({ code: 409, errorKey: 'stale-version' });
    expect(await stored(draft.requestId)).toEqual(before);
  });

  it('says a draft deleted in another tab was deleted, when the first tab saves or deletes it, changing nothing', async () => {
    const draft = await newDraft();
    expect((await call('DELETE', apiPath('request', { id: draft.requestId }), 'mario')).statusCode).toBe(200);
    const before = await stored(draft.requestId);
    const save = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', { ...draft, suap: { suapId: romeOffice }, municipalityId: ROME });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toEqual({
      code: 409,
      message: 'Conflict',
      description: 'The draft was deleted: it can no longer be changed.',
      errorKey: 'draft-deleted',
    });
    const again = await call('DELETE', apiPath('request', { id: draft.requestId }), 'mario');
    expect(again.json()).toMatchObject({ code: 409, errorKey: 'draft-deleted' });
    expect(await stored(draft.requestId)).toEqual(before);
    // Someone else's deleted draft still answers like a missing one.
    expect((await call('PUT', apiPath('request', { id: draft.requestId }), 'giulia', draft)).statusCode).toBe(404);
  });

  it('sends a complete draft through the lifecycle: state 3, sent date, the pratica started, history', async () => {
    const draft = await newDraft();
    const response = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', {
      ...complete(draft),
      stateOfRequest: { stateOfRequestId: RequestState.SENT },
    });
    expect(response.statusCode).toBe(200);
    const row = await stored(draft.requestId);
    expect(row.state_of_request_id).toBe(RequestState.SENT);
    expect(row.sent_request_date).not.toBeNull();
    expect(await historyOf(draft.requestId)).toEqual([
      { from_state: null, to_state: RequestState.DRAFT },
      { from_state: RequestState.DRAFT, to_state: RequestState.SENT },
    ]);
    // The machine received it: its event in the history, its terms from today, its national state name.
    const sent = (response.json() as RequestResponse).request;
    expect(sent).toMatchObject({ version: draft.version + 1, ssuState: 'presented', pratica: { receivedOn: expect.any(String), assigneeId: null } });
    expect(sent.history?.map((entry) => entry.event)).toEqual([null, 'SEND']);
    expect(row.pratica).toEqual(sent.pratica);
    // A sent request no longer changes or disappears.
    const before = await stored(draft.requestId);
    const changed = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', { ...sent, partitaIva: '01234567897' });
    expect(changed.json()).toEqual({ code: 409, message: 'Conflict', description: 'Only a draft can be changed.', errorKey: 'conflict' });
    const deleted = await call('DELETE', apiPath('request', { id: draft.requestId }), 'mario');
    expect(deleted.json()).toEqual({
      code: 409,
      message: 'Conflict',
      description: 'Not possible now: DELETE is not possible in state presented.',
      errorKey: 'transition-not-allowed',
    });
    expect(await stored(draft.requestId)).toEqual(before);
  });

  it('refuses to send an incomplete draft', async () => {
    const draft = await newDraft();
    const before = await stored(draft.requestId);
    const response = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', {
      ...draft,
      stateOfRequest: { stateOfRequestId: RequestState.SENT },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toMatch(/iniziative.*suap.*personalData/);
    expect(await stored(draft.requestId)).toEqual(before);
  });

  it("refuses to send a draft without the municipality of the activity or the business's address, changing nothing", async () => {
    const draft = await newDraft();
    const before = await stored(draft.requestId);
    const send = (body: object) =>
      call('PUT', apiPath('request', { id: draft.requestId }), 'mario', { ...body, stateOfRequest: { stateOfRequestId: RequestState.SENT } });
    // Without a municipality the office is not checked against one: the send names what is missing.
    const noPlace = await send({ ...complete(draft), municipalityId: null });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().description).toBe('The draft is not complete: municipalityId.');
    const full = complete(draft);
    const noAddress = await send({ ...full, personalData: { ...full.personalData, activityAddress: null } });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().description).toBe('The draft is not complete: personalData.activityAddress.');
    // An office found by free search that does not serve the municipality is refused at send too.
    const elsewhere = await send({ ...full, suap: { suapId: milanOffice } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ field: 'suap', description: 'suap: the office does not serve the chosen municipality.' });
    expect(await stored(draft.requestId)).toEqual(before);
  });

  it("reads back the municipality of the activity by name, and the business's address", async () => {
    const draft = await newDraft();
    const saved = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', complete(draft));
    expect(saved.statusCode).toBe(200);
    const expected = {
      municipalityId: ROME,
      municipality: { municipalityId: ROME, nameIt: 'Roma', province: { code: 'RM' } },
      personalData: { activityAddress: ACTIVITY_ADDRESS },
    };
    expect((saved.json() as RequestResponse).request).toMatchObject(expected);
    const read = await call('GET', apiPath('request', { id: draft.requestId }), 'mario');
    expect((read.json() as RequestResponse).request).toMatchObject(expected);
  });

  it('deletes a draft by moving it to the deleted state', async () => {
    const draft = await newDraft();
    expect((await call('DELETE', apiPath('request', { id: draft.requestId }), 'mario')).statusCode).toBe(200);
    expect((await stored(draft.requestId)).state_of_request_id).toBe(RequestState.DELETED);
    expect((await historyOf(draft.requestId)).at(-1)).toEqual({ from_state: RequestState.DRAFT, to_state: RequestState.DELETED });
  });

  describe('bad input gets its 4xx envelope and leaves the stored request unchanged', () => {
    // The last column: the field the answer names (`field`, and its description's first words).
    const cases: [string, (d: SuapRequest) => unknown, number, string | null][] = [
      ['notification address not an e-mail', (d) => ({ ...d, procedureNotification: { type: 1, value: 'not-an-email' } }), 400, 'procedureNotification.value'],
      ['notification type unknown', (d) => ({ ...d, procedureNotification: { type: 7, value: 'a@b.it' } }), 400, 'procedureNotification.type'],
      [
        'notification address too long',
        (d) => ({ ...d, procedureNotification: { type: 1, value: `${'a'.repeat(250)}@example.org` } }),
        400,
        'procedureNotification.value',
      ],
      ['VAT number with letters', (d) => ({ ...d, partitaIva: '1234567890A' }), 400, 'partitaIva'],
      ['VAT number of the wrong length', (d) => ({ ...d, partitaIva: '123' }), 400, 'partitaIva'],
      ['first name with digits', (d) => ({ ...d, personalData: { ...MARIO, firstName: 'M4rio' } }), 400, 'personalData.firstName'],
      ['first name with markup', (d) => ({ ...d, personalData: { ...MARIO, firstName: '<img src=x onerror=alert(1)>' } }), 400, 'personalData.firstName'],
      ['last name too long', (d) => ({ ...d, personalData: { ...MARIO, lastName: 'R'.repeat(101) } }), 400, 'personalData.lastName'],
      ['fiscal code malformed', (d) => ({ ...d, personalData: { ...MARIO, fiscalCode: 'RSSMRA80' } }), 400, 'personalData.fiscalCode'],
      ['zip code of 4 digits', (d) => ({ ...d, personalData: { ...MARIO, zipCode: '0018' } }), 400, 'personalData.zipCode'],
      [
        'business postcode of 4 digits',
        (d) => ({ ...d, personalData: { ...MARIO, activityAddress: { ...ACTIVITY_ADDRESS, zipCode: '0018' } } }),
        400,
        'personalData.activityAddress.zipCode',
      ],
      [
        'business street with markup',
        (d) => ({ ...d, personalData: { ...MARIO, activityAddress: { ...ACTIVITY_ADDRESS, street: '<b>Via</b>' } } }),
        400,
        'personalData.activityAddress.street',
      ],
      [
        'business address without its number',
        (d) => ({ ...d, personalData: { ...MARIO, activityAddress: { street: 'Via del Corso', zipCode: '00186' } } }),
        400,
        'personalData.activityAddress',
      ],
      ['telephone with letters', (d) => ({ ...d, personalData: { ...MARIO, telephone: '06-CALLME' } }), 400, 'personalData.telephone'],
      ['unknown personal-data field', (d) => ({ ...d, personalData: { ...MARIO, role: 'admin' } }), 400, 'personalData.role'],
      // The applicant is the caller: another person's name or fiscal code is refused, whoever it is.
      [
        'personal data of another person',
        (d) => ({ ...d, personalData: { ...MARIO, firstName: 'Giulia', lastName: 'Bianchi', fiscalCode: 'BNCGLI85M41F205B' } }),
        400,
        'personalData.fiscalCode',
      ],
      [
        'own name with another person’s fiscal code',
        (d) => ({ ...d, personalData: { ...MARIO, fiscalCode: 'BNCGLI85M41F205B' } }),
        400,
        'personalData.fiscalCode',
      ],
      ['another person’s name with own fiscal code', (d) => ({ ...d, personalData: { ...MARIO, lastName: 'Bianchi' } }), 400, 'personalData.firstName'],
      ['date of birth before 1900', (d) => ({ ...d, personalData: { ...MARIO, dateOfBirth: '1899-12-31' } }), 400, 'personalData.dateOfBirth'],
      ['date of birth in the future', (d) => ({ ...d, personalData: { ...MARIO, dateOfBirth: '2999-01-01' } }), 400, 'personalData.dateOfBirth'],
      ['suap id of the wrong type', (d) => ({ ...d, suap: { suapId: 'rome' } }), 400, 'suap.suapId'],
      ['unknown office', (d) => ({ ...d, suap: { suapId: 999999 } }), 400, 'suap'],
      ['office not serving the municipality', (d) => ({ ...d, suap: { suapId: milanOffice }, municipalityId: ROME }), 400, 'suap'],
      ['external office', (d) => ({ ...d, suap: { suapId: externalOffice } }), 400, 'suap'],
      ['unknown initiative', (d) => ({ ...d, iniziative: { iniziativeId: 999999 } }), 400, 'iniziative'],
      ['unknown municipality', (d) => ({ ...d, municipalityId: 999999 }), 400, 'municipalityId'],
      ['move to accepted', (d) => ({ ...d, stateOfRequest: { stateOfRequestId: RequestState.ACCEPTED } }), 400, 'stateOfRequest'],
      ['version missing', (d) => ({ ...d, version: undefined }), 400, 'version'],
      ['version as text', (d) => ({ ...d, version: 'one' }), 400, 'version'],
      ['requestId of another request', (d) => ({ ...d, requestId: d.requestId + 1 }), 400, 'requestId'],
      ['body not an object', () => [1, 2, 3], 400, null],
    ];
    it.each(cases)('%s', async (_label, mutate, status, field) => {
      const draft = await newDraft();
      const before = await stored(draft.requestId);
      const response = await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', mutate(draft));
      expect(response.statusCode).toBe(status);
      const { field: named, ...envelope } = response.json() as ErrorStatus;
      expect(Object.keys(envelope).sort()).toEqual(['code', 'description', 'errorKey', 'message']);
      expect(named ?? null).toBe(field);
      if (field) expect(envelope.description.startsWith(`${field}: `)).toBe(true);
      expect(await stored(draft.requestId)).toEqual(before);
    });

    it('another citizen’s request: 404 on read, write and delete, as if missing, nothing changed', async () => {
      const draft = await newDraft('giulia');
      const before = await stored(draft.requestId);
      expect((await call('GET', apiPath('request', { id: draft.requestId }), 'mario')).statusCode).toBe(404);
      expect((await call('PUT', apiPath('request', { id: draft.requestId }), 'mario', { ...draft, partitaIva: '01234567897' })).statusCode).toBe(404);
      expect((await call('DELETE', apiPath('request', { id: draft.requestId }), 'mario')).statusCode).toBe(404);
      expect(await stored(draft.requestId)).toEqual(before);
    });

    it('a missing request: 404; a non-numeric id: 400; no token: 401; a staff token: 401', async () => {
      expect((await call('GET', apiPath('request', { id: 99999999 }), 'mario')).statusCode).toBe(404);
      expect((await call('GET', '/suap/v1/request/abc', 'mario')).statusCode).toBe(400);
      expect((await call('GET', ApiPaths.requestList, null)).statusCode).toBe(401);
      expect((await call('GET', ApiPaths.requestList, 'anna')).statusCode).toBe(401);
    });
  });
});
