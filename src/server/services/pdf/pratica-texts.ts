// A pratica's history and regime in the PDF recap and the applicant's e-mails, in the words the
// details pages use (docs/architecture.md "The pratica's lifecycle"): the locales' `pratica.*` texts,
// chosen by the one rule of src/shared/pratica-history.ts, so a screen, a recap and a message never
// tell the same event two ways.
import en from '#locales/en.json' with { type: 'json' };
import it from '#locales/it.json' with { type: 'json' };
import type { HistoryEntry } from '#shared/api/requests.ts';
import type { Language } from '#shared/constants.ts';
import type { Regime } from '#shared/pratica.ts';
import { historyActor, historyEventKey, historyNoteKey, ROLE_KEYS } from '#shared/pratica-history.ts';

const CATALOGUES: Readonly<Record<Language, Readonly<Record<string, string>>>> = { it, en };

/** A locale text with its `{placeholders}` filled (the texts used here have no plurals or selects). */
export function localeText(language: Language, key: string, values: Readonly<Record<string, string | number>> = {}): string {
  const text = CATALOGUES[language][key];
  if (text === undefined) throw new Error(`locales/${language}.json has no ${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const REGIME_KEYS: Readonly<Record<Regime, string>> = {
  SCIA: 'pratica.regime.scia',
  'SILENZIO-ASSENSO': 'pratica.regime.silenzio-assenso',
  AUTORIZZAZIONE: 'pratica.regime.autorizzazione',
  COMUNICAZIONE: 'pratica.regime.comunicazione',
};

/** The regime in plain words, with the proceeding's days. */
export function regimeText(regime: Regime, proceedingDays: number, language: Language): string {
  return localeText(language, REGIME_KEYS[regime], { days: proceedingDays });
}

/** What an entry tells: its event in words (null for entries older than events), who acted, and its note. */
export interface HistoryWords {
  event: string | null;
  /** The role; on the office's copy the name before it ("Anna Verdi (Amministratore)"). */
  who: string;
  note: string | null;
}

export function historyWords(entry: HistoryEntry, language: Language, named: boolean): HistoryWords {
  const eventKey = historyEventKey(entry, named);
  const role = localeText(language, ROLE_KEYS[historyActor(entry)]);
  const name = named && historyActor(entry) !== 'system' ? entry.actorName : null;
  return {
    event: eventKey ? localeText(language, eventKey, { name: entry.assigneeName ?? '' }) : null,
    who: name ? `${name} (${role})` : role,
    note: entry.reason ? localeText(language, historyNoteKey(entry), { note: entry.reason }) : null,
  };
}
