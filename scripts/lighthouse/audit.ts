// One Lighthouse navigation of one page in a given tab (mobile emulation and simulated Slow 4G,
// Lighthouse's defaults), and one timespan over an interaction; each reduced to the figures the
// report keeps.
import fs from 'node:fs/promises';
import path from 'node:path';
import { navigation, startTimespan, type Result as LighthouseResult } from 'lighthouse';
import type { Page } from 'puppeteer-core';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

interface NetworkRequest {
  url: string;
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { type?: string; items?: unknown[] };
}

/** Where the main thread's time went (Lighthouse's own audits), for the report's "why". */
export interface MainThreadWhy {
  /** Main-thread time by kind of work (ms), largest first: script evaluation, style & layout… */
  byKind: [string, number][];
  /** Scripts by main-thread time (ms: evaluation plus parse and compile), largest first. */
  byScript: [string, number][];
  /** The longest tasks: the script each is attributed to and its length (ms). */
  longest: [string, number][];
  /** The element of the largest contentful paint (its CSS selector) and its subparts (ms). */
  lcp?: { selector: string; subparts: [string, number][] };
}

export interface PageRun {
  url: string;
  /** Every script the navigation loaded (file names), for the report's composition by package. */
  jsAll: string[];
  why: MainThreadWhy;
  scores: Record<Category, number>;
  /** Compressed JavaScript loaded during the navigation, in which nobody interacts. */
  jsBytes: number;
  jsFiles: number;
  /** The largest scripts: file name and compressed bytes. */
  jsLargest: [string, number][];
  tbtMs: number;
  cls: number;
  lcpMs: number;
  /** Audits below 0.9 that count, as "[category] id: title (value)". */
  flagged: string[];
  userAgent: string;
  version: string;
}

export interface SpanRun {
  tbtMs: number;
  cls: number;
  flagged: string[];
  why?: MainThreadWhy;
}

const FLAGS = { logLevel: 'error', output: 'json' } as const;

/** JavaScript as it crossed the network (compressed, headers included) during the page load. */
const fileOf = (url: string) => (/^https?:/.test(url) ? (new URL(url).pathname.split('/').pop() ?? url) : url);

function javascriptOf(requests: NetworkRequest[]): { bytes: number; files: number; largest: [string, number][]; all: string[] } {
  const scripts = requests.filter((r) => r.resourceType === 'Script' || /javascript/.test(r.mimeType ?? ''));
  const sized = scripts.map((r): [string, number] => [fileOf(r.url), r.transferSize ?? 0]).sort((a, b) => b[1] - a[1]);
  return {
    bytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    files: scripts.length,
    largest: sized.slice(0, 6),
    all: sized.map(([file]) => file),
  };
}

type Items = Record<string, unknown>[];
const itemsOf = (audits: Record<string, Audit>, id: string) => (audits[id]?.details?.items ?? []) as Items;

function mainThreadOf(audits: Record<string, Audit>): MainThreadWhy {
  const byKind = itemsOf(audits, 'mainthread-work-breakdown').map((i): [string, number] => [String(i.groupLabel ?? i.group), Number(i.duration)]);
  const byScript = itemsOf(audits, 'bootup-time').map((i): [string, number] => [fileOf(String(i.url)), Number(i.total)]);
  const longest = itemsOf(audits, 'long-tasks').map((i): [string, number] => [fileOf(String(i.url)), Number(i.duration)]);
  const top = (list: [string, number][], n: number) => list.sort((a, b) => b[1] - a[1]).slice(0, n);
  const lcp = lcpOf(audits);
  return { byKind: top(byKind, 5), byScript: top(byScript, 4), longest: top(longest, 4), ...(lcp ? { lcp } : {}) };
}

/** Lighthouse's LCP breakdown: a table of subparts and the element's node. */
function lcpOf(audits: Record<string, Audit>): MainThreadWhy['lcp'] | null {
  const parts = itemsOf(audits, 'lcp-breakdown-insight') as { type?: string; items?: Items; selector?: string }[];
  const node = parts.find((p) => p.type === 'node');
  if (!node?.selector) return null;
  const table = parts.find((p) => p.type === 'table')?.items ?? [];
  return { selector: node.selector, subparts: table.map((i): [string, number] => [String(i.label ?? i.subpart), Number(i.duration)]) };
}

