// `npm run diagrams`: writes docs/machines/ from machines/registry.ts — for every machine a Mermaid
// diagram (.mmd), its SVG picture, an analyst page with the legend (.md) and SCXML (.scxml); for a
// machine too big for one picture, a .mmd and .svg per part as well; the system picture (which
// machine talks to which); and the index README.md. Text output is deterministic and drift-tested
// by tests/docs/diagrams.test.ts; SVGs are rendered in Chromium only when their .mmd changed
// (scripts/diagrams/svg.ts) and tied to it by its hash. `--no-svg` skips rendering.
import fs from 'node:fs';
import path from 'node:path';
import { machineRegistry } from '#machines/registry.ts';
import { assertSentences } from './diagrams/legend.ts';
import { indexPage, machinePage, systemMermaid } from './diagrams/markdown.ts';
import { toMermaid } from './diagrams/mermaid.ts';
import { partId, partsOf, subPartsOf } from './diagrams/parts.ts';
import { toScxml } from './diagrams/scxml.ts';
import { isSvgCurrent, renderSvg } from './diagrams/svg.ts';

const outDir = path.resolve(import.meta.dirname, '../docs/machines');
fs.mkdirSync(outDir, { recursive: true });

// A guard or action without its plain-language sentence stops here, before anything is written.
for (const info of machineRegistry) assertSentences(info);

const wanted = new Map<string, string>([
  ['README.md', indexPage(machineRegistry)],
  ['system.mmd', systemMermaid(machineRegistry)],
]);
for (const info of machineRegistry) {
  wanted.set(`${info.id}.mmd`, toMermaid(info.machine, { notes: info }));
  wanted.set(`${info.id}.md`, machinePage(info));
  wanted.set(`${info.id}.scxml`, toScxml(info.machine));
  for (const part of partsOf(info.machine)) {
    wanted.set(`${partId(info.machine, part)}.mmd`, toMermaid(info.machine, { notes: info, part, collapse: subPartsOf(info.machine, part) }));
  }
}
const pictures = [...wanted.keys()].filter((file) => file.endsWith('.mmd')).map((file) => file.slice(0, -'.mmd'.length));
const svgs = new Set(pictures.map((stem) => `${stem}.svg`));

// A machine that was removed or renamed must not leave its old diagram behind.
for (const file of fs.readdirSync(outDir)) {
  if (/\.(mmd|md|scxml|svg)$/.test(file) && !wanted.has(file) && !svgs.has(file)) {
    fs.rmSync(path.join(outDir, file));
    console.log(`removed docs/machines/${file}`);
  }
}

for (const [file, content] of wanted) {
  const target = path.join(outDir, file);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  if (current === content) continue;
  fs.writeFileSync(target, content);
  console.log(`wrote docs/machines/${file}`);
}

if (process.argv.includes('--no-svg')) {
  console.log('SVG pictures not rendered (--no-svg)');
} else {
  for (const stem of pictures) {
    const target = path.join(outDir, `${stem}.svg`);
    const svg = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
    if (isSvgCurrent(svg, stem, wanted.get(`${stem}.mmd`) ?? '')) continue;
    renderSvg(outDir, stem);
    console.log(`rendered docs/machines/${stem}.svg`);
  }
}
console.log(`docs/machines: ${machineRegistry.length} machines up to date`);
