// The localised text of the error catalogue's kinds (src/shared/api/error-keys.ts): locales
// `api-errors.<key>`, one wording per kind in Italian and English. Screens show it rather than the
// server's English description, and compare kinds by key, never by wording (spec §8).
import type { ErrorKeyValue } from '#shared/api/error-keys.ts';

/** The message id of an error kind's localised text. */
export function errorMessageId(errorKey: ErrorKeyValue): `api-errors.${ErrorKeyValue}` {
  return `api-errors.${errorKey}`;
}
