// W3C SCXML of a machine, for tools that read statecharts. Mapping: guards → `cond` (the guard's
// name), `always` → eventless transitions, `after` → a delayed <send> on entry cancelled on exit,
// invokes → <invoke>, and completion events by SCXML's names: `done.invoke.<id>`,
// `done.state.<id>`; an invoke failure is written `error.invoke.<id>` (SCXML has no per-invoke
// error event). Actions are not written: they are named in the machine's Markdown page.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { invokesOf, listTransitions, pathKey, type TransitionInfo } from './walk.ts';

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function attrs(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
}

/** SCXML ids are the dotted state paths ('identityMatcher.editing'); the root's id is the machine id. */
function scxmlId(node: AnyStateNode, machine: AnyStateMachine): string {
  return pathKey(node) || machine.id;
}

function scxmlEvent(transition: TransitionInfo): string | undefined {
  switch (transition.kind) {
    case 'always':
      return undefined;
    case 'after':
      return afterEvent(transition);
    case 'done.actor':
      return `done.invoke.${transition.eventType.slice('xstate.done.actor.'.length)}`;
    case 'error.actor':
      return `error.invoke.${transition.eventType.slice('xstate.error.actor.'.length)}`;
    case 'done.state':
      return `done.state.${pathKey(transition.source)}`;
    default:
      return transition.eventType;
  }
}

function afterEvent(transition: Pick<TransitionInfo, 'delay' | 'sourceKey'>): string {
  return `after.${transition.delay?.name ?? 'delay'}.${transition.sourceKey}`;
}

export function toScxml(machine: AnyStateMachine): string {
  const transitions = listTransitions(machine);
  const bySource = new Map<AnyStateNode, TransitionInfo[]>();
  for (const transition of transitions) bySource.set(transition.source, [...(bySource.get(transition.source) ?? []), transition]);

  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<!-- ${escape(machine.id)}: generated from the machine by scripts/diagrams.ts; do not edit. -->`];
  const rootTransitions = bySource.get(machine.root) ?? [];
  // SCXML's root can neither carry transitions nor be parallel: a machine with root-level
  // transitions, or whose root is parallel, has its tree wrapped in a state (or parallel) of its id.
  const parallel = machine.root.type === 'parallel';
  const wrapped = rootTransitions.length > 0 || parallel;
  const initial = wrapped ? machine.id : initialIds(machine.root, machine);
  lines.push(`<scxml${attrs({ xmlns: 'http://www.w3.org/2005/07/scxml', version: '1.0', name: machine.id, initial })}>`);
  if (wrapped) {
    const element = parallel ? 'parallel' : 'state';
    lines.push(`  <${element}${attrs({ id: machine.id, initial: initialIds(machine.root, machine) })}>`);
    writeChildren(machine.root, machine, bySource, 2, lines);
    for (const transition of rootTransitions) lines.push(...transitionLines(transition, machine, 2));
    lines.push(`  </${element}>`);
  } else {
    writeChildren(machine.root, machine, bySource, 1, lines);
  }
  lines.push('</scxml>');
  return `${lines.join('\n')}\n`;
}

function initialIds(node: AnyStateNode, machine: AnyStateMachine): string | undefined {
  if (node.type !== 'compound' || !node.initial?.target?.length) return undefined;
  return (node.initial.target as AnyStateNode[]).map((target) => scxmlId(target, machine)).join(' ');
}

function writeChildren(parent: AnyStateNode, machine: AnyStateMachine, bySource: Map<AnyStateNode, TransitionInfo[]>, depth: number, lines: string[]) {
  for (const child of Object.values(parent.states) as AnyStateNode[]) writeState(child, machine, bySource, depth, lines);
}

function writeState(node: AnyStateNode, machine: AnyStateMachine, bySource: Map<AnyStateNode, TransitionInfo[]>, depth: number, lines: string[]) {
  const pad = '  '.repeat(depth);
  const id = scxmlId(node, machine);
  if (node.type === 'history') {
    const config = node.config as { history?: string; target?: unknown };
    const fallback = (node.parent?.initial?.target?.[0] as AnyStateNode | undefined) ?? node.parent;
    const target = resolveHistoryTarget(node, config.target) ?? fallback;
    lines.push(`${pad}<history${attrs({ id, type: config.history === 'deep' ? 'deep' : 'shallow' })}>`);
    if (target) lines.push(`${pad}  <transition${attrs({ target: scxmlId(target, machine) })}/>`);
    lines.push(`${pad}</history>`);
    return;
  }
  const element = node.type === 'parallel' ? 'parallel' : node.type === 'final' ? 'final' : 'state';
  const own = bySource.get(node) ?? [];
  // One timer per delay, however many guarded alternatives share its event.
  const delayed = [...new Map(own.filter((transition) => transition.kind === 'after').map((transition) => [transition.eventType, transition])).values()];
  const body: string[] = [];
  if (delayed.length) {
    body.push(`${pad}  <onentry>`);
    for (const transition of delayed) {
      const event = afterEvent(transition);
      body.push(
        `${pad}    <send${attrs({ event, id: event, delay: transition.delay?.ms != null ? `${transition.delay.ms}ms` : undefined, delayexpr: transition.delay?.ms == null ? transition.delay?.name : undefined })}/>`,
      );
    }
    body.push(`${pad}  </onentry>`, `${pad}  <onexit>`);
    for (const transition of delayed) body.push(`${pad}    <cancel${attrs({ sendid: afterEvent(transition) })}/>`);
    body.push(`${pad}  </onexit>`);
  }
  for (const invoke of invokesOf(node)) body.push(`${pad}  <invoke${attrs({ id: invoke.id, src: invoke.src })}/>`);
  for (const transition of own) body.push(...transitionLines(transition, machine, depth + 1));
  const childLines: string[] = [];
  writeChildren(node, machine, bySource, depth + 1, childLines);
  const all = [...body, ...childLines];
  const open = `${pad}<${element}${attrs({ id, initial: initialIds(node, machine) })}`;
  if (all.length === 0) lines.push(`${open}/>`);
  else lines.push(`${open}>`, ...all, `${pad}</${element}>`);
}

function resolveHistoryTarget(node: AnyStateNode, target: unknown): AnyStateNode | null {
  if (typeof target !== 'string' || !node.parent) return null;
  return (node.parent.states[target] as AnyStateNode | undefined) ?? null;
}

function transitionLines(transition: TransitionInfo, machine: AnyStateMachine, depth: number): string[] {
  const pad = '  '.repeat(depth);
  const target = transition.targets.length ? transition.targets.map((node) => scxmlId(node, machine)).join(' ') : undefined;
  // XState leaves the source in place when every target is a descendant (unless `reenter`): SCXML's "internal".
  const internal = transition.targets.length > 0 && !transition.reenter && transition.targets.every((node) => isDescendant(node, transition.source));
  const type = internal ? 'internal' : undefined;
  return [`${pad}<transition${attrs({ event: scxmlEvent(transition), cond: transition.guard ?? undefined, target, type })}/>`];
}

function isDescendant(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}
