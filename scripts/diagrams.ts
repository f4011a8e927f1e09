// `npm run diagrams`: writes docs/machines/ from machines/registry.ts — for every machine a Mermaid
// diagram (.mmd), an analyst page (.md) and SCXML (.scxml), plus the index README.md. Output is
// deterministic; tests/docs/diagrams.test.ts fails when a committed file no longer matches.
import fs from 'node:fs';
import path from 'node:path';
import { machineRegistry } from '../machines/registry.ts';
import { indexPage, machinePage } from './diagrams/markdown.ts';
import { toMermaid } from './diagrams/mermaid.ts';
import { toScxml } from './diagrams/scxml.ts';

const outDir = path.resolve(import.meta.dirname, '../docs/machines');
fs.mkdirSync(outDir, { recursive: true });

const wanted = new Map<string, string>([['README.md', indexPage(machineRegistry)]]);
for (const info of machineRegistry) {
  wanted.set(`${info.id}.mmd`, toMermaid(info.machine));
  wanted.set(`${info.id}.md`, machinePage(info));
  wanted.set(`${info.id}.scxml`, toScxml(info.machine));
}

// A machine that was removed or renamed must not leave its old diagram behind.
for (const file of fs.readdirSync(outDir)) {
  if (/\.(mmd|md|scxml)$/.test(file) && !wanted.has(file)) {
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
console.log(`docs/machines: ${machineRegistry.length} machines up to date`);
