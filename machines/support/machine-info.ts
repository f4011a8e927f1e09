// What the registry, the diagram script and the tests know about a machine: the machine itself and
// the words an analyst reads next to its diagram.
import type { AnyStateMachine } from 'xstate';

export interface MachineInfo<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Same as the machine's own `id`; names the files in docs/machines/. */
  id: string;
  machine: TMachine;
  title: string;
  /** One paragraph, for analysts: what the machine decides and what it leaves to the app. */
  purpose: string;
}
