// Which state nodes and transitions of a machine the replayed paths went through, measured on the
// running actor (inspection microsteps), so transient states reached through `always` count too.
import type { AnyStateMachine } from 'xstate';
import { eventLabel, listStates, listTransitions, type TransitionInfo } from '#scripts/diagrams/walk.ts';

export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  paths = 0;
  steps = 0;
  readonly #machine: AnyStateMachine;

  constructor(machine: AnyStateMachine) {
    this.#machine = machine;
  }

  recordStates(keys: readonly string[]): void {
    for (const key of keys) this.states.add(key);
  }

  /** State keys and transition keys the machine defines. */
  expected(): { states: string[]; transitions: TransitionInfo[] } {
    return { states: listStates(this.#machine).map((state) => state.key), transitions: listTransitions(this.#machine) };
  }

  missing(): { states: string[]; transitions: string[] } {
    const { states, transitions } = this.expected();
    return {
      states: states.filter((key) => !this.states.has(key)),
      transitions: transitions.filter((transition) => !this.transitions.has(transition.key)).map(describeTransition),
    };
  }

  summary(): string {
    const { states, transitions } = this.expected();
    const coveredStates = states.filter((key) => this.states.has(key)).length;
    const coveredTransitions = transitions.filter((transition) => this.transitions.has(transition.key)).length;
    return (
      `${this.#machine.id}: ${this.paths} paths (${this.steps} steps), ` +
      `${coveredStates}/${states.length} states, ${coveredTransitions}/${transitions.length} transitions covered`
    );
  }
}

function describeTransition(transition: TransitionInfo): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  const targets = transition.targets.map((target) => target.path.join('.')).join(', ') || '(no target)';
  return `${transition.sourceKey || '(root)'} on ${eventLabel(transition)}${guard} → ${targets} (alternative #${transition.index})`;
}
