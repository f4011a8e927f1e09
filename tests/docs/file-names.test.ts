// One rule for file names (docs/architecture.md, "Names"): every source file and folder is
// kebab-case; a .tsx file whose main export is a React component takes the component's PascalCase
// name; a Sass partial keeps its leading underscore. Generated diagrams (docs/machines) take their
// machine's id and are not source files.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOTS = ['src', 'machines', 'mocks', 'tests', 'scripts'];
const KEBAB = /^_?[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const COMPONENT = /^[A-Z][A-Za-z0-9]*\.tsx$/;

const tracked = execFileSync('git', ['ls-files', ...SOURCE_ROOTS], { encoding: 'utf8' }).split('\n').filter(Boolean);

export function misnamed(paths: readonly string[]): string[] {
  const wrong = new Set<string>();
  for (const file of paths) {
    const segments = file.split('/');
    segments.forEach((segment, i) => {
      const isFile = i === segments.length - 1;
      if (KEBAB.test(segment) || (isFile && COMPONENT.test(segment))) return;
      wrong.add(segments.slice(0, i + 1).join('/'));
    });
  }
  return [...wrong].sort();
}

describe('file names', () => {
  it('are kebab-case, components PascalCase', () => {
    expect(tracked.length).toBeGreaterThan(100);
    expect(misnamed(tracked)).toEqual([]);
  });

  it('refuses camelCase files and folders, and PascalCase outside components', () => {
    expect(misnamed(['machines/officeSearch.ts', 'machines/backOffice/rules.ts', 'src/web/hooks/useT.ts', 'src/web/Widget.ts', 'src/web/App.tsx', 'src/web/styles/_forms.scss'])).toEqual([
      'machines/backOffice',
      'machines/officeSearch.ts',
      'src/web/Widget.ts',
      'src/web/hooks/useT.ts',
    ]);
  });
});
