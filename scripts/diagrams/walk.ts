// Reads a machine's structure from `machine.root` (state tree, every transition including `always`,
// `after` and invoke completions, guards, actions, invokes). The diagram writers and the
// model-based test coverage both use it, so "every transition" means the same thing in the docs
// and in the tests. `toDirectedGraph` from @xstate/graph is not used: it drops `always` edges.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface StateInfo {
  node: AnyStateNode;
  /** Path from the root, e.g. ['identityMatcher', 'editing']. */
  path: readonly string[];
  /** Dotted path, e.g. 'identityMatcher.editing' (stable across `machine.provide`). */
  key: string;
  type: StateKind;
  parentKey: string | null;
}

export type TransitionKind = 'event' | 'always' | 'after' | 'done.actor' | 'error.actor' | 'done.state';

export interface TransitionInfo {
  /** Unique and stable: source, event and position among the source's alternatives for that event. */
  key: string;
  source: AnyStateNode;
  /** Dotted path of the source, '' for the root. */
  sourceKey: string;
  /** XState event type; '' for `always`. */
  eventType: string;
  kind: TransitionKind;
  /** Position among the alternatives the source has for this event (guards are tried in this order). */
  index: number;
  guard: string | null;
  targets: readonly AnyStateNode[];
  actions: readonly string[];
  /** XState `reenter: true`: exits and re-enters the source even when targeting a descendant. */
  reenter: boolean;
  /** For `after` transitions: the delay's name (or number) and its value in ms when known. */
  delay: { name: string; ms: number | null } | null;
  description: string | null;
  /** Named guards the condition is made of ('(a and not b)' → ['a', 'b']); 'inline' for a bare function. */
  guardNames: readonly string[];
  /** Text keys found in each action's static params (same order as `actions`; [] when none or computed). */
  actionMessages: readonly (readonly string[])[];
  /** The page each action navigates to when the machine states it (same order as `actions`; null otherwise). */
  actionPages: readonly (string | null)[];
}

export function pathKey(node: AnyStateNode): string {
  return node.path.join('.');
}

/** Every state node below the root, parents before children, in definition order. */
export function listStates(machine: AnyStateMachine): StateInfo[] {
  const out: StateInfo[] = [];
  const visit = (node: AnyStateNode, parentKey: string | null) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      out.push({ node: child, path: child.path, key: pathKey(child), type: child.type, parentKey });
      visit(child, pathKey(child));
    }
  };
  visit(machine.root, null);
  return out;
}

/** Every transition of every node (root included), in definition order. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const nodes: AnyStateNode[] = [machine.root, ...listStates(machine).map((state) => state.node)];
  return nodes.flatMap((node) => [
    ...[...node.transitions.entries()].flatMap(([eventType, alternatives]) =>
      alternatives.map((transition, index) => describeTransition(machine, transition, eventType, index)),
    ),
    ...(node.always ?? []).map((transition, index) => describeTransition(machine, transition, '', index)),
  ]);
}

export function transitionKey(sourceKey: string, eventType: string, index: number): string {
  return `${sourceKey || '(root)'} | ${eventType || '(always)'} | #${index}`;
}

/** The key of a transition definition as reported by the inspection API (`_transitions`). */
export function keyOfTransition(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const eventType = transition.eventType;
  const alternatives = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  return transitionKey(pathKey(source), eventType, alternatives.indexOf(transition));
}

function describeTransition(machine: AnyStateMachine, transition: AnyTransitionDefinition, eventType: string, index: number): TransitionInfo {
  const kind = kindOf(eventType);
  return {
    key: transitionKey(pathKey(transition.source), eventType, index),
    source: transition.source,
    sourceKey: pathKey(transition.source),
    eventType,
    kind,
    index,
    guard: guardLabel(transition.guard),
    targets: transition.target ?? [],
    actions: actionLabels(transition.actions),
    reenter: transition.reenter === true,
    delay: kind === 'after' ? delayOf(machine, transition.source, eventType) : null,
    description: transition.description ?? null,
    guardNames: guardNames(transition.guard),
    actionMessages: (transition.actions ?? []).map(messageKeysOf),
    actionPages: (transition.actions ?? []).map((action) => pageOf(machine, action)),
  };
}

/**
 * The page an action sends the person to, when the machine says it without running: a `to` path in
 * the action's static params, or an `emit` of a fixed `{ type: 'navigate', to }` event (or of a
 * function of nothing that returns one). Destinations computed from the context are left to the
 * action's sentence (MachineInfo.actions).
 */
