// The server's error answer as the mocks send it: the envelope with the status's one wording and
// the catalogue's errorKey (src/shared/api/error-keys.ts), the same rule as src/server/plugins/errors.ts.
import { HttpResponse } from 'msw';
import { defaultKeyOf, ERROR_KEYS, phraseOf, type ErrorKeyValue } from '#shared/api/error-keys.ts';
import type { Status } from '#shared/envelope.ts';

export type ErrorAnswer = Status & { errorKey: ErrorKeyValue };

/** `kind` is the status's phrase or a catalogue key (e.g. 'stale-version'); `description` the detail. */
export function fail(code: number, kind?: string, description?: string) {
  const errorKey = kind && (ERROR_KEYS as string[]).includes(kind) ? (kind as ErrorKeyValue) : defaultKeyOf(code);
  const message = phraseOf(code);
  return HttpResponse.json<ErrorAnswer>({ code, message, description: description ?? message, errorKey }, { status: code });
}
