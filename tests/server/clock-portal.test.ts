// The portal a browser test moves in time (tests/support/clock-portal.ts): people sign in through
// the embedded provider before and after the clock jumps by months, and the demo's open pratiche,
// given their deadlines on start, end when their terms have passed and the due jobs are run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestListResponse, RequestResponse } from '#shared/api/requests.ts';
import { PraticaState } from '#shared/pratica.ts';
import { startClockPortal, type ClockPortal } from '../support/clock-portal.ts';
import { signInOverHttp } from '../support/sign-in.ts';

describe('a portal whose clock a test moves', () => {
  let portal: ClockPortal;

  beforeAll(async () => {
    portal = await startClockPortal();
  }, 120_000);
  afterAll(async () => {
    await portal?.stop();
  });

  const get = async (url: string, token: string) => {
    const response = await fetch(`${portal.baseUrl}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, url).toBe(200);
    return response.json();
  };

  it('keeps sign-in working across a jump of months, and ends the demo pratiche whose terms passed', async () => {
    const before = await signInOverHttp(portal.baseUrl, portal.baseUrl, 'FO', 'giulia');
    await get(`${ApiPaths.userInfo}?fiscalCode=BNCGLI85M41F205B`, before);
    const list = ((await get(ApiPaths.requestList, before)) as RequestListResponse).requestList;
    const open = list.filter((request) => request.stateOfRequest.stateOfRequestId === PraticaState.PRESENTED && request.pratica?.dueOn);
    expect(open.length).toBeGreaterThan(0);
    expect(await portal.runDueJobs()).toEqual({ done: 0, failed: 0 });

    const start = portal.clock.now().getTime();
    await portal.clock.advanceDays(120);
    expect(portal.clock.now().getTime() - start).toBe(120 * 86_400_000);
    // The token issued before the jump still works, and people sign in after it.
    await get(`${ApiPaths.userInfo}?fiscalCode=BNCGLI85M41F205B`, before);
    const after = await signInOverHttp(portal.baseUrl, portal.baseUrl, 'FO', 'giulia');
    await signInOverHttp(portal.baseUrl, portal.baseUrl, 'BO', 'anna');

    expect(await portal.runDueJobs()).toEqual({ done: open.length, failed: 0 });
    for (const { requestId, pratica } of open) {
      const { request } = (await get(apiPath('request', { id: requestId }), after)) as RequestResponse;
      expect(request.ssuState).toBe(pratica!.regime === 'AUTORIZZAZIONE' ? 'presented' : 'ended_by_proceeding_time_expired');
    }
  });
});
