// A machine's test model: which events to try in each state (with which payloads), and which part
// of a snapshot makes two states "the same". The same spec drives the pure runner here and, later,
// runs against the rendered screens, so it holds no assertions of its own.
import { TestModel } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  type ActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';

export type Payload = Readonly<Record<string, unknown>>;
export type PayloadCases<TSnapshot> = readonly Payload[] | ((snapshot: TSnapshot) => readonly Payload[]);

export interface ModelSpec<TMachine extends AnyStateMachine> {
  machine: TMachine;
  /**
   * Starting points; one traversal each. Machines without input use a single entry with
   * `input: undefined`.
   */
  inputs: ReadonlyArray<{ name: string; input: InputFrom<TMachine> }>;
  /**
   * Payload cases per event type the machine accepts, without `type`. Keys are event types,
   * including `xstate.done.actor.<invokeId>` (payload `{ output }`) and `xstate.error.actor.<invokeId>`
   * (payload `{ error }`). `xstate.after.*` events need no entry. An empty list means "not explored
   * in this state"; a missing key fails the traversal, so a new event cannot go untested silently.
   */
  payloads: Readonly<Record<string, PayloadCases<SnapshotFrom<TMachine>>>>;
  /**
   * What identifies a state besides its value: keep it finite (cap counters, drop generated ids) or
   * the traversal never ends.
   */
  project: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /** Traversal bound: exceeding it means the projection lets the state space grow without end. */
  limit?: number;
}

export function serializeModelState<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>, snapshot: SnapshotFrom<TMachine>): string {
  const machineSnapshot = snapshot as AnyMachineSnapshot;
  return JSON.stringify({ value: machineSnapshot.value, status: machineSnapshot.status, view: spec.project(snapshot) });
}

/** JSON, with errors shown by name and message (plain JSON turns every Error into `{}`). */
export function serializeModelEvent(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, value: unknown) => (value instanceof Error ? { error: value.name, message: value.message } : value));
}

/** The events to try in a snapshot: every event its active states accept, times its payload cases. */
export function modelEvents<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>) {
  return (snapshot: SnapshotFrom<TMachine>): AnyEventObject[] =>
    (__unsafe_getAllOwnEventDescriptors(snapshot as AnyMachineSnapshot) as string[]).flatMap((type) => {
      if (type.startsWith('xstate.after.')) return [{ type }];
      const cases = spec.payloads[type];
      if (!cases) {
        throw new Error(`${spec.machine.id}: no payload cases for event "${type}" (accepted in ${JSON.stringify((snapshot as AnyMachineSnapshot).value)})`);
      }
      const list = typeof cases === 'function' ? cases(snapshot) : cases;
      return list.map((payload) => ({ ...payload, type }));
    });
}

/** A TestModel of the machine started with `input` (paths.ts turns it into test paths). */
export function createMachineModel<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>, input: InputFrom<TMachine>) {
  // A machine is ActorLogic over its own event union; the model also sends actor completion and
  // delay events, hence the widening to AnyEventObject.
  const logic = spec.machine as unknown as ActorLogic<SnapshotFrom<TMachine>, AnyEventObject, InputFrom<TMachine>>;
  return new TestModel(logic, {
    input,
    events: modelEvents(spec),
    serializeState: (snapshot) => serializeModelState(spec, snapshot),
    serializeEvent: serializeModelEvent,
    stateMatcher: (snapshot, key) => (snapshot as AnyMachineSnapshot).matches(key),
    limit: spec.limit ?? 20_000,
  });
}