export function pageOf(machine: AnyStateMachine, action: unknown): string | null {
  if (action && typeof action === 'object' && 'params' in action) {
    const params = (action as { params: unknown }).params;
    if (params && typeof params === 'object' && typeof (params as { to?: unknown }).to === 'string') return (params as { to: string }).to;
  }
  const name = actionLabels([action])[0] ?? '';
  const implementation = (machine.implementations.actions as Record<string, unknown>)[name] as { type?: unknown; event?: unknown } | undefined;
  if (!implementation || implementation.type !== 'xstate.emit') return null;
  let event = implementation.event;
  if (typeof event === 'function' && event.length === 0) {
    try {
      event = (event as () => unknown)();
    } catch {
      return null;
    }
  }
  const to = event && typeof event === 'object' ? (event as { type?: unknown; to?: unknown }) : null;
  return to?.type === 'navigate' && typeof to.to === 'string' ? to.to : null;
}

/** The named guards inside a guard, combinators (and/or/not) opened; `stateIn` checks are not named guards. */
export function guardNames(guard: unknown): string[] {
  if (guard === undefined || guard === null) return [];
  if (typeof guard === 'string') return [guard];
  if (typeof guard === 'function') {
    const combinator = guard as { guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(combinator.guards)) return [...new Set(combinator.guards.flatMap((inside) => guardNames(inside)))];
    if (combinator.stateValue !== undefined) return [];
    return ['inline'];
  }
  if (typeof guard === 'object' && 'type' in guard) return [String((guard as { type: unknown }).type)];
  return ['inline'];
}

/**
 * Text keys an action names in its static params: string values of properties whose name ends in
 * 'Key' (`titleKey`, `descriptionKey`…), at any depth. Params computed from the event are not read.
 */
export function messageKeysOf(action: unknown): string[] {
  if (!action || typeof action !== 'object' || !('params' in action)) return [];
  const found: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 4) return;
    for (const [name, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && /Key$/.test(name)) found.push(inner);
      else visit(inner, depth + 1);
    }
  };
  visit((action as { params: unknown }).params, 0);
  return [...new Set(found)];
}

/** Entry or exit actions with the text keys their static params name. */
export function actionsWithMessages(node: AnyStateNode, when: 'entry' | 'exit'): Array<{ name: string; messages: string[]; page: string | null }> {
  const actions = node[when].filter((action) => !isTimerBookkeeping(action));
  const names = actionLabels(actions);
  return actions.map((action, index) => ({ name: names[index] ?? 'inline', messages: messageKeysOf(action), page: pageOf(node.machine, action) }));
}

/** Every named guard the machine uses, sorted. */
export function usedGuards(machine: AnyStateMachine): string[] {
  return [...new Set(listTransitions(machine).flatMap((transition) => transition.guardNames))].sort();
}

/** Every action the machine uses on transitions, on entry and on exit, sorted. */
export function usedActions(machine: AnyStateMachine): string[] {
  const onTransitions = listTransitions(machine).flatMap((transition) => transition.actions);
  const onStates = [machine.root, ...listStates(machine).map((state) => state.node)].flatMap((node) => [...entryActions(node), ...exitActions(node)]);
  return [...new Set([...onTransitions, ...onStates])].sort();
}

function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.actor';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.actor';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  return 'event';
}

function delayOf(machine: AnyStateMachine, source: AnyStateNode, eventType: string): { name: string; ms: number | null } {
  const delayed = source.after.find((candidate) => candidate.eventType === eventType);
  const delay = delayed?.delay;
  if (typeof delay === 'number') return { name: String(delay), ms: delay };
  const name = typeof delay === 'string' ? delay : eventType;
  const configured = (machine.implementations.delays as Record<string, unknown>)[name];
  return { name, ms: typeof configured === 'number' ? configured : null };
}

/** Delay in ms of an `xstate.after.*` event of the machine; throws when it is not a fixed number. */
export function afterDelayMs(machine: AnyStateMachine, eventType: string): number {
  const found = listTransitions(machine).find((transition) => transition.eventType === eventType);
  const ms = found?.delay?.ms;
  if (typeof ms !== 'number') throw new Error(`No fixed delay for ${eventType}`);
  return ms;
}