function flaggedOf(lhr: LighthouseResult, categories: readonly string[]): string[] {
  const audits = lhr.audits as unknown as Record<string, Audit>;
  const flagged: string[] = [];
  for (const category of categories) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9 || ['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode)) continue;
      if (category === 'performance' && ref.weight === 0 && a.scoreDisplayMode !== 'metricSavings') continue;
      flagged.push(`[${category}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
  return [...new Set(flagged)];
}

async function keep(lhr: LighthouseResult, name: string): Promise<void> {
  // LIGHTHOUSE_REPORT_DIR=folder keeps each run's full JSON report, for a closer look.
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!dir) return;
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, `${name.toLowerCase().replace(/\W+/g, '-')}.json`), JSON.stringify(lhr, null, 1));
}

const numeric = (audits: Record<string, Audit>, id: string) => audits[id]?.numericValue ?? Number.NaN;

/** A phone 375 px wide (Lighthouse's own mobile default is 412 px). */
const NARROW_PHONE = { mobile: true, width: 375, height: 667, deviceScaleFactor: 2, disabled: false };

/**
 * Lighthouse's own trace failures, which say nothing about the page: the trace missed the page's
 * navigation start (seen when the tab's new renderer process starts tracing late), and Lighthouse
 * asks to be run again. Such a run has no figures; it is measured again (at most twice) instead of
 * ending `npm run lighthouse` with every figure measured so far lost.
 */
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

export async function auditPage(page: Page, url: string, name: string): Promise<PageRun> {
  let runner = await navigation(page, url, { flags: { ...FLAGS, onlyCategories: [...CATEGORIES] } });
  for (let retry = 1; retry <= 2 && TRACE_FAILURES.has(runner?.lhr.runtimeError?.code ?? ''); retry++) {
    console.log(`  ${name}: ${runner!.lhr.runtimeError!.code}, measured again (${retry}/2)`);
    runner = await navigation(page, url, { flags: { ...FLAGS, onlyCategories: [...CATEGORIES] } });
  }
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = runner.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  await keep(lhr, name);
  const audits = lhr.audits as unknown as Record<string, Audit>;
  const js = javascriptOf((audits['network-requests']?.details?.items ?? []) as NetworkRequest[]);
  return {
    url: lhr.finalDisplayedUrl,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>,
    jsAll: js.all,
    why: mainThreadOf(audits),
    jsBytes: js.bytes,
    jsFiles: js.files,
    jsLargest: js.largest,
    tbtMs: numeric(audits, 'total-blocking-time'),
    cls: numeric(audits, 'cumulative-layout-shift'),
    lcpMs: numeric(audits, 'largest-contentful-paint'),
    flagged: flaggedOf(lhr, CATEGORIES),
    userAgent: lhr.environment.hostUserAgent,
    version: lhr.lighthouseVersion,
  };
}

/** The accessibility score of `url` on a 375 px phone. */
export async function auditNarrowAccessibility(page: Page, url: string, name: string): Promise<{ score: number; flagged: string[] }> {
  const runner = await navigation(page, url, { flags: { ...FLAGS, onlyCategories: ['accessibility'], formFactor: 'mobile', screenEmulation: NARROW_PHONE } });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = runner.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  await keep(lhr, name);
  return { score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100), flagged: flaggedOf(lhr, ['accessibility']) };
}

/** Lighthouse's timespan over `act` (timespans throttle the CPU for real: 4× slower, devtools throttling). */
export async function auditSpan(page: Page, name: string, act: () => Promise<void>): Promise<SpanRun> {
  const span = await startTimespan(page, { flags: { ...FLAGS, onlyCategories: ['performance'] } });
  try {
    await act();
  } catch (error) {
    // Ends the trace the timespan started, or every later timespan fails with TRACING_ALREADY_STARTED.
    await span.endTimespan().catch(() => undefined);
    throw error;
  }
  const runner = await span.endTimespan();
  if (!runner) throw new Error(`Lighthouse returned nothing for the timespan ${name}`);
  const lhr = runner.lhr;
  await keep(lhr, name);
  const audits = lhr.audits as unknown as Record<string, Audit & { errorMessage?: string }>;
  const broken = ['total-blocking-time', 'cumulative-layout-shift'].map((id) => audits[id]?.errorMessage).find(Boolean);
  if (broken) throw new Error(`the timespan ${name} measured nothing: ${broken}`);
  return {
    tbtMs: numeric(audits, 'total-blocking-time'),
    cls: numeric(audits, 'cumulative-layout-shift'),
    flagged: flaggedOf(lhr, ['performance']),
    why: mainThreadOf(audits),
  };
}
