// The server's error answers as the screens read them: status, envelope code, the catalogue's
// machine-readable `errorKey` and the server's own message. Screens show the localised text of
// the key (locales `api-errors.<key>`, one wording per kind in Italian and English) rather than
// the server's English description, and compare kinds by key, never by wording.
import { isAxiosError } from 'axios';
import { errorKeyOf, type ErrorKeyValue } from '../../shared/api/error-keys.ts';
import { ApiResultError } from './bridge.ts';

export interface ServerError {
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  /** The envelope's code (999: the spec's Generic Error), when there was an envelope. */
  code: number | null;
  errorKey: ErrorKeyValue | null;
  message: string | null;
  description: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

export function serverErrorOf(error: unknown): ServerError {
  if (isAxiosError(error)) {
    const body = error.response?.data as { code?: unknown; message?: unknown; description?: unknown } | undefined;
    return {
      status: error.response?.status ?? 0,
      code: typeof body?.code === 'number' ? body.code : null,
      errorKey: errorKeyOf(body),
      message: text(body?.message),
      description: text(body?.description),
    };
  }
  if (error instanceof ApiResultError) return { status: error.code, code: error.code, errorKey: error.errorKey, message: error.message, description: null };
  return { status: 0, code: null, errorKey: null, message: error instanceof Error ? error.message : null, description: null };
}

/** The message id of an error kind's localised text. */
export function errorMessageId(errorKey: ErrorKeyValue): `api-errors.${ErrorKeyValue}` {
  return `api-errors.${errorKey}`;
}
