// Secrets from files (docs/deployment.md, "Secrets from files"): a Kubernetes or Compose secret, or a
// systemd credential, is a file; NAME_FILE names it and its content is NAME's value.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'suap-secrets-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function secretFile(name: string, content: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, content, { mode: 0o600 });
  return file;
}

const EXTERNAL = { NODE_ENV: 'production', OIDC_ISSUER: 'https://id.example.org', PUBLIC_URL: 'https://suap.example.org' };

describe('secrets from files', () => {
  it('reads the database, the mail relay and both client secrets from the files NAME_FILE names, less the final line break', () => {
    const config = loadConfig({
      ...EXTERNAL,
      DATABASE_URL_FILE: secretFile('database-url', 'postgres://suap:s3cret@db.example.org:5432/suap\n'),
      SMTP_URL_FILE: secretFile('smtp-url', 'smtps://portal:p4ss@smtp.example.org:465\r\n'),
      OIDC_FO_CLIENT_SECRET_FILE: secretFile('fo', 'front-office secret'),
      OIDC_BO_CLIENT_SECRET_FILE: secretFile('bo', 'back-office secret\n'),
    });
    expect(config.databaseUrl).toBe('postgres://suap:s3cret@db.example.org:5432/suap');
    expect(config.smtpUrl).toBe('smtps://portal:p4ss@smtp.example.org:465');
    expect(config.oidc).toMatchObject({ foClientSecret: 'front-office secret', boClientSecret: 'back-office secret' });
  });

  it('refuses a setting given both ways, naming it', () => {
    const both = () => loadConfig({ DATABASE_URL: 'postgres://a@db/suap', DATABASE_URL_FILE: secretFile('db2', 'postgres://b@db/suap') });
    expect(both).toThrow(ConfigError);
    expect(both).toThrow('DATABASE_URL and DATABASE_URL_FILE are both set: keep only one.');
  });

  it('refuses a file that cannot be read, naming the variable and the file but never a secret', () => {
    const missing = path.join(folder, 'nothing-here');
    const unreadable = () => loadConfig({ ...EXTERNAL, OIDC_FO_CLIENT_SECRET: 'x', OIDC_BO_CLIENT_SECRET_FILE: missing });
    expect(unreadable).toThrow(`OIDC_BO_CLIENT_SECRET_FILE names a file that cannot be read (ENOENT: ${missing}).`);
  });

  it('checks a value read from a file like one given directly', () => {
    expect(() => loadConfig({ DATABASE_URL_FILE: secretFile('mysql', 'mysql://db/suap\n') })).toThrow(
      'DATABASE_URL must use postgres: or postgresql: (got mysql:).',
    );
  });
});
