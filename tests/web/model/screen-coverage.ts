// Shared by the screen-level model runs of a screen's own machine (listQuery on the private area,
// details on a request's details page): the fewest model paths (chosen greedily) that together take
// the pure machine through everything the model reaches, and an inspector that records, on the
// rendered app, which states and transitions the running machine went through and every event from
// outside it that its state did not accept. An event the driver sends straight to the machine (no
// control on screen) is the model's probe, not the screen's, and is not judged.
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import { activeStateKeys, ancestorKeys, keyOfTransition } from '#scripts/diagrams/walk.ts';
import { Coverage } from '../../machines/support/coverage.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { generatePaths, type ModelPath } from '../../machines/support/paths.ts';
import { runPathOnMachine } from '../../machines/support/runner.ts';

/** Greedy set cover over the generated paths: each adds the most states and transitions not yet covered. */
export async function coveringPaths<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>): Promise<Array<ModelPath<TMachine>>> {
  return greedyCover(await Promise.all(generatePaths(spec).map((path) => coverOf(spec, path))));
}

/** What a path covers on the pure machine: its states and transitions as keys, plus any extra keys it names. */
export async function coverOf<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  path: ModelPath<TMachine>,
  extraKeys: readonly string[] = [],
): Promise<{ path: ModelPath<TMachine>; keys: Set<string> }> {
  const coverage = new Coverage(spec.machine);
  await runPathOnMachine(spec, path, {}, coverage);
  return {
    path,
    keys: new Set([...[...coverage.states].map((key) => `state ${key}`), ...[...coverage.transitions].map((key) => `transition ${key}`), ...extraKeys]),
  };
}

/** The fewest candidates (chosen greedily, shorter first on a tie) whose keys together cover every key. */
export function greedyCover<TPath extends { steps: readonly unknown[] }>(covers: ReadonlyArray<{ path: TPath; keys: Set<string> }>): TPath[] {
  const missing = new Set(covers.flatMap(({ keys }) => [...keys]));
  const chosen: TPath[] = [];
  while (missing.size > 0) {
    let best = covers[0]!;
    let bestGain = -1;
    for (const candidate of covers) {
      let gain = 0;
      for (const key of candidate.keys) if (missing.has(key)) gain += 1;
      if (gain > bestGain || (gain === bestGain && gain > 0 && candidate.path.steps.length < best.path.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    chosen.push(best.path);
    for (const key of best.keys) missing.delete(key);
  }
  return chosen;
}

/** Follows the running actor of `machine` (by its id) in the rendered app. */
export function createScreenObserver(machine: AnyStateMachine) {
  const onScreen = new Coverage(machine);
  const refused: string[] = [];
  let direct = false;
  let current: AnyActorRef | null = null;

  const inspect = (event: InspectionEvent) => {
    const ref = event.actorRef as AnyActorRef;
    if ((ref as unknown as { logic: { id?: string } }).logic.id !== machine.id) return;
    current = ref;
    if (event.type === '@xstate.microstep') {
      for (const transition of event._transitions) {
        onScreen.transitions.add(keyOfTransition(transition));
        onScreen.recordStates(ancestorKeys(transition.source));
      }
      onScreen.recordStates(activeStateKeys(machine, (event.snapshot as AnyMachineSnapshot).value));
    }
    if (event.type === '@xstate.snapshot' && (event.snapshot as AnyMachineSnapshot).status === 'active') {
      onScreen.recordStates(activeStateKeys(machine, (event.snapshot as AnyMachineSnapshot).value));
    }
    // An event from outside the machine (its own raised events have it as source) that its state does not accept.
    if (event.type === '@xstate.event' && event.sourceRef !== ref && !direct && !event.event.type.startsWith('xstate.')) {
      const snapshot = ref.getSnapshot() as AnyMachineSnapshot;
      if (snapshot.status === 'active' && !snapshot.can(event.event)) refused.push(`${event.event.type} in ${JSON.stringify(snapshot.value)}`);
    }
  };

  return {
    inspect,
    onScreen,
    refused,
    /** The running actor (the latest one started on screen). */
    actor(): AnyActorRef {
      if (!current) throw new Error(`the ${machine.id} machine is not running`);
      return current;
    },
    /** Sends an event no screen control produces, marked as the model's probe. */
    sendDirectly(event: { type: string }) {
      direct = true;
      try {
        this.actor().send(event);
      } finally {
        direct = false;
      }
    },
  };
}
