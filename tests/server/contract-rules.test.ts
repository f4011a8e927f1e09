// The spec's list and error rules the contract promises (docs/architecture.md "The API contract"): every list takes page, size,
// filter and sortField with sortType and answers totals; §5's "No Requests" for an id that is not
// the caller's, byte for byte what an unknown id gets; a write naming what it may not change is
// refused and changes nothing; the staff list sorts by firstName (name kept as alias); every error
// kind has one wording in each language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en.json' with { type: 'json' };
import it_ from '#locales/it.json' with { type: 'json' };
import type { BoUserListResponse } from '#shared/api/back-office.ts';
import { ERROR_KEYS } from '#shared/api/error-keys.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestListResponse, RequestResponse } from '#shared/api/requests.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const PEOPLE = { mario: 'RSSMRA80A01H501U', giulia: 'BNCGLI85M41F205B', sara: 'BLUSRA92H55D612F' } as const;

describe.each(testDatabases())('spec list and error rules on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const userId: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const [who, code] of Object.entries(PEOPLE)) {
      token[who] = (await signIn(t.app, BASE, 'FO', who)).access_token;
      const info = await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${code}`, headers: { authorization: `Bearer ${token[who]}` } });
      userId[who] = info.json().user.userId;
    }
    token.anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const get = (url: string, who: string) => t.app.inject({ url: `/api${url}`, headers: { authorization: `Bearer ${token[who]}` } });
  const list = async (who: string, query = '') => {
    const response = await get(`${ApiPaths.requestList}${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RequestListResponse;
  };

  it('pages, sorts and filters the citizen’s own list, with totals', async () => {
    const all = await list('giulia');
    expect(all.totalResults).toBe(all.requestList.length);
    expect(all.totalPages).toBe(1);
    const page2 = await list('giulia', `?userId=${userId.giulia}&page=2&size=2`);
    expect(page2).toMatchObject({ code: 200, message: 'OK', totalResults: all.totalResults, totalPages: Math.ceil(all.totalResults / 2) });
    expect(page2.requestList.map((r) => r.requestId)).toEqual(all.requestList.slice(2, 4).map((r) => r.requestId));
    const ascending = await list('giulia', '?sortField=requestId&sortType=asc');
    expect(ascending.requestList.map((r) => r.requestId)).toEqual([...all.requestList].map((r) => r.requestId).sort((a, b) => a - b));
    const byNumber = await list('giulia', `?filter=${all.requestList[0]!.requestId}`);
    expect(byNumber.requestList.map((r) => r.requestId)).toEqual([all.requestList[0]!.requestId]);
    const office = all.requestList
      .find((r) => r.suap)!
      .suap!.name.split(' ')
      .find((word) => word.length >= 4)!;
    const byOffice = await list('giulia', `?filter=${encodeURIComponent(office)}`);
    expect(byOffice.totalResults).toBeGreaterThan(0);
    expect(byOffice.requestList.every((r) => r.suap?.name.toLowerCase().includes(office.toLowerCase()))).toBe(true);
    // sortField and sortType only together (spec §7).
    const alone = await get(`${ApiPaths.requestList}?sortField=requestId`, 'giulia');
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({ errorKey: 'bad-request', field: 'sortType' });
  });

  it('answers another person’s id exactly like an unknown one and like a list with nothing in it: “No Requests”', async () => {
    const foreign = await get(`${ApiPaths.requestList}?userId=${userId.giulia}`, 'mario');
    const unknown = await get(`${ApiPaths.requestList}?userId=2000000000`, 'mario');
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).toBe(unknown.body);
    expect(foreign.json()).toEqual({ code: 200, message: 'No Requests', description: 'No Requests', totalResults: 0, totalPages: 0, requestList: [] });
    const empty = await list('sara', `?userId=${userId.sara}`);
    expect(JSON.stringify(empty)).toBe(foreign.body);
  });

  it('refuses a PUT naming another typeOfService, or without its version, and changes nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.requestCreate}`,
      headers: { authorization: `Bearer ${token.mario}` },
      payload: { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } },
    });
    const draft = (created.json() as RequestResponse).request;
    const stored = () => t.database.db.selectFrom('requests').selectAll().where('request_id', '=', draft.requestId).executeTakeFirstOrThrow();
    const before = await stored();
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api${apiPath('request', { id: draft.requestId })}`, headers: { authorization: `Bearer ${token.mario}` }, payload });
    const otherType = await put({ ...draft, typeOfService: { typeOfServiceId: 2 }, partitaIva: '01234567897' });
    expect(otherType.statusCode).toBe(400);
    expect(otherType.json()).toMatchObject({ code: 400, message: 'Bad Request', errorKey: 'read-only-field' });
    const { version: _version, ...withoutVersion } = draft;
    const noVersion = await put({ ...withoutVersion, partitaIva: '01234567897' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().description).toMatch(/version/);
    expect(await stored()).toEqual(before);
    // The same type echoed back is no change: the save goes through.
    expect((await put({ ...draft, partitaIva: '01234567897' })).statusCode).toBe(200);
  });

  it('sorts the staff list by firstName, and still understands name', async () => {
    const names = async (query: string) => {
      const response = await get(`${ApiPaths.boUserList}${query}`, 'anna');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as BoUserListResponse).userList.map((u) => `${u.firstName} ${u.lastName}`);
    };
    const byFirstName = await names('?sortField=firstName&sortType=desc&size=20');
    expect(byFirstName).toEqual([...byFirstName].sort((a, b) => b.localeCompare(a, 'it', { sensitivity: 'base' })));
    expect(await names('?sortField=name&sortType=desc&size=20')).toEqual(byFirstName);
    expect(await names('?sort=firstName;desc&size=20')).toEqual(byFirstName);
    expect(await names('?size=20')).toEqual([...byFirstName].reverse());
  });

  it('has one wording for every error kind in Italian and in English', () => {
    for (const key of ERROR_KEYS) {
      expect((it_ as Record<string, string>)[`api-errors.${key}`], key).toMatch(/\S/);
      expect((en as Record<string, string>)[`api-errors.${key}`], key).toMatch(/\S/);
    }
  });
});
