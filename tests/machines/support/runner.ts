// The pure runner: replays a model path on the real machine (gated fake actors, a simulated
// clock), checks after every step that the machine is where the model says it is, and runs the
// invariants. No timers of its own: delays advance the SimulatedClock.
import { createActor, SimulatedClock, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { activeStateKeys, ancestorKeys, keyOfTransition } from '#scripts/diagrams/walk.ts';
import type { Coverage } from './coverage.ts';
import { createGates, type ActorCall } from './gates.ts';
import { serializeModelState, type ModelSpec } from './model.ts';
import { describeEvent, type ModelPath, type ModelStep } from './paths.ts';
import { replayPath } from './replay.ts';

export interface StepCheck<TMachine extends AnyStateMachine> {
  path: ModelPath<TMachine>;
  /** 0 is the initial state (event `xstate.init`). */
  index: number;
  event: AnyEventObject;
  before: SnapshotFrom<TMachine> | null;
  after: SnapshotFrom<TMachine>;
  /** Events the machine emitted during this step. */
  emitted: readonly AnyEventObject[];
  /** Actors the machine started during this step. */
  calls: readonly ActorCall[];
  /** Keys of the states the step passed through, transient ones included. */
  visited: readonly string[];
}

export type Invariant<TMachine extends AnyStateMachine> = (check: StepCheck<TMachine>) => void;
export type Invariants<TMachine extends AnyStateMachine> = Readonly<Record<string, Invariant<TMachine>>>;

/** Lets promise callbacks and the events they send settle; not a timer. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runPathOnMachine<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  path: ModelPath<TMachine>,
  invariants: Invariants<TMachine>,
  coverage?: Coverage,
): Promise<void> {
  type Snapshot = SnapshotFrom<TMachine>;
  const gates = createGates(spec.machine);
  const clock = new SimulatedClock();
  let emitted: AnyEventObject[] = [];
  let visited: string[] = [];
  let callsSeen = 0;
  let before: Snapshot | null = null;

  const actor = createActor(spec.machine.provide({ actors: gates.actors }) as AnyStateMachine, {
    clock,
    input: path.input,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const transition of inspection._transitions) {
        coverage?.transitions.add(keyOfTransition(transition));
        // The source was active even when no microstep snapshot shows it (the initial state left by
        // an `always` transition during start).
        visited.push(...ancestorKeys(transition.source));
      }
      visited.push(...activeStateKeys(spec.machine, (inspection.snapshot as AnyMachineSnapshot).value));
    },
  });
  actor.on('*', (event) => emitted.push(event));
  // Errors thrown by actions put the actor in status 'error'; the step check reports them.
  actor.subscribe({ error: () => {} });
  actor.start();

  const check = (step: ModelStep<Snapshot>, index: number) => {
    const after = actor.getSnapshot() as Snapshot;
    visited.push(...activeStateKeys(spec.machine, (after as AnyMachineSnapshot).value));
    const stepCheck: StepCheck<TMachine> = {
      path,
      index,
      event: step.event,
      before,
      after,
      emitted,
      calls: gates.calls.slice(callsSeen),
      visited: [...new Set(visited)],
    };
    coverage?.recordStates(stepCheck.visited);
    assertConforms(spec, stepCheck, step.state);
    for (const [name, invariant] of Object.entries(invariants)) {
      try {
        invariant(stepCheck);
      } catch (error) {
        throw new Error(`Invariant "${name}" failed at step ${index} (${describeEvent(step.event)}): ${(error as Error).message}`, { cause: error });
      }
    }
    before = after;
    emitted = [];
    visited = [];
    callsSeen = gates.calls.length;
  };

  try {
    await replayPath(spec.machine, path, {
      send: (event) => actor.send(event),
      complete: async (id, output) => {
        gates.release(id, output);
        await settle();
      },
      fail: async (id, error) => {
        gates.fail(id, error);
        await settle();
      },
      advance: (ms) => clock.increment(ms),
      check,
    });
  } finally {
    actor.stop();
  }
  if (coverage) {
    coverage.paths += 1;
    coverage.steps += path.steps.length - 1;
  }
}

function assertConforms<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>, check: StepCheck<TMachine>, expected: SnapshotFrom<TMachine>) {
  const snapshot = check.after as AnyMachineSnapshot;
  if (snapshot.status === 'error') {
    throw new Error(`Machine failed at step ${check.index} (${describeEvent(check.event)}): ${String(snapshot.error)}`);
  }
  const actual = serializeModelState(spec, check.after);
  const wanted = serializeModelState(spec, expected);
  if (actual !== wanted) {
    throw new Error(`Machine diverged from the model at step ${check.index} (${describeEvent(check.event)}):\n  machine: ${actual}\n  model:   ${wanted}`);
  }
}
