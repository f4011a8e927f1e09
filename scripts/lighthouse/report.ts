// The Lighthouse section of docs/performance.md: every page's runs reduced to the median and the
// worst run (the score must hold on any run, not the best one), judged against the targets of
// docs/performance.md "Lighthouse" on the worst run, and the interaction timespans the same way.
import fs from 'node:fs/promises';
import os from 'node:os';
import { CATEGORIES, type Category, type MainThreadWhy, type PageRun, type SpanRun } from './audit.ts';
import { DESIGN_LIBRARIES, pageComposition, type Composition } from './composition.ts';

export const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
export const JS_BUDGET_KB = 150;
export const SPAN_TBT_MS = 50;
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';

export interface PageResult {
  name: string;
  signedIn: string;
  /** Public pages are meant for search engines; signed-in pages are kept out of them (robots.txt), so SEO has no target there. */
  indexable: boolean;
  runs: PageRun[];
}

/** The wizard step's accessibility on a 375 px phone, run by run (the wizard's accessibility target, docs/performance.md "Lighthouse"). */
export interface NarrowResult {
  name: string;
  scores: number[];
  flagged: string[];
}

const targetOf = (result: PageResult, category: Category): number | null => (category === 'seo' && !result.indexable ? null : TARGETS[category]);

export interface SpanResult {
  name: string;
  runs: SpanRun[];
}

