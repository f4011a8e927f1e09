// Every state of a request, 1 to 15, has a badge colour (its family's, lists/request/rules.ts) with
// white text readable at WCAG 1.4.3 AA (at least 4.5:1; the stylesheet promises 4.9:1), and each
// family its own colour: the stylesheet is compiled as the build compiles it and measured.
import { compile } from 'sass';
import { describe, expect, it } from 'vitest';
import { PraticaState } from '#shared/pratica.ts';
import { stateClass, stateFamily, stateName } from '#web/lists/request/rules.ts';

const css = compile('src/web/lists/lists.scss', {
  loadPaths: ['node_modules'],
  quietDeps: true,
  silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
}).css;

function background(selector: string): string {
  const rule = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].find((match) => match[1]!.split(',').some((part) => part.trim() === selector));
  const value = /background-color:\s*([^;]+);/.exec(rule?.[2] ?? '')?.[1]?.trim();
  if (!value) throw new Error(`no background for ${selector}`);
  return value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
const STATES = Object.values(PraticaState);

describe('state badge colours', () => {
  it('gives every state 1 to 15 a name, a family and a colour white text reads on (at least 4.9:1)', () => {
    expect(STATES).toHaveLength(15);
    for (const id of STATES) {
      expect(stateName(id), `state ${id}`).not.toBeNull();
      const colour = background(`.${stateClass(id)}`);
      expect(colour, `state ${id}`).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrastWithWhite(colour), `state ${id} on ${colour}`).toBeGreaterThanOrEqual(4.9);
    }
  });

  it('groups the states by what they mean, one colour per family', () => {
    const families = new Map<string, number[]>();
    for (const id of STATES) families.set(stateFamily(id), [...(families.get(stateFamily(id)) ?? []), id]);
    expect(Object.fromEntries(families)).toEqual({
      draft: [1],
      deleted: [2],
      open: [3, 7, 10],
      'ended-well': [4],
      'ended-badly': [5, 8, 12, 13],
      'awaiting-applicant': [6, 9],
      'ended-by-time-or-withdrawal': [11, 14, 15],
    });
    const colours = [...families.keys()].map((family) => background(`.app-state-${family}`).toLowerCase());
    expect(new Set(colours).size).toBe(families.size);
  });
});
