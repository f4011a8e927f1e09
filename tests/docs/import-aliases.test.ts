// Imports name the area they reach (docs/architecture.md, "Imports"): a relative import stays in its
// own area (src/shared, src/server, src/web, machines, mocks, tests, scripts) and climbs at most two
// folders; anything else goes through package.json's `imports` aliases (#shared/…, #web/…), which
// Node, Vite and TypeScript all resolve, and every alias import names a file that exists.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** package.json's `imports`, read as data (the repository's root belongs to no area). */
const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { imports: Record<string, string> };
const ALIASES = Object.entries(packageJson.imports).map(([alias, target]) => [alias.replace(/\*$/, ''), target.replace(/^\.\//, '').replace(/\*$/, '')] as const);
const AREAS = ALIASES.map(([, folder]) => folder.replace(/\/$/, ''));

const areaOf = (file: string) => AREAS.find((area) => file === area || file.startsWith(`${area}/`)) ?? null;

/** The imports of `source` (a file at `file`) that break the rule, with the reason. */
export function wrongImports(file: string, source: string, exists: (file: string) => boolean): string[] {
  const wrong: string[] = [];
  // TypeScript's own scan: static and dynamic imports and re-exports, not code quoted in strings.
  const specifiers = ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName);
  for (const specifier of specifiers.filter((name) => /^[.#]/.test(name))) {
    const bare = specifier.split('?')[0]!;
    if (bare.startsWith('#')) {
      const alias = ALIASES.find(([prefix]) => bare.startsWith(prefix));
      if (!alias) wrong.push(`${specifier}: no such alias`);
      else if (!exists(alias[1] + bare.slice(alias[0].length))) wrong.push(`${specifier}: no such file`);
      continue;
    }
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), bare));
    const climbs = bare.split('/').filter((part) => part === '..').length;
    if (areaOf(target) !== areaOf(file)) wrong.push(`${specifier}: leaves ${areaOf(file)}, use the alias of ${areaOf(target) ?? 'its area'}`);
    else if (climbs > 2) wrong.push(`${specifier}: climbs ${climbs} folders, use the alias`);
  }
  return wrong;
}

const sources = execFileSync('git', ['ls-files', ...AREAS], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file));

describe('imports', () => {
  it('stay in their area or go through an alias that resolves', () => {
    expect(sources.length).toBeGreaterThan(100);
    const wrong = sources.flatMap((file) => wrongImports(file, fs.readFileSync(file, 'utf8'), fs.existsSync).map((reason) => `${file}: ${reason}`));
    expect(wrong).toEqual([]);
  });

  it('refuses an import that leaves its area or climbs three folders, and an alias to nothing', () => {
    const exists = (file: string) => file === 'src/shared/constants.ts';
    expect(wrongImports('src/web/screens/a/B.tsx', "import { x } from '../../../shared/constants.ts';", exists)).toEqual([
      '../../../shared/constants.ts: leaves src/web, use the alias of src/shared',
    ]);
    expect(wrongImports('src/web/screens/a/b/C.tsx', "import { x } from '../../../components/D.tsx';", exists)).toEqual(['../../../components/D.tsx: climbs 3 folders, use the alias']);
    expect(wrongImports('src/web/a.ts', "import { x } from '#shared/nothing.ts';", exists)).toEqual(['#shared/nothing.ts: no such file']);
    expect(wrongImports('src/web/a.ts', "import { x } from '#shared/constants.ts'; import { y } from './b.ts';", exists)).toEqual([]);
  });
});
