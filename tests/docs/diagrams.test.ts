// Drift guard: the committed files in docs/machines/ must be exactly what the machines produce.
// Under CI (CI=true) vitest does not write file snapshots, so a stale diagram fails the build;
// locally `npm run diagrams` (or `vitest -u`) rewrites them. SVGs are not rendered here (that needs
// Chromium and seconds per picture): each committed SVG must carry the hash of its current .mmd.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emit, setup, type AnyStateNode } from 'xstate';
import { machineRegistry } from '#machines/registry.ts';
import type { MachineInfo } from '#machines/support/machine-info.ts';
import { assertSentences, hasGaps, PENDING_SENTENCES, sentenceGaps } from '#scripts/diagrams/legend.ts';
import { indexPage, machinePage, systemMermaid } from '#scripts/diagrams/markdown.ts';
import { toMermaid } from '#scripts/diagrams/mermaid.ts';
import { partId, partsOf, subPartsOf } from '#scripts/diagrams/parts.ts';
import { SPEC_RULES } from '#scripts/diagrams/rules.ts';
import { toScxml } from '#scripts/diagrams/scxml.ts';
import { isSvgCurrent, svgSource } from '#scripts/diagrams/svg.ts';
import { ADAPTERS, SYSTEM_LINKS } from '#scripts/diagrams/system.ts';
import { eventLabel as eventLabelOf, listStates, listTransitions, pathKey } from '#scripts/diagrams/walk.ts';
import { arrowPairs, drawnTransitions } from './support/mermaid-edges.ts';
import { allElements, parseXml } from './support/xml.ts';

const root = path.resolve(import.meta.dirname, '../..');
// Snapshot paths are resolved against this file's directory.
const docs = (file: string) => `../../docs/machines/${file}`;
const committed = (file: string) => {
  const target = path.join(root, 'docs/machines', file);
  return fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
};

/** What the picture must show: one labelled arrow per transition and per target. */
function expectedDrawn(info: MachineInfo, inside: (sourceOrTarget: string) => boolean = () => true): number {
  return listTransitions(info.machine)
    .filter((transition) => inside(transition.sourceKey) || transition.targets.some((target) => inside(pathKey(target.type === 'history' ? target.parent! : target))))
    .reduce((sum, transition) => sum + Math.max(transition.targets.length, 1), 0);
}

