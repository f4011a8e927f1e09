// Drift guard: the committed files in docs/machines/ must be exactly what the machines produce.
// Under CI (CI=true) vitest does not write file snapshots, so a stale diagram fails the build;
// locally `npm run diagrams` (or `vitest -u`) rewrites them.
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry.ts';
import { indexPage, machinePage } from '../../scripts/diagrams/markdown.ts';
import { toMermaid } from '../../scripts/diagrams/mermaid.ts';
import { toScxml } from '../../scripts/diagrams/scxml.ts';
import { listStates } from '../../scripts/diagrams/walk.ts';
import { allElements, parseXml } from './support/xml.ts';

// Paths are resolved against this file's directory.
const docs = (file: string) => `../../docs/machines/${file}`;

describe.each(machineRegistry.map((info) => [info.id, info] as const))('%s', (id, info) => {
  it('Mermaid diagram is up to date', async () => {
    await expect(toMermaid(info.machine)).toMatchFileSnapshot(docs(`${id}.mmd`));
  });

  it('SCXML is up to date', async () => {
    await expect(toScxml(info.machine)).toMatchFileSnapshot(docs(`${id}.scxml`));
  });

  it('analyst page is up to date', async () => {
    await expect(machinePage(info)).toMatchFileSnapshot(docs(`${id}.md`));
  });

  it('SCXML is well formed, with an initial state and resolvable references', () => {
    const root = parseXml(toScxml(info.machine));
    expect(root.name).toBe('scxml');
    expect(root.attrs).toMatchObject({ xmlns: 'http://www.w3.org/2005/07/scxml', version: '1.0', name: id });
    const elements = allElements(root);
    const ids = new Set(elements.flatMap((element) => (element.attrs.id && element.name !== 'send' && element.name !== 'invoke' ? [element.attrs.id] : [])));
    expect(root.attrs.initial && ids.has(root.attrs.initial)).toBe(true);
    for (const state of listStates(info.machine)) expect(ids, `state ${state.key}`).toContain(state.key);
    const references = elements.flatMap((element) => [element.attrs.target, element.name === 'scxml' ? undefined : element.attrs.initial]);
    for (const reference of references.flatMap((value) => value?.split(' ') ?? [])) expect(ids, `reference ${reference}`).toContain(reference);
  });

  it('Mermaid declares every state it connects', () => {
    const mermaid = toMermaid(info.machine);
    const declared = new Set([...mermaid.matchAll(/^\s*state "[^"]*" as (\w+)/gm)].map((match) => match[1]));
    for (const [, from, to] of mermaid.matchAll(/^\s*(\S+) --> (\S+)/gm)) {
      for (const end of [from, to]) if (end !== '[*]') expect(declared, `${end} in ${id}.mmd`).toContain(end);
    }
  });

  it('is registered under its own id, with a title and a purpose', () => {
    expect(info.machine.id).toBe(id);
    expect(info.title.trim()).not.toBe('');
    expect(info.purpose.length).toBeGreaterThan(80);
  });
});

describe('index', () => {
  it('is up to date', async () => {
    await expect(indexPage(machineRegistry)).toMatchFileSnapshot(docs('README.md'));
  });

  it('registers each machine once', () => {
    const ids = machineRegistry.map((info) => info.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
