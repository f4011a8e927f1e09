// .env.example lists every setting the portal reads (docs/deployment.md, "A release without build
// tools"), so an operator's environment file is written from a complete list: a variable added to
// src/server/config.ts and not to the example fails here, and so does one the portal no longer reads.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PORTAL_SETTINGS, settingsRead } from './support/settings.ts';

/** The variables an environment file names, set (`NAME=…`) or left at their default (`# NAME=…`). */
export function settingsListed(example: string): string[] {
  return [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!).sort();
}

describe('.env.example', () => {
  const read = PORTAL_SETTINGS;
  const listed = settingsListed(fs.readFileSync('.env.example', 'utf8'));

  it('lists every setting src/server/config.ts reads, once, and nothing else', () => {
    expect(read).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'DATABASE_URL_FILE', 'TRUST_PROXY', 'OIDC_BO_CLIENT_SECRET', 'BOOTSTRAP_ADMIN_EMAIL']),
    );
    expect(read.length).toBeGreaterThan(40);
    expect(listed).toEqual(read);
  });

  it('finds the names however config.ts reads them, and every line of a file', () => {
    const source = "const h = env.HOST || 'x';\ninteger(env, 'PDF_RENDER_QUEUE', 100);\nflag(env, 'RATE_LIMITS', true);\nconst m = 'development';";
    expect(settingsRead(source)).toEqual([
      'DATABASE_URL_FILE',
      'HOST',
      'OIDC_BO_CLIENT_SECRET_FILE',
      'OIDC_FO_CLIENT_SECRET_FILE',
      'PDF_RENDER_QUEUE',
      'RATE_LIMITS',
      'SMTP_URL_FILE',
    ]);
    expect(settingsListed('# comment\n# PORT=3000\nHOST=0.0.0.0\n#TRUST_PROXY=1\n## Heading\n')).toEqual(['HOST', 'PORT', 'TRUST_PROXY']);
  });
});
