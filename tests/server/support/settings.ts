// The settings the portal reads, for the tests that hold the operator's files to them (.env.example,
// deploy/): read from src/server/config.ts's source, so a new setting reaches every check at once.
import fs from 'node:fs';
import { SECRET_SETTINGS } from '#server/config.ts';

/** The variables config.ts reads: `env.NAME`, names handed to its readers ('NAME'), and NAME_FILE for secrets. */
export function settingsRead(configSource: string): string[] {
  const direct = [...configSource.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)].map((match) => match[1]!);
  const named = [...configSource.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g)].map((match) => match[1]!);
  return [...new Set([...direct, ...named, ...SECRET_SETTINGS.map((name) => `${name}_FILE`)])].sort();
}

/** What the portal of this checkout reads. */
export const PORTAL_SETTINGS = settingsRead(fs.readFileSync('src/server/config.ts', 'utf8'));
