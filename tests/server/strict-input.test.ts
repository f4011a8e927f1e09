// What a write may carry (docs/architecture.md, "No silent ignores" and "Free text"): free text
// without control or format characters, no field the contract does not know, and the fields the
// server owns and sends back (state, history, dates, ids) accepted when echoed but never read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoRequestListResponse } from '../../src/shared/api/back-office.ts';
import { apiPath, ApiPaths } from '../../src/shared/api/paths.ts';
import { RequestState } from '../../src/shared/constants.ts';
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
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token[who]}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const stored = (id: number) => t.database.db.selectFrom('requests').selectAll().where('request_id', '=', id).executeTakeFirstOrThrow();
  const sentRequest = async () => {
    const list = (await call('GET', `${ApiPaths.boRequestList}?filter=Bianchi&size=100`, 'anna')).json() as BoRequestListResponse;
    return list.requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.SENT)!;
  };

  it('refuses a decision reason carrying a bidirectional override, and changes nothing', async () => {
    const sent = await sentRequest();
    const before = await stored(sent.requestId);
    for (const reason of ['\u202Eevil', 'Manca la \u2067planimetria\u2069.', 'Tutto\u200F bene.', 'zero\u200Bwidth']) {
      const refused = await call('PUT', apiPath('boRequestDecision', { id: sent.requestId }), 'anna', { stateOfRequestId: RequestState.REJECTED, reason, version: sent.version });
      expect(refused.statusCode, JSON.stringify(reason)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 400, errorKey: 'bad-request' });
      expect(refused.json().description).toMatch(/reason/);
    }
    expect(await stored(sent.requestId)).toEqual(before);
    // Several lines of real text still pass.
    const accepted = await call('PUT', apiPath('boRequestDecision', { id: sent.requestId }), 'anna', { stateOfRequestId: RequestState.REJECTED, reason: 'Manca la planimetria.\nServe anche la visura (12,50 €).', version: sent.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
