import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('configuration', () => {
  it('defaults to the embedded database and port 3000', () => {
    const config = loadConfig({}, '/srv/suap');
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, dataDir: '/srv/suap/data', baseUrl: 'http://localhost:3000', mode: 'development' });
  });

  it('reads a PostgreSQL server and a public base URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/suap', PUBLIC_URL: 'https://suap.example.it/', PORT: '8080' });
    expect(config.databaseUrl).toBe('postgres://u@db:5432/suap');
    expect(config.baseUrl).toBe('https://suap.example.it');
    expect(config.port).toBe(8080);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db/suap' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://example.it' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ DRAFT_RETENTION_DAYS: '0' }, 'DRAFT_RETENTION_DAYS'],
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
});
