// The build ships locales/*.json precompiled by @formatjs/cli into ICU ASTs (scripts/vite-plugins.ts)
// and drops react-intl's parser: every message must compile, keep its key, and format from its AST.
import fs from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { compileMessages } from '#scripts/vite-plugins.ts';

describe.each(['it', 'en'])('locales/%s.json precompiled', (language) => {
  const source = JSON.parse(fs.readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, string>;
  const compiled = JSON.parse(compileMessages(`locales/${language}.json`)) as Record<string, unknown>;

  it('compiles every message, under the same keys', () => {
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(source).sort());
    for (const value of Object.values(compiled)) expect(Array.isArray(value)).toBe(true);
  });

  it('formats from the AST as from the text', () => {
    const key = 'downloads.format-size';
    const fromAst = createIntl({ locale: language, messages: compiled as never }).formatMessage({ id: key }, { size: '51 KB' });
    const fromText = createIntl({ locale: language, messages: source }).formatMessage({ id: key }, { size: '51 KB' });
    expect(fromAst).toBe(fromText);
    expect(fromAst).toBe('PDF, 51 KB');
  });
});
