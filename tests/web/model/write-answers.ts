// The server's answer to a back-office write, as the screen runs release it through a gate: the
// model's WriteFailure (machines/backOffice/rules.ts) turned back into what the server sends — the
// envelope with its status and errorKey (mocks/handlers/envelope.ts), or no answer at all (status 0,
// a network error). Anything else (a gate drained at the end of a path) is a plain server failure.
import { HttpResponse } from 'msw';
import type { WriteFailure } from '../../../machines/backOffice/rules.ts';
import { fail } from '../../../mocks/handlers/envelope.ts';
import { GENERIC_ERROR } from '../../../src/shared/constants.ts';

function isWriteFailure(error: unknown): error is WriteFailure {
  return typeof error === 'object' && error !== null && typeof (error as WriteFailure).status === 'number' && !(error instanceof Error);
}

export function failureAnswer(error: unknown): Response {
  if (!isWriteFailure(error)) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
  if (error.status === 0) return HttpResponse.error();
  return fail(error.status, error.code ?? undefined, error.message ?? undefined);
}
