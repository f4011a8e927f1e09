// The legend of a machine's page: one plain-language sentence per guard and per action, taken from
// the machine's MachineInfo (machines/support/machine-info.ts). A guard or action without its
// sentence, or a sentence for a name the machine neither uses nor defines, stops `npm run diagrams` (and
// tests/docs/diagrams.test.ts) with the names to fix — except for the machines listed in
// PENDING_SENTENCES, whose pages say which sentences are still missing.
import type { ActionSentence, MachineInfo } from '#machines/support/machine-info.ts';
import { usedActions, usedGuards } from './walk.ts';

/**
 * Machines being rewritten while the legends were introduced: their engineers add the
 * sentences with the rewrite, then take the machine off this list. A test fails when a machine
 * listed here already has every sentence, so the list only shrinks.
 */
export const PENDING_SENTENCES: ReadonlySet<string> = new Set<string>([]);

export interface SentenceGaps {
  /** Guards or actions the machine uses that have no sentence. */
  missingGuards: string[];
  missingActions: string[];
  /** Sentences for names the machine neither uses nor defines (renamed or removed). */
  unusedGuards: string[];
  unusedActions: string[];
}

export function sentenceGaps(info: MachineInfo): SentenceGaps {
  const guards = usedGuards(info.machine);
  const actions = usedActions(info.machine);
  const guardSentences = info.guards ?? {};
  const actionSentences = info.actions ?? {};
  // A guard or action defined in `setup` but used only inside another (a rule the machine composes) may have its sentence too.
  const implementations = info.machine.implementations as { guards: Record<string, unknown>; actions: Record<string, unknown> };
  return {
    missingGuards: guards.filter((name) => !hasText(guardSentences[name])),
    missingActions: actions.filter((name) => !hasText(sentenceOf(actionSentences[name]))),
    unusedGuards: Object.keys(guardSentences)
      .filter((name) => !guards.includes(name) && !(name in implementations.guards))
      .sort(),
    unusedActions: Object.keys(actionSentences)
      .filter((name) => !actions.includes(name) && !(name in implementations.actions))
      .sort(),
  };
}

export function hasGaps(gaps: SentenceGaps): boolean {
  return Object.values(gaps).some((names) => names.length > 0);
}

/** Throws, naming every gap, unless the machine is pending. */
export function assertSentences(info: MachineInfo): void {
  const gaps = sentenceGaps(info);
  if (!hasGaps(gaps) || PENDING_SENTENCES.has(info.id)) return;
  const parts = [
    gaps.missingGuards.length && `guards without a sentence: ${gaps.missingGuards.join(', ')}`,
    gaps.missingActions.length && `actions without a sentence: ${gaps.missingActions.join(', ')}`,
    gaps.unusedGuards.length && `sentences for guards the machine neither uses nor defines: ${gaps.unusedGuards.join(', ')}`,
    gaps.unusedActions.length && `sentences for actions the machine neither uses nor defines: ${gaps.unusedActions.join(', ')}`,
  ].filter(Boolean);
  throw new Error(`machines/${info.id}: ${parts.join('; ')}. Add them to ${info.id}MachineInfo.guards / .actions (see machines/support/machine-info.ts).`);
}

export function sentenceOf(value: string | ActionSentence | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.says;
}

export function actionPage(info: Pick<MachineInfo, 'actions'>, name: string): string | undefined {
  const value = info.actions?.[name];
  return typeof value === 'object' ? value.page : undefined;
}

export function actionMessages(info: Pick<MachineInfo, 'actions'>, name: string): readonly string[] {
  const value = info.actions?.[name];
  return typeof value === 'object' ? (value.messages ?? []) : [];
}

function hasText(value: string | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
