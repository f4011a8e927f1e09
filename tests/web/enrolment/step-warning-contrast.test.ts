// WCAG 1.4.11 (non-text contrast ≥ 3:1) for the wizard's WARNING step icon (spec §4 "Wizard status
// drawing"): the stylesheet the step menu loads is compiled as the build compiles it, and the colours
// it gives the icon are measured against what is behind it — the page, or, for the active step on a
// desktop, Bootstrap Italia's disc (blue, where the orange icon was 1.2:1).
import { compile } from 'sass';
import { describe, expect, it } from 'vitest';

const css = compile('src/web/screens/enrolment/enrolment.scss', {
  loadPaths: ['node_modules'],
  quietDeps: true,
  silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
}).css;

/** The declarations of the last rule whose selector is exactly `selector` (in `source`). */
function declarations(source: string, selector: string): Record<string, string> {
  const rules = [...source.matchAll(/([^{}]+)\{([^{}]*)\}/g)].filter((match) => match[1]!.split(',').some((part) => part.trim() === selector));
  const body = rules.at(-1)?.[2];
  if (body === undefined) throw new Error(`no rule for ${selector}`);
  return Object.fromEntries(
    body
      .split(';')
      .map((line) => line.split(':').map((part) => part.trim()))
      .filter((pair) => pair.length === 2 && pair[0])
      .map(([name, value]) => [name!, value!]),
  );
}

/** The body of the `@media (min-width: …)` block at Bootstrap's lg breakpoint that holds `marker`. */
function desktopBlock(marker: string): string {
  const at = css.indexOf(marker);
  const start = [...css.matchAll(/@media \(min-width: 992px\) \{/g)]
    .map((match) => match.index)
    .filter((index) => index < at)
    .at(-1);
  if (at < 0 || start === undefined) throw new Error('no lg block');
  let depth = 0;
  for (let i = css.indexOf('{', start); i < css.length; i += 1) {
    if (css[i] === '{') depth += 1;
    if (css[i] === '}' && --depth === 0) return css.slice(css.indexOf('{', start) + 1, i);
  }
  throw new Error('unbalanced block');
}

type Rgb = [number, number, number];

function rgbOf(value: string): Rgb {
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (hex) return [0, 2, 4].map((at) => parseInt(hex[1]!.slice(at, at + 2), 16)) as Rgb;
  const hsl = /^hsl\(([\d.]+),\s*([\d.]+)%,\s*([\d.]+)%\)$/.exec(value);
  if (!hsl) throw new Error(`not a colour: ${value}`);
  const [h, s, l] = [Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100];
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  return [0, 8, 4].map((n) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))))) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const STEP = '.app-steppers .steppers-header ul li';
const WHITE = '#ffffff';

describe('the warning step icon (WCAG 1.4.11, ≥ 3:1)', () => {
  it('is drawn in the warning colour on the page', () => {
    const fill = declarations(css, `${STEP}.app-step-warning .icon`).fill!;
    expect(contrast(fill, WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('on the active step (desktop: drawn on a disc) stands out from its disc, and the disc from the page', () => {
    const block = desktopBlock('li.active.app-step-warning');
    const disc = declarations(block, `${STEP}.active.app-step-warning .steppers-number`).background!;
    const fill = declarations(block, `${STEP}.active.app-step-warning .steppers-number .icon`).fill!;
    expect(contrast(fill, disc)).toBeGreaterThanOrEqual(3);
    expect(contrast(disc, WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('measures what it should: the orange icon on the blue disc of before fails', () => {
    expect(contrast('hsl(36, 100%, 30%)', '#0066cc')).toBeLessThan(1.3);
  });
});
