// What a write may carry (docs/architecture.md, "No silent ignores" and "Free text"): free text
// without control or format characters, no field the contract does not know, and the fields the
// server owns and sends back (state, history, dates, ids) accepted when echoed but never read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoRequestListResponse, BoUserListResponse, BoUserResponse } from '#shared/api/back-office.ts';
import type { RequestResponse } from '#shared/api/requests.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import { RequestState } from '#shared/constants.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';

describe.each(testDatabases())('strict input on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    token.anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    token.giulia = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=BNCGLI85M41F205B`, headers: { authorization: `Bearer ${token.giulia}` } });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token[who]}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const stored = (id: number) => t.database.db.selectFrom('requests').selectAll().where('request_id', '=', id).executeTakeFirstOrThrow();
  const sentRequest = async () => {
    const list = (await call('GET', `${ApiPaths.boRequestList}?filter=Bianchi&size=100`, 'anna')).json() as BoRequestListResponse;
    return list.requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.SENT)!;
  };

  it('refuses an event note carrying a bidirectional override, and changes nothing', async () => {
    const sent = await sentRequest();
    const before = await stored(sent.requestId);
    for (const note of ['\u202Eevil', 'Manca la \u2067planimetria\u2069.', 'Tutto\u200F bene.', 'zero\u200Bwidth']) {
      const refused = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), 'anna', { type: 'CONCLUDE_NEGATIVE', note, version: sent.version });
      expect(refused.statusCode, JSON.stringify(note)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 400, errorKey: 'bad-request', field: 'note' });
    }
    expect(await stored(sent.requestId)).toEqual(before);
    // Several lines of real text still pass.
    const accepted = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), 'anna', {
      type: 'CONCLUDE_NEGATIVE',
      note: 'Manca la planimetria.\nServe anche la visura (12,50 €).',
      version: sent.version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  const requests = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newDraft = async () => {
    const created = await call('POST', ApiPaths.requestCreate, 'giulia', { procedureNotification: { type: 1, value: 'giulia@example.it' } });
    expect(created.statusCode, created.body).toBe(200);
    return (created.json() as RequestResponse).request;
  };

  it('refuses a new request naming a field the contract does not know, storing nothing', async () => {
    const before = await requests();
    for (const body of [
      { protocolNumber: 'A-1' },
      { procedureNotification: { type: 1, value: 'giulia@example.it', cc: 'x@example.it' } },
      { suap: { suapId: 1, owner: 'me' } },
    ]) {
      const refused = await call('POST', ApiPaths.requestCreate, 'giulia', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 400, errorKey: 'bad-request', description: expect.stringMatching(/protocolNumber|cc|owner/) });
    }
    expect(await requests()).toBe(before);
  });

  it('refuses a change naming an unknown field, changing nothing', async () => {
    const draft = await newDraft();
    const before = await stored(draft.requestId);
    const refused = await call('PUT', apiPath('request', { id: draft.requestId }), 'giulia', {
      ...draft,
      partitaIva: '01234567897',
      stateOfRequest: { ...draft.stateOfRequest, protocol: 'P-9' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().description).toMatch(/protocol/);
    expect(await stored(draft.requestId)).toEqual(before);
  });

  it('accepts the request echoed back whole, reading none of the fields the server owns', async () => {
    const draft = await newDraft();
    const read = (await call('GET', apiPath('request', { id: draft.requestId }), 'giulia')).json() as RequestResponse;
    const echoed = {
      ...read.request,
      partitaIva: '01234567897',
      // The server's own record, sent back altered: none of it may land.
      user: { ...read.request.user, firstName: 'Mallory' },
      updatedOn: '2000-01-01T00:00:00.000Z',
      sentRequestDate: '2000-01-01T00:00:00.000Z',
      decisionReason: 'Accettata da me stessa.',
      storageLimit: '2099-12-31',
      history: [],
      stateOfRequest: { ...read.request.stateOfRequest, descriptionIt: 'Accettata' },
      typeOfService: { ...read.request.typeOfService, nameIt: 'Altro' },
    };
    const saved = await call('PUT', apiPath('request', { id: draft.requestId }), 'giulia', echoed);
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await stored(draft.requestId);
    expect(row).toMatchObject({ partita_iva: '01234567897', state_of_request_id: RequestState.DRAFT, decision_reason: null, sent_request_date: null });
    expect(String(row.storage_limit)).not.toContain('2099');
    const after = (await call('GET', apiPath('request', { id: draft.requestId }), 'giulia')).json() as RequestResponse;
    expect(after.request.user.firstName).toBe('Giulia');
    expect(after.request.history?.length).toBeGreaterThan(0);
    expect(after.request.stateOfRequest.descriptionIt).toBe(read.request.stateOfRequest.descriptionIt);
  });

  it('takes a staff member echoed back whole, and refuses a field a user never had', async () => {
    const list = (await call('GET', `${ApiPaths.boUserList}?size=100`, 'anna')).json() as BoUserListResponse;
    const luca = list.userList.find((user) => user.firstName === 'Luca')!;
    const user = ((await call('GET', apiPath('boUser', { id: luca.userId }), 'anna')).json() as BoUserResponse).user;
    const refused = await call('PUT', ApiPaths.boUserModify, 'anna', { ...user, isSuperuser: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().description).toMatch(/isSuperuser/);
    const modified = await call('PUT', ApiPaths.boUserModify, 'anna', { ...user, dateOfBirth: '1900-01-01' });
    expect(modified.statusCode, modified.body).toBe(200);
    const row = await t.database.db.selectFrom('users').selectAll().where('user_id', '=', luca.userId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('1900-01-01');
  });
});
