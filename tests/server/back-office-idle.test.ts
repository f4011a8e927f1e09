// The back office's idle time (BO_IDLE_MINUTES, docs/deployment.md): validated with one sentence
// naming the variable, and served to the SPA in the public configuration, which the idle machine
// (machines/idle.ts) reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '#shared/api/paths.ts';
import type { ConfigResponse } from '#shared/api/master-data.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe('BO_IDLE_MINUTES', () => {
  it('is 30 minutes unless set', () => {
    expect(loadConfig({}).boIdleMinutes).toBe(30);
    expect(loadConfig({ BO_IDLE_MINUTES: '5' }).boIdleMinutes).toBe(5);
  });

  it.each(['0', '1441', 'half an hour', '2.5'])('refuses %s with one sentence naming the variable', (value) => {
    expect(() => loadConfig({ BO_IDLE_MINUTES: value })).toThrow(ConfigError);
    expect(() => loadConfig({ BO_IDLE_MINUTES: value })).toThrow(/^BO_IDLE_MINUTES must be a whole number from 1 to 1440 \(got "[^"\n]*"\)\.$/);
  });
});

describe.each(testDatabases())('the idle time in the public configuration on $kind', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await open(), { BO_IDLE_MINUTES: '12' });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('serves the configured idle time to the SPA', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api${ApiPaths.config}` });
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as ConfigResponse).settings.backOfficeIdleMinutes).toBe(12);
  });
});
