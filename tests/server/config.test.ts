import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

describe('configuration', () => {
  it('defaults to the embedded database and port 3000', () => {
    const config = loadConfig({}, '/srv/suap');
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, dataDir: '/srv/suap/data', baseUrl: 'http://localhost:3000', mode: 'development' });
  });

  it('reads a PostgreSQL server and a public base URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/suap', PUBLIC_URL: 'https://suap.example.org/', PORT: '8080' });
    expect(config.databaseUrl).toBe('postgres://u@db:5432/suap');
    expect(config.baseUrl).toBe('https://suap.example.org');
    expect(config.port).toBe(8080);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db/suap' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://example.org' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ DRAFT_RETENTION_DAYS: '0' }, 'DRAFT_RETENTION_DAYS'],
    [{ MAIL_FROM: 'noreply' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'SUAP <noreply>' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'a@suap.example.org, b@suap.example.org' }, 'MAIL_FROM'],
    [{ STATIC_DIR: '/nonexistent/suap-dist' }, 'STATIC_DIR'],
    [{ STATIC_DIR: 'src' }, 'STATIC_DIR'],
    [{ IPA_CODE: 'c h501' }, 'IPA_CODE'],
    [{ IPA_CODE: 'c-h501' }, 'IPA_CODE'],
    [{ IPA_CODE: 'x'.repeat(101) }, 'IPA_CODE'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ OUTBOX_RETENTION_DAYS: '0' }, 'OUTBOX_RETENTION_DAYS'],
    [{ DELETED_DRAFT_RETENTION_DAYS: '-1' }, 'DELETED_DRAFT_RETENTION_DAYS'],
    [{ RATE_LIMIT_RETENTION_MINUTES: '1' }, 'RATE_LIMIT_RETENTION_MINUTES'],
    [{ IDENTITY_CHECK_RETENTION_DAYS: 'forever' }, 'IDENTITY_CHECK_RETENTION_DAYS'],
    [{ DRAFT_RETENTION_DAYS: '20', DRAFT_EXPIRY_WARNING_DAYS: '20' }, 'DRAFT_EXPIRY_WARNING_DAYS'],
  ])('refuses %o with one sentence naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(name)).toBe(true);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('accepts a sender as a bare address or as "Name <address>"', () => {
    expect(loadConfig({ MAIL_FROM: 'suap@comune.roma.it' }).mailFrom).toBe('suap@comune.roma.it');
    expect(loadConfig({ MAIL_FROM: '"Comune di Roma, SUAP" <suap@comune.roma.it>' }).mailFrom).toBe('"Comune di Roma, SUAP" <suap@comune.roma.it>');
  });

  it('serves a static folder only when it holds index.html, and none when STATIC_DIR is empty', () => {
    expect(loadConfig({ STATIC_DIR: 'src/web' }, process.cwd()).staticDir).toBe(path.resolve('src/web'));
    expect(loadConfig({ STATIC_DIR: '' }).staticDir).toBeNull();
  });

  it('takes IPA codes as the index writes them', () => {
    expect(loadConfig({ IPA_CODE: 'c_h501' }).ipaCode).toBe('c_h501');
  });

  it('sizes the connection pool from DATABASE_POOL_SIZE (20 by default)', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '50' }).databasePoolSize).toBe(50);
  });

  it('reads every retention period, with defaults that keep personal data a bounded time', () => {
    expect(loadConfig({}).retention).toMatchObject({ outboxDays: 30, deletedDraftDays: 30, rateLimitMinutes: 60, identityCheckDays: 90, draftWarningDays: 30 });
    expect(
      loadConfig({
        OUTBOX_RETENTION_DAYS: '7',
        DELETED_DRAFT_RETENTION_DAYS: '0',
        RATE_LIMIT_RETENTION_MINUTES: '5',
        IDENTITY_CHECK_RETENTION_DAYS: '365',
        DRAFT_EXPIRY_WARNING_DAYS: '0',
      }).retention,
    ).toMatchObject({ outboxDays: 7, deletedDraftDays: 0, rateLimitMinutes: 5, identityCheckDays: 365, draftWarningDays: 0 });
    // A retention shorter than the default warning gets a warning one day ahead instead of a refusal.
    expect(loadConfig({ DRAFT_RETENTION_DAYS: '10' }).retention.draftWarningDays).toBe(9);
  });
});
