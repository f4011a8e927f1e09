// What a staff member typed in back-office forms, kept across the back office's idle sign-out for
// that person only (docs/architecture.md "Back-office idle sign-out"). Forms report their values as
// they change (noteForm); the login machine's 'keptForms' commands decide the rest: 'keep' writes
// them to this tab's sessionStorage under the signed-out account, 'claim' (any sign-in) keeps that
// entry only for the same account and drops it for anyone else, 'drop' (a logout asked for) drops
// everything. A form mounting for its owner takes its values back (takeForm). Never throws:
// storage can be disabled or full, and then nothing is kept.
import type { KeptFormsCommand } from '#machines/auth/types.ts';

export const KEPT_FORMS_KEY = 'suap.kept-forms';

interface KeptForms {
  owner: string;
  forms: Record<string, unknown>;
}

/** The values of the forms typed on this page since it loaded (or since the last drop). */
const typed = new Map<string, unknown>();

function read(): KeptForms | null {
  try {
    const raw = window.sessionStorage.getItem(KEPT_FORMS_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<KeptForms>) : null;
    if (!value || typeof value.owner !== 'string' || typeof value.forms !== 'object' || value.forms === null) return null;
    return { owner: value.owner, forms: value.forms };
  } catch {
    return null;
  }
}

function write(kept: KeptForms | null): void {
  try {
    if (!kept || Object.keys(kept.forms).length === 0) window.sessionStorage.removeItem(KEPT_FORMS_KEY);
    else window.sessionStorage.setItem(KEPT_FORMS_KEY, JSON.stringify(kept));
  } catch {
    // Not kept: the person types again after signing in.
  }
}

/** A form's current values (`null`: nothing worth keeping, e.g. sent or emptied). */
export function noteForm(formKey: string, values: unknown): void {
  if (values === null) typed.delete(formKey);
  else typed.set(formKey, values);
}

/** The values kept for `formKey` if they belong to `owner`; taken once. */
export function takeForm<T>(owner: string, formKey: string): T | null {
  const kept = read();
  if (!kept || kept.owner !== owner || !(formKey in kept.forms)) return null;
  const { [formKey]: values, ...rest } = kept.forms;
  write({ owner, forms: rest });
  return values as T;
}

/** Carries out one of the login machine's commands (machines/auth/types.ts, 'keptForms'). */
export function settleKeptForms(command: KeptFormsCommand, owner: string | null): void {
  if (command === 'keep') {
    const earlier = read();
    if (owner) write({ owner, forms: { ...(earlier?.owner === owner ? earlier.forms : {}), ...Object.fromEntries(typed) } });
    typed.clear();
    return;
  }
  if (command === 'claim') {
    const kept = read();
    if (kept && kept.owner !== owner) write(null);
    return;
  }
  typed.clear();
  write(null);
}
