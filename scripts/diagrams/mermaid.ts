// Mermaid `stateDiagram-v2` of a machine (or of one part of it). The state tree is declared first
// (composites with their initial marker, descriptions for invokes, timers and entry actions), then
// every edge at top level: an edge declared inside a composite makes Mermaid move the states it names
// into that composite. Mermaid has no history pseudo-state: a transition to history points at the
// parent, "(history)".
// Mermaid draws one arrow per pair of states however many edges join them (several self-loops on one
// state come out as one arrow showing one label), so the edges between the same two states are merged
// into one arrow whose label lists every transition, one per line (`<br/>`). tests/docs/diagrams.test.ts
// counts the transitions in the machine and in the picture.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { MachineInfo } from '#machines/support/machine-info.ts';
import { actionMessages, actionPage } from './legend.ts';
import { actionsWithMessages, eventLabel, invokesOf, listTransitions, pathKey, type TransitionInfo } from './walk.ts';

// Words the Mermaid state grammar (case-insensitive) reads as keywords when they start a statement;
// its lexer takes 'default' even as the start of a longer word.
const RESERVED = new Set(['state', 'note', 'class', 'classdef', 'direction', 'scale', 'end', 'hide', 'acctitle', 'accdescr']);
const ANY_STATE = 'any_state';
/** Separates the labels of the transitions merged into one arrow. */
export const LABEL_BREAK = '<br/>';

/** What the writer needs beyond the machine: the actions' pages and messages (MachineInfo.actions). */
export type LabelNotes = Pick<MachineInfo, 'actions'>;

export interface MermaidOptions {
  notes?: LabelNotes;
  /** Draw only this state and what is inside it; the states it leads to or comes from outside are named boxes. */
  part?: AnyStateNode;
  /** States inside the part drawn as one box (they have a picture of their own): transitions wholly inside one are left to it. */
  collapse?: readonly AnyStateNode[];
}

export function mermaidId(node: AnyStateNode): string {
  const id = node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_');
  const lower = id.toLowerCase();
  return RESERVED.has(lower) || lower.startsWith('default') ? `s_${id}` : id;
}

