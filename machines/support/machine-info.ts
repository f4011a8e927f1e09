// What the registry, the diagram script and the tests know about a machine: the machine itself and
// the words an analyst reads next to its diagram.
import type { AnyStateMachine } from 'xstate';

/**
 * What an action does, in the words of the legend on the machine's page (docs/machines/<id>.md).
 * A plain string is enough for an action that neither moves the person nor shows them a message.
 */
export interface ActionSentence {
  /** One plain-language sentence, present tense: "Forgets the session and its tokens." */
  says: string;
  /**
   * The page the action sends the person to: a path of the app ('/', '/back-office/requests'), or a
   * short rule naming the pages when it depends on the data ("the service page of the request's
   * type, /avvio-impresa/…"). Shown on the arrow as "→ page", so "go home" names where home is.
   */
  page?: string;
  /**
   * Text keys (locales/*.json) of the messages the action shows or announces. Keys found in the
   * action's static params (`titleKey`, `descriptionKey`, …) are added by the generator on their own.
   */
  messages?: readonly string[];
}

export interface MachineInfo<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Same as the machine's own `id`; names the files in docs/machines/. */
  id: string;
  machine: TMachine;
  title: string;
  /** One paragraph, for analysts: what the machine decides and what it leaves to the app. */
  purpose: string;
  /**
   * Every named guard of the machine (the names in `setup({ guards })` the machine uses) with one
   * sentence saying what it checks, as a yes/no question's "yes": "The citizen accepted the terms."
   * Shown in the legend. `npm run diagrams` and tests/docs/diagrams.test.ts fail when a guard the
   * machine uses has no sentence, or a sentence names a guard the machine neither uses nor defines.
   */
  guards?: Readonly<Record<string, string>>;
  /** Every named action the machine uses (transitions, entry and exit), same rules as `guards`. */
  actions?: Readonly<Record<string, string | ActionSentence>>;
}
