// A machine too big for one readable picture is drawn whole and, as well, one picture per region or
// child state. "Too big" is a judgement on the rendered SVG at screen width: past about 20 states or
// 40 transitions, labels overlap and arrows cross boxes.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { listStates, listTransitions, pathKey } from './walk.ts';

const MAX_STATES = 20;
const MAX_TRANSITIONS = 40;
/** A part this big is itself drawn by its composite children as well. */
const MAX_PART_STATES = 12;

export function isTooBig(machine: AnyStateMachine): boolean {
  return listStates(machine).length > MAX_STATES || listTransitions(machine).length > MAX_TRANSITIONS;
}

/** The parts drawn on their own, outermost first; none for a machine that fits one picture. */
export function partsOf(machine: AnyStateMachine): AnyStateNode[] {
  if (!isTooBig(machine)) return [];
  // A machine whose root holds a single composite (e.g. one parallel 'running') is split below it.
  let top: AnyStateNode = machine.root;
  for (let only = soleComposite(top); only; only = soleComposite(top)) top = only;
  const parts: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of composites(node)) {
      parts.push(child);
      if (descendantCount(child) > MAX_PART_STATES) visit(child);
    }
  };
  visit(top);
  return parts;
}

/** File stem of a part: 'draft.running.lifecycle'. */
export function partId(machine: AnyStateMachine, part: AnyStateNode): string {
  return `${machine.id}.${pathKey(part)}`;
}

function composites(node: AnyStateNode): AnyStateNode[] {
  return (Object.values(node.states) as AnyStateNode[]).filter((child) => child.type === 'compound' || child.type === 'parallel');
}

function soleComposite(node: AnyStateNode): AnyStateNode | null {
  const children = (Object.values(node.states) as AnyStateNode[]).filter((child) => child.type !== 'history');
  return children.length === 1 && composites(node).length === 1 ? (children[0] ?? null) : null;
}

function descendantCount(node: AnyStateNode): number {
  return (Object.values(node.states) as AnyStateNode[]).reduce((sum, child) => sum + 1 + descendantCount(child), 0);
}

/** The parts drawn apart inside `part` (outermost only): its picture shows each as one box. */
export function subPartsOf(machine: AnyStateMachine, part: AnyStateNode): AnyStateNode[] {
  const inside = partsOf(machine).filter((candidate) => candidate !== part && isWithin(candidate, part));
  return inside.filter((candidate) => !inside.some((other) => other !== candidate && isWithin(candidate, other)));
}

/** True when `node` is `ancestor` or below it. */
export function isWithin(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}
