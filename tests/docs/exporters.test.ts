// The diagram writers on a machine that uses what the portal machines do not (yet): parallel
// regions, history, final states, root-level transitions, numeric delays, a reserved word as a
// state name, and combined guards.
import { describe, expect, it } from 'vitest';
import { and, not, setup } from 'xstate';
import { toMermaid } from '#scripts/diagrams/mermaid.ts';
import { toScxml } from '#scripts/diagrams/scxml.ts';
import { listTransitions } from '#scripts/diagrams/walk.ts';
import { allElements, parseXml } from './support/xml.ts';

const player = setup({
  types: { events: {} as { type: 'PLAY' } | { type: 'STOP' } | { type: 'EJECT' } | { type: 'RESUME' } },
  guards: { hasDisc: () => true, isLocked: () => false },
}).createMachine({
  id: 'player',
  initial: 'off',
  on: { EJECT: '.ejected' },
  states: {
    off: { on: { PLAY: { guard: and(['hasDisc', not('isLocked')]), target: 'on' } } },
    on: {
      type: 'parallel',
      on: { STOP: 'off' },
      states: {
        audio: {
          initial: 'playing',
          states: { playing: { after: { 250: 'paused' } }, paused: { on: { RESUME: 'playing' } }, hist: { type: 'history' } },
        },
        default: { initial: 'idle', states: { idle: { always: { target: 'done' } }, done: { type: 'final' } } },
      },
    },
    ejected: { type: 'final' },
  },
});

describe('Mermaid writer', () => {
  const mermaid = toMermaid(player);

  it('separates parallel regions with --', () => {
    expect(mermaid).toMatch(/state "on" as on\{\n\s+state "audio" as on_audio\{[\s\S]*\}\n\s+--\n\s+state "default" as on_default\{/);
  });

  it('draws root-level transitions from "any state"', () => {
    expect(mermaid).toContain('state "(any state)" as any_state');
    expect(mermaid).toContain('any_state --> ejected : EJECT');
  });

  it('labels numeric delays, always edges and combined guards, and marks final states', () => {
    expect(mermaid).toContain('on_audio_playing --> on_audio_paused : after 250 ms');
    expect(mermaid).toContain('on_default_idle --> on_default_done : always');
    expect(mermaid).toContain('off --> on : PLAY [(hasDisc and not isLocked)]');
    expect(mermaid).toMatch(/^\s+on_default_done --> \[\*\]$/m);
    expect(mermaid).toMatch(/^\s+ejected --> \[\*\]$/m);
  });

  it('renames states whose names Mermaid reads as keywords', () => {
    const keywords = setup({}).createMachine({ id: 'keywords', initial: 'default', states: { default: { on: { GO: 'note' } }, note: {}, defaults: {} } });
    expect(toMermaid(keywords)).toContain('s_default --> s_note : GO');
    expect(toMermaid(keywords)).toContain('state "defaults" as s_defaults');
  });

  it('draws a parallel root as one composite, its regions separated inside it', () => {
    const both = setup({}).createMachine({
      id: 'both',
      type: 'parallel',
      states: { left: { initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } }, right: { initial: 'c', states: { c: {} } } },
    });
    const drawn = toMermaid(both);
    expect(drawn).toMatch(/^ {2}state "both" as machine_both\{\n {4}state "left" as left\{[\s\S]*\n {4}--\n {4}state "right" as right\{[\s\S]*\n {2}\}\n {2}\[\*\] --> machine_both$/m);
    expect(drawn).not.toMatch(/^ {2}--$/m);
  });

  it('keeps every edge at top level', () => {
    const edgeLines = mermaid.split('\n').filter((line) => line.includes('-->') && !line.includes('[*]'));
    for (const line of edgeLines) expect(line).toMatch(/^ {2}\S/);
  });
});

describe('SCXML writer', () => {
  const scxml = toScxml(player);
  const elements = allElements(parseXml(scxml));
  const byId = (id: string) => elements.find((element) => element.attrs.id === id);

  it('wraps the tree when the root has transitions, keeping it well formed', () => {
    expect(elements[0]?.attrs.initial).toBe('player');
    expect(byId('player')?.children.some((child) => child.name === 'transition' && child.attrs.event === 'EJECT')).toBe(true);
  });

  it('writes parallel, final and history states', () => {
    expect(byId('on')?.name).toBe('parallel');
    expect(byId('ejected')?.name).toBe('final');
    expect(byId('on.audio.hist')).toMatchObject({ name: 'history', attrs: { type: 'shallow' } });
    expect(byId('on.audio.hist')?.children[0]?.attrs.target).toBe('on.audio.playing');
  });

  it('turns after into a cancelled delayed send, and always into an eventless transition', () => {
    expect(scxml).toContain('<send event="after.250.on.audio.playing" id="after.250.on.audio.playing" delay="250ms"/>');
    expect(scxml).toContain('<cancel sendid="after.250.on.audio.playing"/>');
    expect(byId('on.default.idle')?.children).toEqual([{ name: 'transition', attrs: { target: 'on.default.done' }, children: [] }]);
  });

  it('keeps guard names as conditions', () => {
    expect(byId('off')?.children[0]?.attrs.cond).toBe('(hasDisc and not isLocked)');
  });
});

describe('walk', () => {
  it('lists every transition, always and after included', () => {
    expect(listTransitions(player).map((transition) => transition.key)).toEqual([
      '(root) | EJECT | #0',
      'off | PLAY | #0',
      'on | STOP | #0',
      'on.audio.playing | xstate.after.250.player.on.audio.playing | #0',
      'on.audio.paused | RESUME | #0',
      'on.default.idle | (always) | #0',
    ]);
  });
});
