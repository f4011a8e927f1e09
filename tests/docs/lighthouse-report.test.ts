// The Lighthouse section's "why" (scripts/lighthouse/report.ts, composition.ts): a page that misses a
// target is explained by its worst run's main-thread breakdown and by what its JavaScript is made
// of; a page that meets every target is not listed.
import { describe, expect, it } from 'vitest';
import type { PageRun } from '#scripts/lighthouse/audit.ts';
import { compositionRecorder, pageComposition, type Composition } from '#scripts/lighthouse/composition.ts';
import { section, type PageResult } from '#scripts/lighthouse/report.ts';

function run(performance: number, overrides: Partial<PageRun> = {}): PageRun {
  return {
    url: 'http://localhost/',
    jsAll: ['shell.js', 'page.js'],
    why: {
      byKind: [['Script Evaluation', 900]],
      byScript: [['shell.js', 640]],
      longest: [['shell.js', 148]],
      lcp: { selector: 'main > p.lead', subparts: [['Element render delay', 394.3]] },
    },
    scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
    jsBytes: 100 * 1024,
    jsFiles: 2,
    jsLargest: [['shell.js', 90 * 1024]],
    tbtMs: 237,
    cls: 0.005,
    lcpMs: 3362,
    flagged: [],
    userAgent: 'Chrome/156.0.0.0',
    version: '13.5.0',
    ...overrides,
  };
}

const composition: Composition = new Map([
  ['shell.js', new Map([['react-dom', 70 * 1024], ['our screens and shell', 10 * 1024]])],
  ['page.js', new Map([['axios', 20 * 1024], ['our screens and shell', 5 * 1024]])],
]);

const narrow = { name: 'Wizard step', scores: [100], flagged: [] };
const load = { before: '0.1', after: '0.2' };

describe('the Lighthouse report', () => {
  it('splits a page’s scripts by package, each file counted once', () => {
    expect(pageComposition(composition, ['shell.js', 'page.js', 'shell.js'])).toEqual([
      ['react-dom', 70 * 1024],
      ['axios', 20 * 1024],
      ['our screens and shell', 15 * 1024],
    ]);
  });

  it('explains a page that misses a target with its worst run and its composition', () => {
    const page: PageResult = { name: 'Private area', signedIn: 'Giulia', indexable: false, runs: [run(90), run(80, { tbtMs: 612 })] };
    const text = section([page], [], narrow, load, composition);
    expect(text).toContain('### Why the targets that are not met are not met');
    expect(text).toContain('**Private area** (worst run: performance 80, TBT 612 ms');
    expect(text).toContain('main thread: Script Evaluation 900 ms; scripts by main-thread time: shell.js 640 ms; longest tasks: shell.js 148 ms; largest contentful paint: `main > p.lead` (Element render delay 394 ms)');
    expect(text).toContain("react-dom 70.0, axios 20.0, our screens and shell 15.0; the design card's libraries (react-dom, react, react-router, xstate, react-intl, axios) alone 90.0 KB");
  });

  it('lists nothing for a page that meets every target', () => {
    const page: PageResult = { name: 'Home', signedIn: '—', indexable: true, runs: [run(97), run(96)] };
    expect(section([page], [], narrow, load, composition)).not.toContain('Why the targets');
  });

  it('records each chunk’s gzip size split by the packages of its modules', () => {
    const { plugin, composition: recorded } = compositionRecorder();
    const code = 'x'.repeat(3000);
    const bundle = {
      'assets/shell-abc.js': {
        type: 'chunk',
        fileName: 'assets/shell-abc.js',
        code,
        modules: { '/app/node_modules/react-dom/cjs/client.js': { renderedLength: 3000 }, '/app/src/web/App.tsx': { renderedLength: 1000 } },
      },
      'assets/main.css': { type: 'asset', fileName: 'assets/main.css' },
    };
    (plugin.generateBundle as unknown as (o: unknown, b: unknown) => void).call({}, {}, bundle);
    const shares = recorded.get('shell-abc.js')!;
    expect([...shares.keys()]).toEqual(['react-dom', 'our screens and shell']);
    expect(shares.get('react-dom')! / shares.get('our screens and shell')!).toBeCloseTo(3);
    expect(recorded.has('main.css')).toBe(false);
  });

  it('weighs each package by how well its own code compresses', () => {
    const { plugin, composition: recorded } = compositionRecorder();
    const repetitive = 'a'.repeat(4000);
    const varied = Array.from({ length: 400 }, (_, i) => `v${(i * 7919) % 1000}`).join(';');
    const bundle = {
      'assets/page.js': {
        type: 'chunk',
        fileName: 'assets/page.js',
        code: `${repetitive}\n${varied}`,
        modules: { '/app/node_modules/axios/index.js': { renderedLength: repetitive.length, code: repetitive }, '/app/src/web/Page.tsx': { renderedLength: varied.length, code: varied } },
      },
    };
    (plugin.generateBundle as unknown as (o: unknown, b: unknown) => void).call({}, {}, bundle);
    const shares = recorded.get('page.js')!;
    // Longer but repetitive, axios compresses to far less than the varied code beside it.
    expect(shares.get('axios')!).toBeLessThan(shares.get('our screens and shell')! / 4);
  });
});
