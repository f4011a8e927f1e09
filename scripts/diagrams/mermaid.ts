// Mermaid `stateDiagram-v2` of a machine. The state tree is declared first (composites with their
// initial marker, descriptions for invokes, timers and entry actions), then every edge at top level:
// an edge declared inside a composite makes Mermaid move the states it names into that composite.
// Mermaid has no history pseudo-state: a transition to history points at the parent, "(history)".
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { entryActions, eventLabel, exitActions, invokesOf, listTransitions, pathKey, type TransitionInfo } from './walk.ts';

// Words the Mermaid state grammar (case-insensitive) reads as keywords when they start a statement;
// its lexer takes 'default' even as the start of a longer word.
const RESERVED = new Set(['state', 'note', 'class', 'classdef', 'direction', 'scale', 'end', 'hide', 'acctitle', 'accdescr']);
const ANY_STATE = 'any_state';

export function mermaidId(node: AnyStateNode): string {
  const id = node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_');
  const lower = id.toLowerCase();
  return RESERVED.has(lower) || lower.startsWith('default') ? `s_${id}` : id;
}

/** Text Mermaid accepts after ':' (no ':', ';', '#', quotes or line breaks). */
function text(value: string): string {
  return value.replace(/[:;#"\n\r]+/g, ' ').replace(/\s+/g, ' ').trim();
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2', `  %% ${machine.id}: generated from the machine by scripts/diagrams.ts; do not edit.`];
  const transitions = listTransitions(machine);
  if (transitions.some((transition) => transition.source === machine.root)) lines.push(`  state "(any state)" as ${ANY_STATE}`);
  declareChildren(machine.root, 1, lines);
  const initial = initialChild(machine.root);
  if (initial) lines.push(`  [*] --> ${mermaidId(initial)}`);
  for (const transition of transitions) lines.push(...edges(machine, transition));
  return `${lines.join('\n')}\n`;
}

function declareChildren(parent: AnyStateNode, depth: number, lines: string[]): void {
  const pad = '  '.repeat(depth);
  const children = (Object.values(parent.states) as AnyStateNode[]).filter((child) => child.type !== 'history');
  children.forEach((child, index) => {
    // Parallel regions are separated by '--' inside the parallel state.
    if (parent.type === 'parallel' && index > 0) lines.push(`${pad}--`);
    const id = mermaidId(child);
    const label = child.key;
    if (child.type === 'compound' || child.type === 'parallel') {
      lines.push(`${pad}state "${label}" as ${id}{`);
      declareChildren(child, depth + 1, lines);
      const initial = initialChild(child);
      if (initial && child.type === 'compound') lines.push(`${pad}  [*] --> ${mermaidId(initial)}`);
      lines.push(`${pad}}`);
    } else {
      lines.push(`${pad}state "${label}" as ${id}`);
    }
    for (const note of notes(child)) lines.push(`${pad}${id} : ${text(note)}`);
    if (child.type === 'final') lines.push(`${pad}${id} --> [*]`);
  });
}

function notes(node: AnyStateNode): string[] {
  const out: string[] = [];
  for (const invoke of invokesOf(node)) out.push(invoke.src === invoke.id ? `invoke ${invoke.id}` : `invoke ${invoke.src} as ${invoke.id}`);
  const entry = entryActions(node);
  if (entry.length) out.push(`entry / ${entry.join(', ')}`);
  const exit = exitActions(node);
  if (exit.length) out.push(`exit / ${exit.join(', ')}`);
  return out;
}

function initialChild(node: AnyStateNode): AnyStateNode | null {
  if (node.type !== 'compound') return null;
  return (node.initial?.target?.[0] as AnyStateNode | undefined) ?? null;
}

function edges(machine: AnyStateMachine, transition: TransitionInfo): string[] {
  const source = transition.source === machine.root ? ANY_STATE : mermaidId(transition.source);
  const targets = transition.targets.length ? transition.targets : [transition.source];
  return targets.map((target) => {
    const history = target.type === 'history';
    const drawnTarget = history ? (target.parent as AnyStateNode) : target;
    const to = drawnTarget === machine.root ? ANY_STATE : mermaidId(drawnTarget);
    return `  ${source} --> ${to} : ${text(edgeLabel(transition) + (history ? ' (history)' : ''))}`;
  });
}

/** 'EVENT [guard] / action, action'. */
export function edgeLabel(transition: TransitionInfo): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  const actions = transition.actions.length ? ` / ${transition.actions.join(', ')}` : '';
  return `${eventLabel(transition)}${guard}${actions}`;
}

/** Dotted key of a node for tables ('identityMatcher.editing'). */
export function stateName(node: AnyStateNode): string {
  return pathKey(node) || '(any state)';
}
