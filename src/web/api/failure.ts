// The one place an API answer becomes a failure (src/shared/api/failure.ts ApiFailure), for every
// adapter of this folder: `requireOk` refuses an envelope whose code is not 200 (spec §8: such an
// answer is a failure like a rejected call), `toApiFailure` turns anything a call threw (an axios
// error with or without an answer, a fetch that found no server, a non-200 envelope) into the one
// type the machines read. No axios import: the configuration request (config.ts) uses it too, and
// the first page loads no HTTP library (axios errors are recognised by their `isAxiosError` mark).
import { errorKeyOf } from '#shared/api/error-keys.ts';
import { apiFailure, isApiFailure, type ApiFailure } from '#shared/api/failure.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';

/** An answer as both clients give it: the HTTP status and the parsed body. */
export interface Answer<T> {
  status: number;
  data: T;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The failure an answer stands for: its status, and what its envelope says (when it has one). */
function failureOfAnswer(status: number, body: unknown): ApiFailure {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; message?: unknown; description?: unknown; field?: unknown };
  return apiFailure({
    status,
    code: typeof envelope.code === 'number' ? envelope.code : null,
    errorKey: errorKeyOf(envelope),
    field: text(envelope.field),
    message: text(envelope.description) ?? text(envelope.message),
  });
}

/** Spec §8: the answer's body when its envelope's code is 200; rejects with an ApiFailure otherwise. */
export function requireOk<T>(answer: Answer<T>): T {
  const code = (answer.data as { code?: unknown } | null | undefined)?.code;
  if (code !== 200) {
    const failure = failureOfAnswer(answer.status, answer.data);
    throw failure.code === null ? { ...failure, code: GENERIC_ERROR.code } : failure;
  }
  return answer.data;
}

function isAnswer(value: object): value is Answer<unknown> {
  return typeof (value as { status?: unknown }).status === 'number' && 'data' in value && 'config' in value;
}

/** Whatever a call threw, as the one failure type (an ApiFailure passes through unchanged). */
export function toApiFailure(error: unknown): ApiFailure {
  if (isApiFailure(error)) return error;
  if (typeof error === 'object' && error !== null) {
    // An axios error carries the answer when one came; an axios answer itself is thrown when a
    // renewed session's retry is refused (interceptors.ts).
    const answer =
      (error as { isAxiosError?: unknown }).isAxiosError === true ? (error as { response?: Answer<unknown> }).response : isAnswer(error) ? error : undefined;
    if (answer) return failureOfAnswer(answer.status, answer.data);
  }
  return apiFailure({ message: error instanceof Error ? error.message : null });
}

/** Sends a call, answers its body when the envelope is 200, and rejects with an ApiFailure otherwise. */
export async function send<T>(call: () => Promise<Answer<T>>): Promise<T> {
  try {
    return requireOk(await call());
  } catch (error) {
    throw toApiFailure(error);
  }
}

/** Sends a call whose answer is not an envelope (a file); rejects with an ApiFailure. */
export async function sendRaw<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toApiFailure(error);
  }
}
