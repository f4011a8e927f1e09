// The server's answer to a back-office write, as the screen runs release it through a gate: the
// model's ApiFailure (src/shared/api/failure.ts) turned back into what the server sends — the
// envelope with its status and errorKey (mocks/handlers/envelope.ts), or no answer at all (status 0,
// a network error). Anything else (a gate drained at the end of a path) is a plain server failure.
import { HttpResponse } from 'msw';
import { fail } from '#mocks/handlers/envelope.ts';
import { isApiFailure } from '#shared/api/failure.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';

export function failureAnswer(error: unknown): Response {
  if (!isApiFailure(error)) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
  if (error.status === 0) return HttpResponse.error();
  return fail(error.status, error.errorKey ?? undefined, error.message ?? undefined);
}