/** Readable event name: 'LOGIN', 'exchangeCode done', 'after modalContentDelay (100 ms)', 'always'. */
export function eventLabel(transition: Pick<TransitionInfo, 'eventType' | 'kind' | 'delay'>): string {
  switch (transition.kind) {
    case 'always':
      return 'always';
    case 'after': {
      const { name = '?', ms = null } = transition.delay ?? {};
      if (ms === null) return `after ${name}`;
      return name === String(ms) ? `after ${ms} ms` : `after ${name} (${ms} ms)`;
    }
    case 'done.actor':
      return `${transition.eventType.slice('xstate.done.actor.'.length)} done`;
    case 'error.actor':
      return `${transition.eventType.slice('xstate.error.actor.'.length)} error`;
    case 'done.state':
      return 'done';
    default:
      return transition.eventType;
  }
}

/** Named guards by name; and/or/not spelled out; inline functions as 'inline'. */
export function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combinator = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(combinator.guards)) {
      const inner = combinator.guards.map((inside) => guardLabel(inside) ?? 'inline');
      return combinator.name === 'not' ? `not ${inner[0]}` : `(${inner.join(` ${combinator.name} `)})`;
    }
    if (combinator.stateValue !== undefined) return `in ${stateValuePaths(combinator.stateValue).join(' & ')}`;
    return 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

export function actionLabels(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map((action) => {
    if (typeof action === 'string') return action;
    if (action && (typeof action === 'object' || typeof action === 'function') && 'type' in action) {
      return String((action as { type: unknown }).type);
    }
    return 'inline';
  });
}

/**
 * Entry and exit actions as written in the machine: XState adds a delayed raise on entry and a
 * cancel on exit for each `after` timer; those are shown as timers, not as actions.
 */
export function entryActions(node: AnyStateNode): string[] {
  return actionLabels(node.entry.filter((action) => !isTimerBookkeeping(action)));
}

export function exitActions(node: AnyStateNode): string[] {
  return actionLabels(node.exit.filter((action) => !isTimerBookkeeping(action)));
}

function isTimerBookkeeping(action: unknown): boolean {
  const candidate = action as { type?: unknown; id?: unknown; sendId?: unknown } | null;
  if (!candidate || (typeof candidate !== 'object' && typeof candidate !== 'function')) return false;
  const after = (value: unknown) => typeof value === 'string' && value.startsWith('xstate.after.');
  return (candidate.type === 'xstate.raise' && after(candidate.id)) || (candidate.type === 'xstate.cancel' && after(candidate.sendId));
}

/** Invoked actors of a node: the invoke id and the actor's name. */
export function invokesOf(node: AnyStateNode): Array<{ id: string; src: string }> {
  return node.invoke.map((invoke) => ({ id: invoke.id, src: typeof invoke.src === 'string' ? invoke.src : 'inline' }));
}

/** Dotted keys of a node and its ancestors, root excluded. */
export function ancestorKeys(node: AnyStateNode): string[] {
  return node.path.map((_, index) => node.path.slice(0, index + 1).join('.'));
}

/** Dotted keys of every state node active in a state value (ancestors included). */
export function activeStateKeys(machine: AnyStateMachine, value: StateValue): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateNode, inner: StateValue) => {
    const entries = typeof inner === 'string' ? [[inner, undefined] as const] : Object.entries(inner);
    for (const [key, below] of entries) {
      const child = node.states[key] as AnyStateNode | undefined;
      if (!child) continue;
      out.push(pathKey(child));
      if (below !== undefined) visit(child, below as StateValue);
    }
  };
  visit(machine.root, value);
  return out;
}

/** The pages each action navigates to wherever the machine uses it (see `pageOf`). */
export function pagesByAction(machine: AnyStateMachine): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  const add = (name: string, page: string | null) => {
    if (page !== null) found.set(name, new Set([...(found.get(name) ?? []), page]));
  };
  for (const transition of listTransitions(machine)) transition.actions.forEach((name, index) => add(name, transition.actionPages[index] ?? null));
  for (const node of [machine.root, ...listStates(machine).map((state) => state.node)]) {
    for (const when of ['entry', 'exit'] as const) for (const action of actionsWithMessages(node, when)) add(action.name, action.page);
  }
  return new Map([...found].map(([name, pages]) => [name, [...pages].sort()]));
}

/** A state value as dotted paths: { steps: { a: 'clickable' } } → ['steps.a.clickable']. */
export function stateValuePaths(value: unknown, prefix = ''): string[] {
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (typeof value === 'string') return [join(value)];
  if (!value || typeof value !== 'object') return [prefix || '?'];
  return Object.entries(value).flatMap(([key, inner]) => stateValuePaths(inner, join(key)));
}
