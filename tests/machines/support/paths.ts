// Test paths of a model, independent of how they are executed: the pure runner (runner.ts) replays
// them on the machine; a screen runner can replay the very same paths on the rendered app.
//
// Shortest paths (TestModel.getShortestPaths) reach every projected state, but an edge between two
// states that are both already reached may be skipped. So every edge of the model's adjacency map
// gets a path too: the shortest path to its source plus that edge. Paths that are a prefix of
// another path are dropped.
import type { AdjacencyValue } from '@xstate/graph';
import type { AnyEventObject, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { createMachineModel, serializeModelEvent, serializeModelState, type ModelSpec } from './model.ts';

export interface ModelStep<TSnapshot> {
  /** The event taken; the first step is always `xstate.init`. */
  event: AnyEventObject;
  /** The model's snapshot after the event. */
  state: TSnapshot;
}

export interface ModelPath<TMachine extends AnyStateMachine> {
  inputName: string;
  input: InputFrom<TMachine>;
  steps: ReadonlyArray<ModelStep<SnapshotFrom<TMachine>>>;
  description: string;
}

export function generatePaths<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>): Array<ModelPath<TMachine>> {
  return spec.inputs.flatMap(({ name, input }) => pathsFromInput(spec, name, input));
}

function pathsFromInput<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  inputName: string,
  input: InputFrom<TMachine>,
): Array<ModelPath<TMachine>> {
  type Snapshot = SnapshotFrom<TMachine>;
  const model = createMachineModel(spec, input);
  const serialize = (snapshot: Snapshot) => serializeModelState(spec, snapshot);

  const shortestTo = new Map<string, ReadonlyArray<ModelStep<Snapshot>>>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    shortestTo.set(serialize(path.state), path.steps);
  }

  const candidates: Array<ReadonlyArray<ModelStep<Snapshot>>> = [];
  const adjacency = model.getAdjacencyMap() as Record<string, AdjacencyValue<Snapshot, AnyEventObject>>;
  for (const [source, { transitions }] of Object.entries(adjacency)) {
    const head = shortestTo.get(source);
    if (!head) throw new Error(`${spec.machine.id}: no shortest path to ${source}`);
    const edges = Object.values(transitions as Record<string, { event: AnyEventObject; state: Snapshot }>);
    if (edges.length === 0) candidates.push(head);
    for (const { event, state } of edges) candidates.push([...head, { event, state }]);
  }

  return withoutPrefixes(candidates).map((steps) => ({
    inputName,
    input,
    steps,
    description: describeSteps(steps),
  }));
}

/** Drops every path whose event sequence is a prefix of another one; keeps the original order. */
function withoutPrefixes<T extends { event: AnyEventObject }>(paths: ReadonlyArray<ReadonlyArray<T>>): Array<ReadonlyArray<T>> {
  const keyed = paths.map((steps) => ({ steps, key: steps.map((step) => serializeModelEvent(step.event)).join('\n') + '\n' }));
  const keys = [...new Set(keyed.map((path) => path.key))];
  const seen = new Set<string>();
  return keyed
    .filter(({ key }) => {
      if (seen.has(key)) return false;
      seen.add(key);
      return !keys.some((other) => other !== key && other.startsWith(key));
    })
    .map(({ steps }) => steps);
}

export function describeSteps(steps: ReadonlyArray<{ event: AnyEventObject }>): string {
  const events = steps.slice(1).map((step) => describeEvent(step.event));
  return events.length ? events.join(' → ') : '(initial state)';
}

export function describeEvent(event: AnyEventObject): string {
  const { type, ...payload } = event;
  const name = type
    .replace(/^xstate\.done\.actor\.(.*)$/, '$1 done')
    .replace(/^xstate\.error\.actor\.(.*)$/, '$1 error')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1');
  const details = Object.keys(payload).length ? serializeModelEvent(payload as AnyEventObject) : '';
  return details ? `${name} ${details.length > 70 ? `${details.slice(0, 67)}...` : details}` : name;
}
