// What this browser tab keeps across reloads (spec §3 "Session data kept", §9 session keys): the
// logged session (user, tokens, area), the login origin and the logout origin. sessionStorage, so
// a closed tab forgets the tokens. The session machine decides what is restored; this module only
// reads and writes, and never throws (storage can be disabled or full).
import type { StoredSession } from '#machines/session.ts';

export const StorageKeys = {
  session: 'suap.session',
  loginOrigin: 'suap.login-origin',
  logoutOrigin: 'suap.logout-origin',
} as const;

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Not kept across a reload; the user logs in again.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A stored session of the right shape, or null (a tampered or outdated entry is ignored). */
export function parseStoredSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || (value.area !== 'FO' && value.area !== 'BO')) return null;
    const { user, auth } = value;
    if (!isRecord(user) || !isRecord(user.profile) || typeof user.profile.profileId !== 'number') return null;
    if (!isRecord(auth) || typeof auth.access_token !== 'string' || typeof auth.id_token !== 'string') return null;
    return value as unknown as StoredSession;
  } catch {
    return null;
  }
}

export function readStoredSession(): StoredSession | null {
  return parseStoredSession(read(StorageKeys.session));
}

export function writeStoredSession(session: StoredSession | null): void {
  write(StorageKeys.session, session ? JSON.stringify(session) : null);
}

export function readOrigin(which: 'loginOrigin' | 'logoutOrigin'): string | null {
  return read(StorageKeys[which]);
}

export function writeOrigin(which: 'loginOrigin' | 'logoutOrigin', origin: string | null): void {
  write(StorageKeys[which], origin);
}