export interface Load {
  before: string;
  after: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median and worst: the lowest for scores, the highest for costs. */
function spread(values: number[], higherIsBetter: boolean): { median: number; worst: number } {
  return { median: median(values), worst: higherIsBetter ? Math.min(...values) : Math.max(...values) };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mark = (ok: boolean) => (ok ? '✅' : '❌');
const cls = (value: number) => value.toFixed(3);
const ms = (value: number) => `${Math.round(value)}`;

export function pageMeetsTargets(result: PageResult): boolean {
  return (
    CATEGORIES.every(
      (c) =>
        spread(
          result.runs.map((r) => r.scores[c]),
          true,
        ).worst >= (targetOf(result, c) ?? 0),
    ) &&
    spread(
      result.runs.map((r) => r.jsBytes),
      false,
    ).worst <=
      JS_BUDGET_KB * 1024
  );
}

function scoreCell(result: PageResult, category: Category): string {
  const { median: mid, worst } = spread(
    result.runs.map((r) => r.scores[category]),
    true,
  );
  const target = targetOf(result, category);
  return target === null ? `${mid} (${worst}) (not indexed: no target)` : `${mid} (${worst}) ${mark(worst >= target)}`;
}

function pageRow(result: PageResult): string {
  const js = spread(
    result.runs.map((r) => r.jsBytes),
    false,
  );
  const tbt = spread(
    result.runs.map((r) => r.tbtMs),
    false,
  );
  const shift = spread(
    result.runs.map((r) => r.cls),
    false,
  );
  return [
    `| ${result.name} | ${result.signedIn}`,
    ...CATEGORIES.map((c) => scoreCell(result, c)),
    `${kb(js.median)} (${kb(js.worst)}) ${mark(js.worst <= JS_BUDGET_KB * 1024)}`,
    `${ms(tbt.median)} (${ms(tbt.worst)})`,
    `${cls(shift.median)} (${cls(shift.worst)}) |`,
  ].join(' | ');
}

function spanRow(result: SpanResult): string {
  const done = result.runs.filter((r) => !Number.isNaN(r.tbtMs));
  const failed = result.runs.length - done.length;
  if (done.length === 0) return `| ${result.name} | no run completed ❌ | no run completed ❌ |`;
  const tbt = spread(
    done.map((r) => r.tbtMs),
    false,
  );
  const shift = spread(
    done.map((r) => r.cls),
    false,
  );
  const note = failed ? `; ${failed} of ${result.runs.length} runs did not complete ❌` : '';
  return `| ${result.name} | ${ms(tbt.median)} (${ms(tbt.worst)}) ${mark(tbt.worst <= SPAN_TBT_MS)}${note} | ${cls(shift.median)} (${cls(shift.worst)}) ${mark(shift.worst === 0)} |`;
}

const list = (pairs: [string, number][], unit: string) => pairs.map(([name, value]) => `${name} ${Math.round(value)}${unit}`).join(', ');

/** Where the worst run's main thread went: by kind of work, by script, and its longest tasks. */
function whyLine(why: MainThreadWhy | undefined): string {
  if (!why) return '';
  const parts = [
    why.byKind.length ? `main thread: ${list(why.byKind, ' ms')}` : '',
    why.byScript.length ? `scripts by main-thread time: ${list(why.byScript, ' ms')}` : '',
    why.longest.length ? `longest tasks: ${list(why.longest, ' ms')}` : '',
    why.lcp ? `largest contentful paint: \`${why.lcp.selector}\` (${list(why.lcp.subparts, ' ms')})` : '',
  ].filter(Boolean);
  return parts.join('; ');
}

/** The page's JavaScript split by package, and the share the design card's libraries take alone. */
function compositionLine(composition: Composition | null, run: PageRun): string {
  if (!composition) return '';
  const parts = pageComposition(composition, run.jsAll);
  const design = parts.filter(([group]) => DESIGN_LIBRARIES.includes(group)).reduce((sum, [, bytes]) => sum + bytes, 0);
  const shown = parts
    .map(([group, bytes]): [string, number] => [group, bytes / 1024])
    .map(([group, value]) => `${group} ${value.toFixed(1)}`)
    .join(', ');
  return `JavaScript by package (KB gzip, estimated from the build): ${shown}; the design card's libraries (${DESIGN_LIBRARIES.join(', ')}) alone ${kb(design)} KB of the ${JS_BUDGET_KB} KB budget`;
}

/** The worst run of a page (lowest performance score). */
const worstRun = (result: PageResult) => result.runs.reduce((a, b) => (b.scores.performance < a.scores.performance ? b : a));

export function pageWhy(result: PageResult, composition: Composition | null): string[] {
  if (pageMeetsTargets(result)) return [];
  const run = worstRun(result);
  return [
    `- **${result.name}** (worst run: performance ${run.scores.performance}, TBT ${ms(run.tbtMs)} ms, LCP ${ms(run.lcpMs)} ms, CLS ${cls(run.cls)}): ${whyLine(run.why)}.`,
    ...(composition ? [`  ${compositionLine(composition, result.runs[0]!)}.`] : []),
  ];
}

export function spanWhy(result: SpanResult): string[] {
  const done = result.runs.filter((r) => !Number.isNaN(r.tbtMs));
  if (done.length === 0 || done.every((r) => r.tbtMs <= SPAN_TBT_MS && r.cls === 0)) return [];
  const run = done.reduce((a, b) => (b.tbtMs > a.tbtMs ? b : a));
  return [`- **${result.name}** (worst run: TBT ${ms(run.tbtMs)} ms, CLS ${cls(run.cls)}): ${whyLine(run.why) || 'no main-thread breakdown in the timespan'}.`];
}

export function section(pages: PageResult[], spans: SpanResult[], narrow: NarrowResult, load: Load, composition: Composition | null = null): string {
  const first = pages[0]?.runs[0];
  const chromium = /Chrome\/([\d.]+)/.exec(first?.userAgent ?? '')?.[1] ?? 'unknown';
  const runs = pages[0]?.runs.length ?? 0;
  const largest = pages.map((p) => `- ${p.name}: ${p.runs[0]!.jsLargest.map(([file, bytes]) => `${file} ${kb(bytes)} KB`).join(', ')}`);
  const flagged = pages.flatMap((p) => {
    const all = [...new Set(p.runs.flatMap((r) => r.flagged))];
    return all.length ? all.map((f) => `- ${p.name}: ${f}`) : [`- ${p.name}: nothing`];
  });
  const spanFlagged = spans.flatMap((s) => [...new Set(s.runs.flatMap((r) => r.flagged))].map((f) => `- ${s.name}: ${f}`));
  return [
    START,
    '## Lighthouse',
    '',
    'Written by `npm run lighthouse` — do not edit by hand. The production build served by the real',
    "portal, audited with Lighthouse's defaults: mobile emulation (Moto G Power viewport, 4× CPU",
    'slowdown) and simulated Slow 4G throttling, each load cold (caches cleared). Signed-in pages are',
    "measured in the tab where the person signed in through the embedded identity provider (the SPA's",
    'session lives in that tab). Each page is measured several times, rounds interleaved; a cell reads',
    '"median (worst run)", and a target is met only when the worst run meets it.',
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}; ${runs} runs per page`,
    `- Lighthouse ${first?.version ?? '?'}, Chromium ${chromium} (headless), ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
    `- Load average (1, 5, 15 min) before: ${load.before}; after: ${load.after} (other work on the machine slows the main thread: TBT and performance move with it, accessibility and best practices do not)`,
    `- Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']}, SEO ${TARGETS.seo} (public pages), JavaScript before interaction ≤ ${JS_BUDGET_KB} KB compressed; interactions: TBT ≤ ${SPAN_TBT_MS} ms and CLS 0`,
    '',
    '| page | signed in | performance | accessibility | best practices | SEO | JavaScript before interaction (KB compressed) | TBT (ms) | CLS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...pages.map(pageRow),
    '',
    `${narrow.name} on a 375 px phone (the wizard's accessibility target, docs/performance.md "Lighthouse"), accessibility by run: ${narrow.scores.join(', ')} ${mark(Math.min(...narrow.scores) >= TARGETS.accessibility)}${narrow.flagged.length ? ` — flagged: ${narrow.flagged.join('; ')}` : ''}`,
    '',
    'JavaScript before interaction: the transfer size (compressed, as sent) of every script the',
    "page loaded during Lighthouse's navigation, in which nobody interacts with the page.",
    'Largest scripts (first run):',
    '',
    ...largest,
    '',
    '### Interactions (Lighthouse user-flow timespans)',
    '',
    'A timespan records what the page does between the click and the settled next view; Lighthouse',
    'throttles the CPU for real during a timespan (4× slower, devtools throttling).',
    '',
    '| interaction | TBT (ms) | CLS |',
    '|---|---:|---:|',
    ...spans.map(spanRow),
    '',
    ...(() => {
      const why = [...pages.flatMap((p) => pageWhy(p, composition)), ...spans.flatMap(spanWhy)];
      return why.length
        ? [
            '### Why the targets that are not met are not met',
            '',
            "Lighthouse's own breakdown of each page's worst run (main-thread time by kind of work, by",
            "script, and the longest tasks, all under the 4× CPU slowdown), and what the page's",
            'JavaScript is made of.',
            '',
            ...why,
            '',
          ]
        : [];
    })(),
    'Audits below 0.9 in any run:',
    '',
    ...flagged,
    ...spanFlagged,
    END,
  ].join('\n');
}

export async function writeSection(report: string, text: string): Promise<void> {
  const previous = await fs.readFile(report, 'utf8').catch(() => '');
  const pattern = new RegExp(`${START}[\\s\\S]*?${END}`);
  const next = pattern.test(previous) ? previous.replace(pattern, text) : `${previous.replace(/\s*$/, '')}${previous ? '\n\n' : ''}${text}\n`;
  await fs.writeFile(report, next);
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}
