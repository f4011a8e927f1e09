// Puts a logged session in this tab's storage, as a previous page would have left it, so the app
// restores it on render (the session machine's reload path).
import { anna, chiara, luca, mario, paolo, tokensFor } from '#mocks/fixtures/identities.ts';
import type { Area } from '#machines/auth/types.ts';
import type { User } from '#shared/domain.ts';
import { writeStoredSession } from '#web/auth/storage.ts';

export const people = { mario, paolo, anna, luca, chiara } as const;

export function storeSession(
  key: keyof typeof people,
  area: Area = key === 'anna' || key === 'luca' || key === 'chiara' ? 'BO' : 'FO',
  user: User = people[key],
): void {
  writeStoredSession({ user, auth: tokensFor(key), area });
}
