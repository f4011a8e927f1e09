// Comments cite what a reader can open (docs/architecture.md, "Rules that hold the house"): the spec,
// docs/ and the code, never the tracker's issue numbers, which say nothing to someone reading the file.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOTS = ['src', 'machines', 'mocks', 'tests', 'scripts'];
const SOURCE = /\.(ts|tsx|mjs|js|scss)$/;
/** "Issue #14.9", "issue #13", "issues #12, #23.3". */
const ISSUE_CITATION = /\bissues? #\d/i;

const tracked = execFileSync('git', ['ls-files', ...SOURCE_ROOTS], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file));

function citingIssues(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    text.split('\n').flatMap((line, i) => (ISSUE_CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('comments', () => {
  it('cite no issue numbers', () => {
    expect(tracked.length).toBeGreaterThan(100);
    // This file names the pattern itself.
    const files = Object.fromEntries(tracked.filter((file) => !file.endsWith('comment-citations.test.ts')).map((file) => [file, readFileSync(file, 'utf8')]));
    expect(citingIssues(files)).toEqual([]);
  });

  it('finds the shapes an issue citation takes, and leaves other numbers alone', () => {
    const found = citingIssues({
      'a.ts': '// Issue #14.9: one empty value\nconst x = 1;',
      'b.ts': '/** issues #12, #23.3 */',
      'c.ts': "const colour = '#123456'; // spec §4 #2",
    });
    expect(found).toEqual(['a.ts:1: // Issue #14.9: one empty value', 'b.ts:1: /** issues #12, #23.3 */']);
  });
});
