// This tab's storage for the enrolment (spec §3 "Session data kept", §4 "Draft actions", §9 session
// keys): the draft under its one key (base64 JSON, encoded by the draft machine's rules) and the
// one-stop shop chosen before the process started; the startup machine's "sent" marker
// (machines/startup.ts SENT_REQUEST_KEY) goes through writeItem too. sessionStorage, so a closed tab forgets them.
// Storage can be disabled (a SecurityError on any access) or full. Writes never throw: the process
// goes on without a copy. Reading the draft's copy at page load lets the failure through
// (readItemOrFail): the draft and startup machines have a branch for a storage they cannot read.
import type { Suap } from '#shared/domain.ts';

export const SELECTED_SUAP_KEY = 'suap.selected-suap';

/** Reads `key`; rejects what the browser throws (SecurityError when storage is disabled). */
export function readItemOrFail(key: string): string | null {
  return window.sessionStorage.getItem(key);
}

/** Reads `key`; an unavailable storage reads as empty. */
export function readItem(key: string): string | null {
  try {
    return readItemOrFail(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Not kept across a reload.
  }
}

/** The office chosen before the process started (internal one-stop-shop exception), if any. */
export function readSelectedSuap(): Suap | null {
  const raw = readItem(SELECTED_SUAP_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Suap> | null;
    return value && Number.isInteger(value.suapId) && typeof value.name === 'string' ? (value as Suap) : null;
  } catch {
    return null;
  }
}

export function writeSelectedSuap(suap: Suap | null): void {
  writeItem(SELECTED_SUAP_KEY, suap ? JSON.stringify(suap) : null);
}
