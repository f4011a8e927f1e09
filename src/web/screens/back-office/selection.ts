// Spec §2 "The chosen request id is kept in session storage so a reload reopens it"; staff records
// travel in the URL (?userId=). Storage failures (privacy modes) only lose the convenience.
import { Paths } from '../../routes/paths.ts';

export const CHOSEN_REQUEST_KEY = 'suap.bo.requestId';

function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export function rememberChosenRequest(requestId: number): void {
  try {
    window.sessionStorage.setItem(CHOSEN_REQUEST_KEY, String(requestId));
  } catch {
    // Not kept: a reload shows "no request chosen".
  }
}

export function chosenRequest(): number | null {
  try {
    return parseId(window.sessionStorage.getItem(CHOSEN_REQUEST_KEY));
  } catch {
    return null;
  }
}

export function userIdOf(search: string): number | null {
  return parseId(new URLSearchParams(search).get('userId'));
}

export const userDetailsPath = (userId: number) => `${Paths.boUserDetails}?userId=${userId}`;
export const userModifyPath = (userId: number) => `${Paths.boUserModify}?userId=${userId}`;
