// The one failure the SPA's HTTP adapters reject with (src/web/api/failure.ts builds it from
// whatever a call threw) and the machines read: the HTTP status, the envelope's code (spec §8:
// 999 "Generic Error"), the catalogue's errorKey (./error-keys.ts), the request field the error
// concerns (./errors.ts ErrorStatusSchema `field`) and the server's description, kept for logs and
// never shown. Machines decide by status and errorKey, never by wording; screens choose their
// words from the key (locales `api-errors.<key>`). Spec §8 and docs/architecture.md "HTTP adapters
// and the failure type".
import { GENERIC_ERROR } from '../constants.ts';
import type { Status } from '../envelope.ts';
import { ERROR_KEYS, ErrorKey, type ErrorKeyValue } from './error-keys.ts';

export interface ApiFailure {
  /** HTTP status; 0 when no answer arrived (network failure, aborted call, unreadable answer). */
  status: number;
  /** The envelope's code (spec §8; 999 is the spec's Generic Error), when an envelope arrived. */
  code: number | null;
  /** The catalogue's kind of error, when the server named one. */
  errorKey: ErrorKeyValue | null;
  /** The request field the error concerns (a dotted body path or a query parameter), when sent. */
  field: string | null;
  /** The server's own description (English, for logs): never shown to a person. */
  message: string | null;
}

export function isApiFailure(value: unknown): value is ApiFailure {
  if (typeof value !== 'object' || value === null) return false;
  const failure = value as Partial<Record<keyof ApiFailure, unknown>>;
  const nullable = (field: unknown, type: 'number' | 'string') => field === null || typeof field === type;
  return (
    typeof failure.status === 'number' &&
    nullable(failure.code, 'number') &&
    (failure.errorKey === null || (ERROR_KEYS as unknown[]).includes(failure.errorKey)) &&
    nullable(failure.field, 'string') &&
    nullable(failure.message, 'string')
  );
}

/** A failure built from its parts; what is not given is unknown (null), the status 0 (no answer). */
export function apiFailure(parts: Partial<ApiFailure> = {}): ApiFailure {
  return { status: 0, code: null, errorKey: null, field: null, message: null, ...parts };
}

const FORBIDDEN = 403;
const CONFLICT = 409;

/** The status a refused call is recorded with. */
export const FORBIDDEN_STATUS = { code: FORBIDDEN, message: 'Forbidden', description: 'Forbidden' } as const satisfies Status;

/** Spec §8: a refused call (HTTP 403, or the errorKey `forbidden`) is never shown as "try again later". */
export function isForbiddenFailure(error: unknown): boolean {
  return isApiFailure(error) && (error.status === FORBIDDEN || error.code === FORBIDDEN || error.errorKey === ErrorKey.forbidden);
}

/** A write refused because the record changed since it was read (409): reload before anything else. */
export function isStale(error: unknown): boolean {
  return isApiFailure(error) && error.status === CONFLICT;
}

/** An update carrying an older `version` than the stored one (409 with errorKey `stale-version`). */
export function isStaleVersion(error: unknown): boolean {
  return isStale(error) && (error as ApiFailure).errorKey === ErrorKey.staleVersion;
}

/** A failed load as recorded: the status, and the catalogue's key when the server named the reason. */
export type FailureStatus = Status & { errorKey?: ErrorKeyValue };

/** The catalogue key a failure carries, or null (not an ApiFailure, or no key sent). */
export function namedErrorKeyOf(error: unknown): ErrorKeyValue | null {
  return isApiFailure(error) ? error.errorKey : null;
}

/**
 * The message key of a refusal shown on a field: the localised text of the server's errorKey
 * (locales `api-errors.<key>`) when it named a kind other than the generic one, else `fallback`.
 * Never the server's own description, which is English for people reading logs.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  const key = namedErrorKeyOf(error);
  return key && key !== ErrorKey.genericError ? `api-errors.${key}` : fallback;
}

/**
 * What a failed load records: the refusal, or spec §8's 999 "Generic Error" — with the server's
 * named reason beside it when there is one (too many requests, service unavailable…), so the
 * screen says it in the catalogue's words while the code stays the spec's 999.
 */
export function failureStatusOf(error: unknown): FailureStatus {
  if (isForbiddenFailure(error)) return { ...FORBIDDEN_STATUS };
  const key = namedErrorKeyOf(error);
  return key && key !== ErrorKey.genericError ? { ...GENERIC_ERROR, errorKey: key } : { ...GENERIC_ERROR };
}

export function isForbiddenStatus(status: Pick<Status, 'code'> | null | undefined): boolean {
  return status?.code === FORBIDDEN;
}
