// Spec §5 "Search bar" and §8 "search-bar.errors.<key>": what a typed search allows. An empty bar is
// valid (submitting it, or clearing it, searches for nothing: a null search); a value is valid when
// it has at least `minLength` characters (spaces around it do not count), at most `maxLength`, and
// only the shared search pattern's characters. The submit is disabled while a value is present but
// invalid; at the maximum length an information message states the maximum. One field, and the bar
// shows every rule a value breaks (in spec order) with that information, so its check answers more
// than a form's `Checked` (./validate.ts): the search to send, all errors, and the submit's state.
import { SearchBar } from '../constants.ts';
import { Patterns } from '../patterns.ts';

export type SearchErrorKey = 'minlength' | 'maxlength' | 'pattern';

export interface SearchBarRules {
  minLength: number;
  maxLength: number;
  pattern: RegExp;
  /** Values that are searches whatever their length (the desk: digits are a request number). */
  anyLength?: RegExp;
}

/** Spec §9: min 4 and max 255 by default (office and initiative searches pass their own minimum). */
export const DEFAULT_SEARCH_RULES: SearchBarRules = { minLength: SearchBar.minLength, maxLength: SearchBar.maxLength, pattern: Patterns.searchBar };

/** The wizard's office search (spec §9: min 3). */
export const OFFICE_SEARCH_RULES: SearchBarRules = { ...DEFAULT_SEARCH_RULES, minLength: SearchBar.officeMinLength };

/** The wizard's initiative search (spec §9: min 3). */
export const INITIATIVE_SEARCH_RULES: SearchBarRules = { ...DEFAULT_SEARCH_RULES, minLength: SearchBar.initiativeMinLength };

export interface SearchCheck {
  /** The search to send when submitted: null for an empty bar. */
  search: string | null;
  /** In spec order of precedence; empty when valid. */
  errors: SearchErrorKey[];
  valid: boolean;
  submitDisabled: boolean;
  /** The information message "at most N characters" shows. */
  atMaxLength: boolean;
}

export function checkSearch(value: string, rules: SearchBarRules = DEFAULT_SEARCH_RULES): SearchCheck {
  const trimmed = value.trim();
  const errors: SearchErrorKey[] = [];
  if (trimmed !== '') {
    if (trimmed.length < rules.minLength && !rules.anyLength?.test(trimmed)) errors.push('minlength');
    if (value.length > rules.maxLength) errors.push('maxlength');
    if (!rules.pattern.test(value)) errors.push('pattern');
  }
  const valid = errors.length === 0;
  return {
    search: trimmed === '' ? null : trimmed,
    errors,
    valid,
    submitDisabled: !valid,
    atMaxLength: value.length >= rules.maxLength,
  };
}
