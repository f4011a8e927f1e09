// Issue #14.3: a 403 is never shown as "try again later". The one rule telling a refused call
// (HTTP 403, or the envelope's errorKey `forbidden`) from any other failure, read from every shape
// the SPA's adapters reject with: an axios error (`response.status`, `response.data.errorKey`), an
// ApiResultError (`code`, `errorKey`: a non-200 envelope) and the draft machine's RequestFailure
// (`status`, `code`, `message` holding the errorKey). The machines record the failure as a status
// (spec §8: 999 "Generic Error" for anything else), and the screens choose their words from it: a
// refusal says "not allowed" and what to do instead, never offers a retry that cannot succeed.
import { GENERIC_ERROR } from '../constants.ts';
import type { Status } from '../envelope.ts';
import { ERROR_KEYS, ErrorKey, type ErrorKeyValue } from './error-keys.ts';

const FORBIDDEN = 403;

/** The status a refused call is recorded with. */
export const FORBIDDEN_STATUS = { code: FORBIDDEN, message: 'Forbidden', description: 'Forbidden' } as const satisfies Status;

interface FailureShape {
  status?: unknown;
  code?: unknown;
  errorKey?: unknown;
  message?: unknown;
  response?: { status?: unknown; data?: { code?: unknown; errorKey?: unknown } | null } | null;
}

export function isForbiddenFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as FailureShape;
  const answer = failure.response ?? null;
  return (
    failure.status === FORBIDDEN ||
    failure.code === FORBIDDEN ||
    failure.errorKey === ErrorKey.forbidden ||
    failure.message === ErrorKey.forbidden ||
    answer?.status === FORBIDDEN ||
    answer?.data?.code === FORBIDDEN ||
    answer?.data?.errorKey === ErrorKey.forbidden
  );
}

/** A failed load as recorded: the status, and the catalogue's key when the server named the reason. */
export type FailureStatus = Status & { errorKey?: ErrorKeyValue };

/** The catalogue key a failure carries, from any of the shapes above, or null. */
export function namedErrorKeyOf(error: unknown): ErrorKeyValue | null {
  if (typeof error !== 'object' || error === null) return null;
  const failure = error as FailureShape;
  const candidates = [failure.errorKey, failure.response?.data?.errorKey, failure.message];
  return candidates.find((value): value is ErrorKeyValue => typeof value === 'string' && (ERROR_KEYS as string[]).includes(value)) ?? null;
}

/**
 * What a failed load records: the refusal, or spec §8's 999 "Generic Error" — with the server's
 * named reason beside it when there is one (too many requests, service unavailable…), so the
 * screen says it in the catalogue's words (issue #16.3) while the code stays the spec's 999.
 */
export function failureStatusOf(error: unknown): FailureStatus {
  if (isForbiddenFailure(error)) return { ...FORBIDDEN_STATUS };
  const key = namedErrorKeyOf(error);
  return key && key !== ErrorKey.genericError ? { ...GENERIC_ERROR, errorKey: key } : { ...GENERIC_ERROR };
}

export function isForbiddenStatus(status: Pick<Status, 'code'> | null | undefined): boolean {
  return status?.code === FORBIDDEN;
}
