import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '#shared/api/paths.ts';
import { LIMITS } from '#server/plugins/rate-limits.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';

describe.each(testDatabases())('abuse limits on $kind', ({ open }) => {
  // A fake clock, shared by two instances on one database, so windows are crossed without waiting.
  let now = Date.UTC(2026, 10, 21, 10, 0, 0);
  const clock = () => now;
  let a: TestApp;
  let b: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    a = await startTestApp(await open(), { PUBLIC_URL: BASE }, { clock });
    b = await startTestApp(a.database, { PUBLIC_URL: BASE, DATA_DIR: a.config.dataDir }, { clock });
    token.hans = (await signIn(a.app, BASE, 'FO', 'hans')).access_token;
    token.mario = (await signIn(a.app, BASE, 'FO', 'mario')).access_token;
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await a.database.close();
  });

  const exchange = (app: TestApp, ip: string) =>
    app.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.foAuthToken}`,
      remoteAddress: ip,
      payload: { grant_type: 'authorization_code', code: 'x', redirect_uri: `${BASE}/auth/callback` },
    });
  const check = (app: TestApp, who: string) =>
    app.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.checkPerson}`,
      headers: { authorization: `Bearer ${token[who]}` },
      payload: { nome: 'Hans', cognome: 'Muller', dataNascita: '1975-03-02', statoNascita: 'Germania', sesso: 'M', codiceFiscale: 'MLLHNS75C02Z112X' },
    });

  it('limits token exchanges per address, shared by every instance, with the 429 envelope', async () => {
    now += 3_600_000;
    const ip = '192.0.2.10';
    for (let i = 0; i < LIMITS.tokenExchange.max; i++) expect((await exchange(i % 2 ? a : b, ip)).statusCode).toBe(401);
    const limited = await exchange(a, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429, message: 'Too Many Requests', description: expect.stringMatching(/try again in \d+ seconds/) });
    // Another address is not affected; the same address is served again in the next window.
    expect((await exchange(b, '192.0.2.11')).statusCode).toBe(401);
    now += LIMITS.tokenExchange.timeWindow;
    expect((await exchange(a, ip)).statusCode).toBe(401);
  });

  it('limits identity checks per person, wherever they come from', async () => {
    now += 3_600_000;
    for (let i = 0; i < LIMITS.identityCheck.max; i++) expect((await check(i % 2 ? a : b, 'hans')).statusCode).toBe(200);
    expect((await check(a, 'hans')).statusCode).toBe(429);
    // Another person is not limited: Mario gets the matcher's own answer (his provider asserts his
    // code, so there is nothing to match: 409), not 429.
    expect((await check(b, 'mario')).statusCode).toBe(409);
  });
});

describe('abuse limits switched off', () => {
  it('lets every request through when RATE_LIMITS is false (benchmarks only)', async () => {
    const [database] = testDatabases();
    const t = await startTestApp(await database!.open(), { PUBLIC_URL: BASE, RATE_LIMITS: 'false' });
    const statuses = new Set<number>();
    for (let i = 0; i < LIMITS.tokenExchange.max + 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api${ApiPaths.foAuthToken}`,
        payload: { grant_type: 'authorization_code', code: 'x', redirect_uri: `${BASE}/auth/callback` },
      });
      statuses.add(r.statusCode);
    }
    expect([...statuses]).toEqual([401]);
    await t.close();
    await t.database.close();
  });
});
