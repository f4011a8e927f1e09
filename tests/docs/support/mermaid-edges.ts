// Reads the arrows back out of a generated Mermaid state diagram, so a test can count what the
// picture shows independently of how the writer built it.
import { LABEL_BREAK } from '#scripts/diagrams/mermaid.ts';

export interface DrawnEdge {
  from: string;
  to: string;
  label: string;
}

/** One entry per transition drawn: an arrow carrying several labels counts once per label. */
export function drawnTransitions(mermaid: string): DrawnEdge[] {
  const out: DrawnEdge[] = [];
  for (const [, from, to, labels] of mermaid.matchAll(/^\s*(\S+) --> (\S+) : (.*)$/gm)) {
    if (from === '[*]' || to === '[*]') continue;
    for (const label of (labels ?? '').split(LABEL_BREAK)) out.push({ from: from ?? '', to: to ?? '', label });
  }
  return out;
}

/** Arrows as Mermaid draws them: one per pair of states. */
export function arrowPairs(mermaid: string): string[] {
  return [...mermaid.matchAll(/^\s*(\S+) --> (\S+)/gm)].map((match) => `${match[1]} --> ${match[2]}`);
}