describe.each(machineRegistry.map((info) => [info.id, info] as const))('%s', (id, info) => {
  const mermaid = toMermaid(info.machine, { notes: info });

  it('Mermaid diagram is up to date', async () => {
    await expect(mermaid).toMatchFileSnapshot(docs(`${id}.mmd`));
  });

  it('SCXML is up to date', async () => {
    await expect(toScxml(info.machine)).toMatchFileSnapshot(docs(`${id}.scxml`));
  });

  it('analyst page is up to date', async () => {
    await expect(machinePage(info)).toMatchFileSnapshot(docs(`${id}.md`));
  });

  it('SVG picture was rendered from the current Mermaid diagram', () => {
    const svg = committed(`${id}.svg`);
    expect(svg, `docs/machines/${id}.svg is missing: run npm run diagrams`).not.toBeNull();
    expect(svgSource(svg ?? ''), `docs/machines/${id}.svg has no source mark`).toMatchObject({ stem: id });
    expect(isSvgCurrent(svg, id, mermaid), `docs/machines/${id}.svg is stale: run npm run diagrams`).toBe(true);
    expect(svg).toContain('<svg');
  });

  it('shows every transition of the machine in its picture, self-loops included', () => {
    const drawn = drawnTransitions(mermaid);
    expect(drawn).toHaveLength(expectedDrawn(info));
    // Mermaid keeps one arrow per pair of states: the writer must not leave two.
    const pairs = arrowPairs(mermaid);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const transition of listTransitions(info.machine)) {
      const event = transition.kind === 'event' ? transition.eventType : null;
      const label = `${event}${transition.guard ? ` [${transition.guard}]` : ''}`.replace(/[:;#"]+/g, ' ').replace(/\s+/g, ' ');
      if (event) expect(drawn.some((edge) => edge.label.startsWith(label)), `${transition.key}`).toBe(true);
    }
  });

  it('has a plain-language sentence for every guard and action (or is still pending)', () => {
    const gaps = sentenceGaps(info);
    if (PENDING_SENTENCES.has(id)) {
      // The pending list only shrinks: a machine whose sentences are complete leaves it.
      expect(hasGaps(gaps), `${id} has every sentence: remove it from PENDING_SENTENCES`).toBe(true);
    } else {
      expect(gaps).toEqual({ missingGuards: [], missingActions: [], unusedGuards: [], unusedActions: [] });
      expect(() => assertSentences(info)).not.toThrow();
    }
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

const parts = machineRegistry.flatMap((info) => partsOf(info.machine).map((part) => [partId(info.machine, part), info, part] as const));

describe('machines too big for one picture', () => {
  it('draft is drawn part by part as well', () => {
    // Below its single region (running.lifecycle), the composite steps of the draft's life.
    expect(parts.map(([stem]) => stem)).toEqual(expect.arrayContaining(['draft.running.lifecycle.saving', 'draft.running.lifecycle.aborting']));
  });

  it.each(parts)('%s: Mermaid is up to date, its SVG current, every transition in or out of it drawn', async (stem, info, part) => {
    const collapse = subPartsOf(info.machine, part);
    const mermaid = toMermaid(info.machine, { notes: info, part, collapse });
    await expect(mermaid).toMatchFileSnapshot(docs(`${stem}.mmd`));
    expect(isSvgCurrent(committed(`${stem}.svg`), stem, mermaid), `docs/machines/${stem}.svg is stale: run npm run diagrams`).toBe(true);
    const within = (key: string, node: AnyStateNode) => key === pathKey(node) || key.startsWith(`${pathKey(node)}.`);
    // Transitions wholly inside a part drawn apart are in that part's own picture, not in this one.
    const inOneBox = (transition: ReturnType<typeof listTransitions>[number]) =>
      collapse.some((box) => within(transition.sourceKey, box) && transition.targets.every((target) => within(pathKey(target), box)));
    const expected = listTransitions(info.machine)
      .filter((transition) => (within(transition.sourceKey, part) || transition.targets.some((target) => within(pathKey(target), part))) && !inOneBox(transition))
      .reduce((sum, transition) => sum + Math.max(transition.targets.length, 1), 0);
    expect(drawnTransitions(mermaid)).toHaveLength(expected);
  });

  it('draws every transition of a big machine in one of its part pictures (or the whole picture when outside every part)', () => {
    for (const info of machineRegistry) {
      const drawnParts = partsOf(info.machine);
      if (!drawnParts.length) continue;
      const pictures = drawnParts.map((part) => drawnTransitions(toMermaid(info.machine, { notes: info, part, collapse: subPartsOf(info.machine, part) })));
      for (const transition of listTransitions(info.machine)) {
        const event = eventLabelOf(transition);
        const touching = drawnParts.some((part) => transition.sourceKey === pathKey(part) || transition.sourceKey.startsWith(`${pathKey(part)}.`));
        if (!touching) continue;
        expect(pictures.some((edges) => edges.some((edge) => edge.label.startsWith(event))), `${info.id}: ${transition.key}`).toBe(true);
      }
    }
  });
});

describe('legend', () => {
  const guarded = setup({ guards: { isOpen: () => true }, actions: { ring: () => {} } }).createMachine({
    id: 'door',
    initial: 'closed',
    states: { closed: { on: { PUSH: { guard: 'isOpen', target: 'open', actions: 'ring' } } }, open: {} },
  });

  it('stops the generator, naming each guard or action without a sentence', () => {
    const info: MachineInfo = { id: 'door', machine: guarded, title: 'Door', purpose: 'x', guards: {}, actions: { ring: 'Rings the bell.', knock: 'Knocks.' } };
    expect(() => assertSentences(info)).toThrow(/guards without a sentence: isOpen.*sentences for actions the machine neither uses nor defines: knock/);
    expect(() => assertSentences({ ...info, guards: { isOpen: ' ' } })).toThrow(/isOpen/);
    expect(() => assertSentences({ ...info, guards: { isOpen: 'The door is open.' }, actions: { ring: { says: 'Rings.', page: '/' } } })).not.toThrow();
  });

  it('shows the sentences, the page an action opens and its messages on the page and the arrows', () => {
    const info: MachineInfo = {
      id: 'door',
      machine: guarded,
      title: 'Door',
      purpose: 'x',
      guards: { isOpen: 'The door is open.' },
      actions: { ring: { says: 'Rings the bell.', page: '/hall', messages: ['door.rang'] } },
    };
    expect(machinePage(info)).toContain('| `isOpen` | The door is open. |');
    expect(machinePage(info)).toContain('| `ring` | Rings the bell. | `/hall` | `door.rang` |');
    expect(toMermaid(guarded, { notes: info })).toContain('closed --> open : PUSH [isOpen] / ring → /hall «door.rang»');
  });
});

describe('destinations', () => {
  it('names the page of a navigation the machine states: a fixed emitted event, a function of nothing, or static params', () => {
    const router = setup({
      types: { emitted: {} as { type: 'navigate'; to: string } },
      actions: {
        goHome: emit(() => ({ type: 'navigate' as const, to: '/' })),
        goStart: emit({ type: 'navigate', to: '/startup/initial-summary' }),
        goTo: emit((_, params: { to: string }) => ({ type: 'navigate' as const, to: params.to })),
      },
    }).createMachine({
      id: 'router',
      initial: 'a',
      states: {
        a: { on: { HOME: { actions: 'goHome' }, START: { actions: 'goStart' }, THANKS: { actions: { type: 'goTo', params: { to: '/startup/thank-page' } } } } },
      },
    });
    const mermaid = toMermaid(router);
    expect(mermaid).toContain('a --> a : HOME / goHome → /<br/>START / goStart → /startup/initial-summary<br/>THANKS / goTo → /startup/thank-page');
  });
});

describe('system picture', () => {
  const mermaid = systemMermaid(machineRegistry);

  it('is up to date, and its SVG current', async () => {
    await expect(mermaid).toMatchFileSnapshot(docs('system.mmd'));
    expect(isSvgCurrent(committed('system.svg'), 'system', mermaid), 'docs/machines/system.svg is stale: run npm run diagrams').toBe(true);
  });

  it('links only known machines and adapters, with events the receiving machine accepts, through files that exist', () => {
    const machines = new Map(machineRegistry.map((info) => [info.id, info]));
    for (const link of SYSTEM_LINKS) {
      for (const end of [link.from, link.to]) expect(machines.has(end) || end in ADAPTERS, `${end}`).toBe(true);
      expect(fs.existsSync(path.join(root, link.via)), link.via).toBe(true);
      const receiver = machines.get(link.to);
      if (!receiver) continue;
      const accepted = new Set(listTransitions(receiver.machine).map((transition) => transition.eventType));
      for (const event of link.events) expect(accepted, `${link.to} accepts ${event.received}`).toContain(event.received);
    }
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

  it('links each spec §4 rule to transitions that exist and a test file that exists', () => {
    for (const rule of SPEC_RULES) {
      const info = machineRegistry.find((candidate) => candidate.id === rule.machine);
      expect(info, rule.machine).toBeDefined();
      const keys = new Set(listTransitions(info!.machine).map((transition) => transition.key));
      for (const key of rule.transitions) expect(keys, `${rule.machine}: ${key} (${rule.rule})`).toContain(key);
      expect(fs.existsSync(path.join(root, rule.test)), rule.test).toBe(true);
    }
    expect(indexPage(machineRegistry)).not.toContain('(missing:');
  });
});
