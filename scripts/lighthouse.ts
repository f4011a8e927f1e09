// `npm run lighthouse`: builds the SPA into a folder of its own, starts the real portal on a free
// port, and runs Lighthouse (mobile emulation and simulated throttling, Lighthouse's defaults) on
// the home page and the startup service page with Debian's Chromium. Prints the four category
// scores and the compressed JavaScript the page loaded before any interaction, lists what
// Lighthouse flagged, and writes the figures into docs/performance.md between the
// `<!-- lighthouse:start -->` and `<!-- lighthouse:end -->` markers (the rest of the file, written
// by `npm run bench`, is kept).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../tests/support/server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const PAGES = [
  { name: 'Home', path: '/' },
  { name: 'Startup service', path: '/startup-service' },
];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const JS_BUDGET_KB = 150;
const REPORT = path.resolve('docs/performance.md');
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';

interface NetworkRequest {
  url: string;
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { type?: string; items?: unknown[] };
}

interface Result {
  page: string;
  url: string;
  scores: Record<Category, number>;
  jsBytes: number;
  jsFiles: number;
  /** The largest scripts: file name and compressed bytes. */
  jsLargest: [string, number][];
  flagged: string[];
  metrics: Record<string, string>;
  userAgent: string;
  version: string;
}

function build(outDir: string): void {
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('vite build failed');
}

/** JavaScript as it crossed the network (compressed, headers included) during the page load. */
function javascriptOf(requests: NetworkRequest[]): { bytes: number; files: number; largest: [string, number][] } {
  const scripts = requests.filter((r) => r.resourceType === 'Script' || /javascript/.test(r.mimeType ?? ''));
  const largest = scripts
    .map((r): [string, number] => [new URL(r.url).pathname.split('/').pop() ?? r.url, r.transferSize ?? 0])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6);
  return { bytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0), files: scripts.length, largest };
}

async function audit(url: string, port: number, name: string): Promise<Result> {
  const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = runner.lhr;
  // LIGHTHOUSE_REPORT_DIR=folder keeps each page's full JSON report, for a closer look.
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    await fs.mkdir(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
    await fs.writeFile(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${name.toLowerCase().replace(/\W+/g, '-')}.json`), JSON.stringify(lhr, null, 1));
  }
  const audits = lhr.audits as unknown as Record<string, Audit>;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
  const requests = (audits['network-requests']?.details?.items ?? []) as NetworkRequest[];
  const js = javascriptOf(requests);
  const flagged: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
      if (category === 'performance' && ref.weight === 0 && a.scoreDisplayMode !== 'metricSavings') continue;
      flagged.push(`[${category}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
  const metrics: Record<string, string> = {};
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    if (audits[id]?.displayValue) metrics[id] = audits[id].displayValue!;
  }
  return { page: name, url, scores, jsBytes: js.bytes, jsFiles: js.files, jsLargest: js.largest, flagged: [...new Set(flagged)], metrics, userAgent: lhr.environment.hostUserAgent, version: lhr.lighthouseVersion };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mark = (ok: boolean) => (ok ? '✅' : '❌');

function section(results: Result[]): string {
  const chromium = /Chrome\/([\d.]+)/.exec(results[0]?.userAgent ?? '')?.[1] ?? 'unknown';
  const rows = results.map((r) => {
    const cells = CATEGORIES.map((c) => `${r.scores[c]} ${mark(r.scores[c] >= TARGETS[c])}`);
    return `| ${r.page} | ${cells.join(' | ')} | ${kb(r.jsBytes)} KB in ${r.jsFiles} files ${mark(r.jsBytes <= JS_BUDGET_KB * 1024)} |`;
  });
  const metrics = results.map((r) => `- ${r.page}: ${Object.entries(r.metrics).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const largest = results.map((r) => `- ${r.page}: ${r.jsLargest.map(([file, bytes]) => `${file} ${kb(bytes)} KB`).join(', ')}`);
  const flagged = results.flatMap((r) => (r.flagged.length ? r.flagged.map((f) => `- ${r.page}: ${f}`) : [`- ${r.page}: nothing`]));
  return [
    START,
    '## Lighthouse',
    '',
    'Written by `npm run lighthouse` — do not edit by hand. The production build served by the real',
    'portal, audited with Lighthouse\'s defaults: mobile emulation (Moto G Power viewport, 4× CPU',
    'slowdown) and simulated Slow 4G throttling.',
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    `- Lighthouse ${results[0]?.version ?? '?'}, Chromium ${chromium} (headless), ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
    `- Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']}, SEO ${TARGETS.seo}, JavaScript before interaction ≤ ${JS_BUDGET_KB} KB compressed`,
    '',
    '| page | performance | accessibility | best practices | SEO | JavaScript before interaction (compressed) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'JavaScript before interaction: the transfer size (compressed, as sent) of every script the',
    'page loaded during Lighthouse\'s navigation, in which nobody interacts with the page.',
    'Largest scripts:',
    '',
    ...largest,
    '',
    'Metrics:',
    '',
    ...metrics,
    '',
    'Audits below 0.9:',
    '',
    ...flagged,
    END,
  ].join('\n');
}

async function writeSection(text: string): Promise<void> {
  const previous = await fs.readFile(REPORT, 'utf8').catch(() => '');
  const pattern = new RegExp(`${START}[\\s\\S]*?${END}`);
  const next = pattern.test(previous) ? previous.replace(pattern, text) : `${previous.replace(/\s*$/, '')}${previous ? '\n\n' : ''}${text}\n`;
  await fs.writeFile(REPORT, next);
}

async function main(): Promise<void> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-lighthouse-dist-'));
  console.log('Building…');
  build(outDir);
  const server = await startServer({ STATIC_DIR: outDir });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'error' });
  const results: Result[] = [];
  try {
    for (const page of PAGES) {
      const url = `${server.baseUrl}${page.path}`;
      console.log(`Auditing ${url}…`);
      results.push(await audit(url, chrome.port, page.name));
    }
  } finally {
    chrome.kill();
    await server.stop();
    await fs.rm(server.dataDir, { recursive: true, force: true });
    await fs.rm(outDir, { recursive: true, force: true });
  }
  for (const r of results) {
    console.log(`\n${r.page} (${r.url})`);
    for (const c of CATEGORIES) console.log(`  ${c.padEnd(15)} ${String(r.scores[c]).padStart(3)}  ${mark(r.scores[c] >= TARGETS[c])} (target ${c === 'performance' ? '≥ ' : ''}${TARGETS[c]})`);
    console.log(`  JavaScript before interaction: ${kb(r.jsBytes)} KB compressed in ${r.jsFiles} files ${mark(r.jsBytes <= JS_BUDGET_KB * 1024)} (budget ${JS_BUDGET_KB} KB)`);
    console.log(`  largest: ${r.jsLargest.map(([file, bytes]) => `${file} ${kb(bytes)} KB`).join(', ')}`);
    console.log(`  ${Object.entries(r.metrics).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    for (const f of r.flagged) console.log(`  flagged ${f}`);
  }
  await writeSection(section(results));
  console.log(`\nWritten to ${path.relative(process.cwd(), REPORT)} (section "## Lighthouse").`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
