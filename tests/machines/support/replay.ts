// Replays a model path through a driver, one step at a time. The driver decides what a step means
// for the system under test: the pure runner (runner.ts) sends events to an actor, releases gated
// fake actors and advances a SimulatedClock; a screen driver would click, release held HTTP
// replies and advance the clock of the rendered app. The mapping from step to action is shared.
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { afterDelayMs } from '#scripts/diagrams/walk.ts';
import { describeEvent, type ModelPath, type ModelStep } from './paths.ts';

export interface PathDriver<TMachine extends AnyStateMachine> {
  /** An event of the machine's own (what the user or the app does). */
  send(event: AnyEventObject): Promise<void> | void;
  /** The invoked actor `id` finishes with `output` (`xstate.done.actor.<id>`). */
  complete(id: string, output: unknown): Promise<void> | void;
  /** The invoked actor `id` fails (`xstate.error.actor.<id>`). */
  fail(id: string, error: unknown): Promise<void> | void;
  /** Time passes (`xstate.after.*`), by the delay of that timer. */
  advance(ms: number): Promise<void> | void;
  /** After every step, the initial one (index 0) included: is the system where the step says? */
  check(step: ModelStep<SnapshotFrom<TMachine>>, index: number): Promise<void> | void;
}

export async function replayPath<TMachine extends AnyStateMachine>(machine: TMachine, path: ModelPath<TMachine>, driver: PathDriver<TMachine>): Promise<void> {
  try {
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await takeStep(machine, step.event, driver);
      await driver.check(step, index);
    }
  } catch (error) {
    if (error instanceof Error) error.message += `\n  path [${path.inputName}]: ${path.description}`;
    throw error;
  }
}

async function takeStep<TMachine extends AnyStateMachine>(machine: TMachine, event: AnyEventObject, driver: PathDriver<TMachine>) {
  const { type } = event;
  try {
    if (type.startsWith('xstate.done.actor.')) await driver.complete(type.slice('xstate.done.actor.'.length), event.output);
    else if (type.startsWith('xstate.error.actor.')) await driver.fail(type.slice('xstate.error.actor.'.length), event.error);
    else if (type.startsWith('xstate.after.')) await driver.advance(afterDelayMs(machine, type));
    else await driver.send(event);
  } catch (error) {
    if (error instanceof Error) error.message = `Could not take step ${describeEvent(event)}: ${error.message}`;
    throw error;
  }
}