/** Text Mermaid accepts after ':' (no ':', ';', '#', quotes or line breaks). */
function text(value: string): string {
  return value
    .replace(/[:;#"\n\r]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function toMermaid(machine: AnyStateMachine, options: MermaidOptions = {}): string {
  const { notes = {}, part, collapse = [] } = options;
  const title = part ? `${machine.id}, part ${pathKey(part)}` : machine.id;
  const lines = ['stateDiagram-v2', `  %% ${title}: generated from the machine by scripts/diagrams.ts; do not edit.`];
  const inside = (node: AnyStateNode) => !part || node === part || isDescendant(node, part);
  const collapsedOf = (node: AnyStateNode) => collapse.find((box) => node === box || isDescendant(node, box)) ?? null;
  const withinOneBox = (transition: TransitionInfo) => {
    const box = collapsedOf(transition.source);
    return box !== null && transition.targets.every((target) => collapsedOf(drawnTarget(target)) === box);
  };
  const transitions = listTransitions(machine).filter(
    (transition) => (inside(transition.source) || transition.targets.some((target) => inside(drawnTarget(target)))) && !withinOneBox(transition),
  );
  const outside = new Map<string, string>();
  const endOf = (node: AnyStateNode, direction: 'from' | 'to'): string => {
    if (node === machine.root) return ANY_STATE;
    const box = collapsedOf(node);
    if (box) return mermaidId(box);
    if (inside(node)) return mermaidId(node);
    const id = `${direction === 'from' ? 'from' : 'to'}_${mermaidId(node)}`;
    outside.set(id, `${direction === 'from' ? 'from' : 'to'} ${pathKey(node)}`);
    return id;
  };
  const edges = new Map<string, string[]>();
  for (const transition of transitions) {
    const from = endOf(transition.source, 'from');
    const targets = transition.targets.length ? transition.targets : [transition.source];
    for (const target of targets) {
      const history = target.type === 'history';
      const to = endOf(drawnTarget(target), 'to');
      const key = `${from} --> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), text(edgeLabel(transition, notes) + (history ? ' (history)' : ''))]);
    }
  }
  if (transitions.some((transition) => transition.source === machine.root)) lines.push(`  state "(any state)" as ${ANY_STATE}`);
  if (part) {
    declare(part, 1, lines, notes, collapse);
  } else if (machine.root.type === 'parallel') {
    // Mermaid separates regions with '--' only inside a composite: a parallel root is drawn as one.
    const rootId = `machine_${machine.id.replace(/[^A-Za-z0-9_]/g, '_')}`;
    lines.push(`  state "${machine.id}" as ${rootId}{`);
    declareChildren(machine.root, 2, lines, notes);
    lines.push('  }', `  [*] --> ${rootId}`);
  } else {
    declareChildren(machine.root, 1, lines, notes);
    const initial = initialChild(machine.root);
    if (initial) lines.push(`  [*] --> ${mermaidId(initial)}`);
  }
  for (const [id, label] of outside) lines.push(`  state "${label}" as ${id}`);
  for (const [key, labels] of edges) lines.push(`  ${key} : ${labels.join(LABEL_BREAK)}`);
  return `${lines.join('\n')}\n`;
}

function drawnTarget(target: AnyStateNode): AnyStateNode {
  return target.type === 'history' ? (target.parent as AnyStateNode) : target;
}

function isDescendant(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

function declareChildren(parent: AnyStateNode, depth: number, lines: string[], notes: LabelNotes, collapse: readonly AnyStateNode[] = []): void {
  const pad = '  '.repeat(depth);
  const children = (Object.values(parent.states) as AnyStateNode[]).filter((child) => child.type !== 'history');
  children.forEach((child, index) => {
    // Parallel regions are separated by '--' inside the parallel state.
    if (parent.type === 'parallel' && index > 0) lines.push(`${pad}--`);
    declare(child, depth, lines, notes, collapse);
  });
}

function declare(child: AnyStateNode, depth: number, lines: string[], notes: LabelNotes, collapse: readonly AnyStateNode[] = []): void {
  const pad = '  '.repeat(depth);
  const id = mermaidId(child);
  if (collapse.includes(child)) {
    lines.push(`${pad}state "${child.key} (drawn apart)" as ${id}`);
    for (const note of stateNotes(child, notes)) lines.push(`${pad}${id} : ${text(note)}`);
    return;
  }
  if (child.type === 'compound' || child.type === 'parallel') {
    lines.push(`${pad}state "${child.key}" as ${id}{`);
    declareChildren(child, depth + 1, lines, notes, collapse);
    const initial = initialChild(child);
    if (initial && child.type === 'compound') lines.push(`${pad}  [*] --> ${mermaidId(initial)}`);
    lines.push(`${pad}}`);
    // Mermaid refuses descriptions on a group: a composite's invokes and entry actions are a note.
    const groupNotes = stateNotes(child, notes);
    if (groupNotes.length) lines.push(`${pad}note right of ${id}`, ...groupNotes.map((note) => `${pad}  ${text(note)}`), `${pad}end note`);
    return;
  } else {
    lines.push(`${pad}state "${child.key}" as ${id}`);
  }
  for (const note of stateNotes(child, notes)) lines.push(`${pad}${id} : ${text(note)}`);
  if (child.type === 'final') lines.push(`${pad}${id} --> [*]`);
}

function stateNotes(node: AnyStateNode, notes: LabelNotes): string[] {
  const out: string[] = [];
  for (const invoke of invokesOf(node)) out.push(invoke.src === invoke.id ? `invoke ${invoke.id}` : `invoke ${invoke.src} as ${invoke.id}`);
  for (const when of ['entry', 'exit'] as const) {
    const actions = actionsWithMessages(node, when);
    if (actions.length) out.push(`${when} / ${actions.map((action) => actionText(action.name, action.messages, action.page, notes)).join(', ')}`);
  }
  return out;
}

function initialChild(node: AnyStateNode): AnyStateNode | null {
  if (node.type !== 'compound') return null;
  return (node.initial?.target?.[0] as AnyStateNode | undefined) ?? null;
}

/**
 * 'EVENT [guard] / action, action'. An action that opens a page is followed by '→ page', one that
 * shows a message by its text keys in «».
 */
export function edgeLabel(transition: TransitionInfo, notes: LabelNotes = {}): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  const actions = transition.actions.map((name, index) =>
    actionText(name, transition.actionMessages[index] ?? [], transition.actionPages[index] ?? null, notes),
  );
  return `${eventLabel(transition)}${guard}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
}

function actionText(name: string, found: readonly string[], foundPage: string | null, notes: LabelNotes): string {
  const page = actionPage(notes, name) ?? foundPage;
  const messages = [...new Set([...actionMessages(notes, name), ...found])];
  return `${name}${page ? ` → ${page}` : ''}${messages.length ? ` «${messages.join(', ')}»` : ''}`;
}

/** Dotted key of a node for tables ('identityMatcher.editing'). */
export function stateName(node: AnyStateNode): string {
  return pathKey(node) || '(any state)';
}
