// Recap downloads are limited per person (PDF_DOWNLOADS_PER_MINUTE, docs/deployment.md): past the
// limit a call answers 429 with the envelope, counted in the shared database's fixed windows. The
// rate-limit store's clock is the test's, so windows are crossed without waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestListResponse } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const PER_MINUTE = 3;

describe.each(testDatabases())('recap downloads per person on $kind', ({ open }) => {
  let now = Date.UTC(2026, 10, 27, 10, 0, 0);
  const clock = () => now;
  let t: TestApp;
  const token: Record<string, string> = {};
  const requestIds: number[] = [];
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, PDF_DOWNLOADS_PER_MINUTE: String(PER_MINUTE) }, { clock });
    token.giulia = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=BNCGLI85M41F205B`, headers: { authorization: `Bearer ${token.giulia}` } });
    token.luca = (await signIn(t.app, BASE, 'BO', 'luca')).access_token;
    const list = (
      await t.app.inject({ url: `/api${ApiPaths.requestList}`, headers: { authorization: `Bearer ${token.giulia}` } })
    ).json() as RequestListResponse;
    requestIds.push(...list.requestList.filter((r) => r.stateOfRequest.stateOfRequestId !== RequestState.DELETED).map((r) => r.requestId));
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const recap = (who: string, id: number, staff = false) =>
    t.app.inject({ url: `/api${apiPath(staff ? 'boRequestPdf' : 'requestPdf', { id })}`, headers: { authorization: `Bearer ${token[who]}` } });

  it('answers 429 with the envelope past the limit, whichever of the person’s requests is asked for, until the next minute', async () => {
    for (let i = 0; i < PER_MINUTE; i++) expect((await recap('giulia', requestIds[i % requestIds.length]!)).statusCode).toBe(200);
    const limited = await recap('giulia', requestIds[0]!);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/application\/json/);
    expect(limited.json()).toMatchObject({
      code: 429,
      message: 'Too Many Requests',
      errorKey: 'too-many-requests',
      description: expect.stringMatching(/try again in \d+ seconds/),
    });
    // Another person is not held back by Giulia's downloads.
    expect((await recap('luca', requestIds[0]!, true)).statusCode).toBe(200);
    now += 60_000;
    expect((await recap('giulia', requestIds[0]!)).statusCode).toBe(200);
  });

  it('limits staff the same way on the back-office call', async () => {
    now += 3_600_000;
    for (let i = 0; i < PER_MINUTE; i++) expect((await recap('luca', requestIds[i % requestIds.length]!, true)).statusCode).toBe(200);
    expect((await recap('luca', requestIds[0]!, true)).statusCode).toBe(429);
  });
});

describe('the PDF settings', () => {
  it('default to 30 recaps a minute and name the variable when one is wrong', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).pdf.downloadsPerMinute).toBe(30);
    expect(() => loadConfig({ NODE_ENV: 'test', PDF_DOWNLOADS_PER_MINUTE: 'lots' })).toThrow(
      new ConfigError('PDF_DOWNLOADS_PER_MINUTE must be a whole number from 1 to 10000 (got "lots").'),
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PDF_RENDER_THREADS: '0' })).toThrow(/^PDF_RENDER_THREADS must be a whole number from 1 to 64/);
    expect(() => loadConfig({ NODE_ENV: 'test', PDF_RENDER_QUEUE: '-1' })).toThrow(/^PDF_RENDER_QUEUE must be a whole number from 0 to 10000/);
  });
});
