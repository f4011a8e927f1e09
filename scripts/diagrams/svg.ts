// SVG pictures of the Mermaid diagrams, for readers without Mermaid tooling. Rendered by
// @mermaid-js/mermaid-cli in Debian's Chromium (/usr/bin/chromium; no browser is downloaded), which
// takes seconds per diagram: `npm run diagrams` renders only the SVGs whose .mmd changed, and
// `npm test` never renders. Rendered bytes vary with fonts and versions, so an SVG is tied to its
// .mmd by the SHA-256 of the .mmd text, written in a comment at the top of the SVG; the drift test
// (tests/docs/diagrams.test.ts) checks that hash against the current .mmd.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const MMDC = path.resolve(import.meta.dirname, '../../node_modules/.bin/mmdc');

/** SVG labels as SVG text: with HTML labels (the default) a headless render leaves them blank. */
const MERMAID_CONFIG = { htmlLabels: false, flowchart: { htmlLabels: false }, state: { htmlLabels: false } };

export function mmdHash(mmd: string): string {
  return createHash('sha256').update(mmd).digest('hex');
}

const MARK = /^<!-- Rendered by npm run diagrams from (\S+)\.mmd, sha256 ([0-9a-f]{64})\. Do not edit\. -->\n/;

/** The .mmd name and hash an SVG was rendered from, or null for an SVG without the mark. */
export function svgSource(svg: string): { stem: string; hash: string } | null {
  const found = MARK.exec(svg);
  return found ? { stem: found[1] ?? '', hash: found[2] ?? '' } : null;
}

export function isSvgCurrent(svg: string | null, stem: string, mmd: string): boolean {
  const source = svg === null ? null : svgSource(svg);
  return source !== null && source.stem === stem && source.hash === mmdHash(mmd);
}

/** Renders `<stem>.mmd` of `dir` into `<stem>.svg`, marked with the .mmd's hash. */
export function renderSvg(dir: string, stem: string): void {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`SVG rendering needs Chromium at ${CHROMIUM} (apt-get install chromium)`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
  try {
    const puppeteer = path.join(work, 'puppeteer.json');
    const config = path.join(work, 'mermaid.json');
    const output = path.join(work, `${stem}.svg`);
    fs.writeFileSync(puppeteer, JSON.stringify({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless'] }));
    fs.writeFileSync(config, JSON.stringify(MERMAID_CONFIG));
    const input = path.join(dir, `${stem}.mmd`);
    execFileSync(MMDC, ['--quiet', '-p', puppeteer, '-c', config, '-b', 'white', '-i', input, '-o', output], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
    });
    const svg = fs.readFileSync(output, 'utf8').replace(/^<\?xml[^>]*>\s*/, '');
    const mmd = fs.readFileSync(input, 'utf8');
    fs.writeFileSync(
      path.join(dir, `${stem}.svg`),
      `<!-- Rendered by npm run diagrams from ${stem}.mmd, sha256 ${mmdHash(mmd)}. Do not edit. -->\n${svg}${svg.endsWith('\n') ? '' : '\n'}`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
