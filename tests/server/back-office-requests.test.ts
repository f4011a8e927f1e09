import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoRequestListResponse, BoRequestResponse } from '#shared/api/back-office.ts';
import { addDays, addYears, officeToday } from '#shared/dates.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestListResponse, RequestResponse } from '#shared/api/requests.ts';
import { PageSize, RequestState, Role } from '#shared/constants.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';

describe.each(testDatabases())('back-office request desk on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const who of ['anna', 'luca', 'sara'] as const) token[who] = (await signIn(t.app, BASE, 'BO', who)).access_token;
    token.giulia = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=BNCGLI85M41F205B`, headers: { authorization: `Bearer ${token.giulia}` } });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? { authorization: `Bearer ${token[who]}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const list = async (query: string, who = 'anna') => {
    const response = await call('GET', `${ApiPaths.boRequestList}${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as BoRequestListResponse;
  };
  const stored = (id: number) => t.database.db.selectFrom('requests').selectAll().where('request_id', '=', id).executeTakeFirstOrThrow();
  const sentOfGiulia = async () => (await list('?filter=Bianchi&size=100')).requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.SENT)!;

  it('pages every request 5 at a time, newest first, for administrators and collaborators', async () => {
    const anna = await list('');
    expect(anna.requestList).toHaveLength(PageSize.requests);
    const ids = anna.requestList.map((r) => r.requestId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(anna.totalPages).toBe(Math.ceil(anna.totalResults / PageSize.requests));
    expect((await list('', 'luca')).totalResults).toBe(anna.totalResults);
    const counted = await t.database.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(anna.totalResults).toBe(Number(counted.n));
  });

  it('keeps the total right as citizens create requests', async () => {
    const before = (await list('')).totalResults;
    await t.app.inject({ method: 'POST', url: `/api${ApiPaths.requestCreate}`, headers: { authorization: `Bearer ${token.giulia}` }, payload: {} });
    expect((await list('')).totalResults).toBe(before + 1);
  });

  it('finds an applicant’s requests by name, and a request by its number', async () => {
    const bianchi = await list('?filter=Bianchi&size=100');
    expect(bianchi.totalResults).toBeGreaterThanOrEqual(5);
    expect(bianchi.requestList.every((r) => r.user.lastName === 'Bianchi')).toBe(true);
    const one = bianchi.requestList[2]!;
    // Digits of any length are a request number (zero-padded ones too).
    expect((await list(`?filter=${one.requestId}`)).requestList.map((r) => r.requestId)).toEqual([one.requestId]);
    expect((await list(`?filter=${String(one.requestId).padStart(6, '0')}`)).requestList.map((r) => r.requestId)).toEqual([one.requestId]);
    expect((await list('?filter=Nobodyhere')).totalResults).toBe(0);
  });

  it('finds an applicant by fiscal code (any case) and by full name, and filters by state', async () => {
    const byCode = await list('?filter=bncgli85m41f205b&size=50');
    expect(byCode.totalResults).toBeGreaterThan(0);
    expect(byCode.requestList.every((r) => r.user.fiscalCode === 'BNCGLI85M41F205B')).toBe(true);
    const byName = await list('?filter=Giulia%20Bianchi&size=50');
    expect(byName.requestList.map((r) => r.requestId).sort()).toEqual(byCode.requestList.map((r) => r.requestId).sort());
    expect((await list('?filter=ZZZZZZ00Z00Z000Z')).totalResults).toBe(0);

    const drafts = await list(`?state=${RequestState.DRAFT}&size=50`);
    expect(drafts.totalResults).toBeGreaterThan(0);
    expect(drafts.requestList.every((r) => r.stateOfRequest.stateOfRequestId === RequestState.DRAFT)).toBe(true);
    const counted = await t.database.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state_of_request_id', '=', RequestState.DRAFT)
      .executeTakeFirstOrThrow();
    expect(drafts.totalResults).toBe(Number(counted.n));
    for (const sort of ['sentRequestDate;desc', 'sentRequestDate;asc', 'firstName;asc', 'stateOfRequest;desc']) {
      const page = await list(`?state=${RequestState.SENT}&sort=${sort}&size=50`);
      expect(page.requestList.every((r) => r.stateOfRequest.stateOfRequestId === RequestState.SENT)).toBe(true);
    }
    const giuliaSent = await list(`?filter=BNCGLI85M41F205B&state=${RequestState.SENT}&size=50`);
    expect(giuliaSent.requestList.map((r) => r.requestId).sort()).toEqual(
      byCode.requestList
        .filter((r) => r.stateOfRequest.stateOfRequestId === RequestState.SENT)
        .map((r) => r.requestId)
        .sort(),
    );
    expect((await call('GET', `${ApiPaths.boRequestList}?state=16`, 'anna')).statusCode).toBe(400);
    const tooShort = await call('GET', `${ApiPaths.boRequestList}?filter=ab`, 'anna');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ field: 'filter', description: expect.stringMatching(/^filter: a search needs at least/) });
  });

  it('reports the total on a page past the end, with and without a search', async () => {
    const all = await list('');
    const beyond = await list(`?page=${all.totalPages + 1}`);
    expect(beyond.requestList).toEqual([]);
    expect(beyond.totalResults).toBe(all.totalResults);
    const bianchi = await list('?filter=Bianchi');
    const searchBeyond = await list(`?filter=Bianchi&page=${bianchi.totalPages + 1}`);
    expect(searchBeyond.requestList).toEqual([]);
    expect(searchBeyond.totalResults).toBe(bianchi.totalResults);
    const one = all.requestList[0]!;
    expect((await list(`?filter=${one.requestId}&page=2`)).totalResults).toBe(1);
  });

  it('sorts by another column', async () => {
    const byState = await list('?sort=stateOfRequest;asc&size=100');
    const states = byState.requestList.map((r) => r.stateOfRequest.stateOfRequestId);
    expect(states).toEqual([...states].sort((a, b) => a - b));
    expect((await call('GET', `${ApiPaths.boRequestList}?sort=fiscalCode;asc`, 'anna')).statusCode).toBe(400);
    expect((await call('GET', `${ApiPaths.boRequestList}?filter=abc`, 'anna')).statusCode).toBe(400);
  });

  it('is closed to citizens, to people without a staff account and to strangers', async () => {
    expect((await call('GET', ApiPaths.boRequestList, 'giulia')).statusCode).toBe(401);
    expect((await call('GET', ApiPaths.boRequestList, 'sara')).statusCode).toBe(403);
    expect((await call('GET', ApiPaths.boRequestList, null)).statusCode).toBe(401);
  });

  it('concludes a sent request negatively with a reason the applicant then sees, staff shown by role', async () => {
    const sent = await sentOfGiulia();
    const details = (await call('GET', apiPath('boRequest', { id: sent.requestId }), 'anna')).json() as RequestResponse;
    expect(details.request.history?.[0]).toMatchObject({ toState: RequestState.DRAFT, actorName: 'Giulia Bianchi' });
    expect(details.request).toMatchObject({ ssuState: 'presented', assignee: null, pratica: { receivedOn: expect.any(String) } });

    const response = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), 'anna', {
      type: 'CONCLUDE_NEGATIVE',
      note: 'Manca la planimetria.',
      version: details.request.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as RequestResponse).request).toMatchObject({ ssuState: 'ended_by_negative_outcome', version: details.request.version + 1 });
    const row = await stored(sent.requestId);
    expect(row).toMatchObject({ state_of_request_id: RequestState.REJECTED, decision_reason: 'Manca la planimetria.', due_on: null });
    expect(row.decided_on).not.toBeNull();

    const mine = (await call('GET', apiPath('request', { id: sent.requestId }), 'giulia')).json() as RequestResponse;
    expect(mine.request).toMatchObject({ stateOfRequest: { stateOfRequestId: RequestState.REJECTED }, decisionReason: 'Manca la planimetria.' });
    expect(mine.request.doneOn).toBeTruthy();
    expect(mine.request).not.toHaveProperty('assignee');
    const last = mine.request.history!.at(-1)!;
    expect(last).toMatchObject({
      fromState: RequestState.SENT,
      toState: RequestState.REJECTED,
      actorProfileId: Role.BO_ADMIN,
      reason: 'Manca la planimetria.',
      event: 'CONCLUDE_NEGATIVE',
    });
    expect(last).not.toHaveProperty('actorName');
    expect(last).not.toHaveProperty('assigneeName');
  });

  it('refuses a conclusion of a request that is not sent, without a reason, or from a stale copy, changing nothing', async () => {
    const drafts = (await call('GET', ApiPaths.requestList, 'giulia')).json() as RequestListResponse;
    const draft = drafts.requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.DRAFT)!;
    const before = await stored(draft.requestId);
    const event = (type: string, body: object) => call('POST', apiPath('boRequestEvent', { id: draft.requestId }), 'anna', { type, ...body });
    const notSent = await event('CONCLUDE_POSITIVE', { note: 'Tutto bene.', version: draft.version });
    expect(notSent.statusCode, notSent.body).toBe(409);
    expect(notSent.json()).toMatchObject({
      errorKey: 'transition-not-allowed',
      description: 'Not possible now: CONCLUDE_POSITIVE is not possible in state draft.',
    });
    expect((await event('CONCLUDE_POSITIVE', { note: '', version: draft.version })).statusCode).toBe(400);
    expect((await event('CONCLUDE_POSITIVE', { version: draft.version })).json()).toMatchObject({ code: 400, field: 'note' });
    expect((await event('DELETE', { note: 'Via.', version: draft.version })).statusCode).toBe(400);
    expect(await stored(draft.requestId)).toEqual(before);
    const sent = await sentOfGiulia();
    const sentBefore = await stored(sent.requestId);
    const stale = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), 'anna', {
      type: 'CONCLUDE_POSITIVE',
      note: 'Tutto bene.',
      version: sent.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorKey: 'stale-version' });
    expect(await stored(sent.requestId)).toEqual(sentBefore);
  });

  it('lets a collaborator read requests but neither conclude nor move a storage limit (spec §6), changing nothing', async () => {
    const all = (await call('GET', ApiPaths.requestList, 'giulia')).json() as RequestListResponse;
    const draft = all.requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.DRAFT)!;
    const before = await stored(draft.requestId);
    expect((await call('GET', apiPath('boRequest', { id: draft.requestId }), 'luca')).statusCode).toBe(200);
    const next = new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect((await call('PUT', apiPath('boDraftStorageLimit', { id: draft.requestId }), 'luca', { storageLimit: next })).statusCode).toBe(403);
    const sent = await sentOfGiulia();
    const sentBefore = await stored(sent.requestId);
    const refused = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), 'luca', {
      type: 'CONCLUDE_POSITIVE',
      note: 'Tutto bene.',
      version: sent.version,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 403, description: 'Not allowed: only an administrator may CONCLUDE_POSITIVE.' });
    expect(await stored(draft.requestId)).toEqual(before);
    expect(await stored(sent.requestId)).toEqual(sentBefore);
  });

  it('moves a draft’s storage limit to the day picked, once however often it is saved, with its history', async () => {
    const all = (await call('GET', ApiPaths.requestList, 'giulia')).json() as RequestListResponse;
    const draft = all.requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.DRAFT)!;
    const { storageLimitRange: range } = (await call('GET', apiPath('boRequest', { id: draft.requestId }), 'anna')).json() as BoRequestResponse;
    const today = officeToday();
    expect(range).toEqual({ from: addDays(today, 1), to: addYears(today, 5) });
    const next = addDays(today, 400);
    const before = await stored(draft.requestId);
    for (let save = 0; save < 2; save++) {
      const moved = await call('PUT', apiPath('boDraftStorageLimit', { id: draft.requestId }), 'anna', { storageLimit: next });
      expect(moved.json()).toMatchObject({ code: 200, storageLimit: next });
      expect((await stored(draft.requestId)).storage_limit).toBe(next);
    }
    const details = (await call('GET', apiPath('boRequest', { id: draft.requestId }), 'anna')).json() as BoRequestResponse;
    expect(details.request.storageLimit).toBe(next);
    // The second save changed nothing: one history entry, who, from which day to which.
    expect(details.storageLimitChanges).toEqual([{ at: expect.any(String), actorName: 'Anna Verdi', from: before.storage_limit, to: next }]);
    // The applicant's next save keeps the later limit staff gave (a save never shortens it).
    const { request } = (await call('GET', apiPath('request', { id: draft.requestId }), 'giulia')).json() as RequestResponse;
    const saved = await call('PUT', apiPath('request', { id: draft.requestId }), 'giulia', { ...request });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as RequestResponse).request.storageLimit).toBe(next);
    // The last day offered is accepted, the day after it and any day up to today are refused.
    expect((await call('PUT', apiPath('boDraftStorageLimit', { id: draft.requestId }), 'anna', { storageLimit: range!.to })).statusCode).toBe(200);
    for (const refused of [addDays(range!.to, 1), today, addDays(today, -1), '2001-01-01', '2027-02-30', 'soon']) {
      const answer = await call('PUT', apiPath('boDraftStorageLimit', { id: draft.requestId }), 'anna', { storageLimit: refused });
      expect(answer.statusCode, refused).toBe(400);
      expect(answer.json(), refused).toMatchObject({ field: 'storageLimit', description: expect.stringMatching(/^storageLimit: /) });
    }
    expect((await stored(draft.requestId)).storage_limit).toBe(range!.to);
    const accepted = all.requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.ACCEPTED)!;
    expect((await call('PUT', apiPath('boDraftStorageLimit', { id: accepted.requestId }), 'anna', { storageLimit: next })).statusCode).toBe(409);
    expect((await call('PUT', apiPath('boDraftStorageLimit', { id: 99999999 }), 'anna', { storageLimit: next })).statusCode).toBe(404);
  });
  it('shows staff of one office only its requests and drafts naming no office; any other answers exactly like a missing one', async () => {
    const db = t.database.db;
    const staffId = async (key: 'luca' | 'anna') =>
      (await db.selectFrom('users').select('user_id').where('email', 'like', `${key}.%`).where('realm', '=', 'BO').executeTakeFirstOrThrow()).user_id;
    const milano = (await stored((await sentOfGiulia()).requestId)).suap_id!;
    const other = await db
      .selectFrom('requests')
      .select(['request_id', 'version'])
      .where('suap_id', '<>', milano)
      .orderBy('request_id')
      .executeTakeFirstOrThrow();
    const officeless = await call('POST', ApiPaths.requestCreate, 'giulia', {});
    const officelessId = (officeless.json() as RequestResponse).request.requestId;
    const ids = { luca: await staffId('luca'), anna: await staffId('anna') };
    const offices = await db.selectFrom('staff_office').selectAll().where('user_id', 'in', [ids.luca, ids.anna]).execute();
    await db.deleteFrom('staff_office').where('user_id', 'in', [ids.luca, ids.anna]).where('suap_id', '<>', milano).execute();
    try {
      const page = await list('?size=100', 'luca');
      expect(page.requestList.every((r) => r.suap === null || r.suap?.suapId === milano)).toBe(true);
      expect(page.requestList.map((r) => r.requestId)).toContain(officelessId);
      expect(page.requestList.map((r) => r.requestId)).not.toContain(other.request_id);
      const counted = await db
        .selectFrom('requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.or([eb('suap_id', '=', milano), eb('suap_id', 'is', null)]))
        .executeTakeFirstOrThrow();
      expect(page.totalResults).toBe(Number(counted.n));
      expect((await list(`?filter=${other.request_id}`, 'luca')).totalResults).toBe(0);
      expect((await list(`?state=${RequestState.DRAFT}&size=100`, 'luca')).requestList.every((r) => r.suap === null || r.suap?.suapId === milano)).toBe(true);
      expect((await call('GET', apiPath('boRequest', { id: officelessId }), 'luca')).statusCode).toBe(200);

      const missingId = 99_999_999;
      const reads = (id: number) => [
        apiPath('boRequest', { id }),
        apiPath('boAttachmentList', { id }),
        apiPath('boAttachment', { id, attachmentId: 1 }),
        apiPath('boRequestPdf', { id }),
        apiPath('boRequestColleagues', { id }),
      ];
      for (const [i, path] of reads(other.request_id).entries()) {
        const refused = await call('GET', path, 'luca');
        const missing = await call('GET', reads(missingId)[i]!, 'luca');
        expect({ path, status: refused.statusCode, body: refused.body }).toEqual({ path, status: 404, body: missing.body });
      }
      const before = await stored(other.request_id);
      const writes = [
        (id: number) => call('PUT', apiPath('boDraftStorageLimit', { id }), 'anna', { storageLimit: addDays(officeToday(), 30) }),
        (id: number) => call('POST', apiPath('boRequestEvent', { id }), 'anna', { type: 'CONCLUDE_POSITIVE', note: 'Tutto bene.', version: other.version }),
      ];
      for (const write of writes) {
        const refused = await write(other.request_id);
        expect({ status: refused.statusCode, body: refused.body }).toEqual({ status: 404, body: (await write(missingId)).body });
      }
      expect(await stored(other.request_id)).toEqual(before);
      // Their user info names the one office they work for.
      const info = await call('GET', ApiPaths.boUserInfo, 'luca');
      expect(info.json()).toMatchObject({ user: { officeIds: [milano] } });
    } finally {
      await db
        .insertInto('staff_office')
        .values(offices)
        .onConflict((oc) => oc.columns(['user_id', 'suap_id']).doNothing())
        .execute();
    }
  });
});
