// The error catalogue's kinds (spec §8, docs/architecture.md "The API contract"), without any schema library: the SPA's first
// page reads them too (src/web/api/config.ts). src/shared/api/errors.ts adds the envelope's schema.
import { GENERIC_ERROR } from '../constants.ts';

export const ErrorKey = {
  badRequest: 'bad-request',
  /** A write names a field the caller may not change (e.g. another typeOfService on PUT). */
  readOnlyField: 'read-only-field',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not-found',
  methodNotAllowed: 'method-not-allowed',
  conflict: 'conflict',
  /** An update carried a version older than the stored one: reload and redo. */
  staleVersion: 'stale-version',
  /** The chosen office has no PEC address configured by the administration, so it receives no request. */
  officeNotReceiving: 'office-not-receiving',
  /** A new draft would pass the person's cap on open drafts (MAX_OPEN_DRAFTS): send or delete one first. */
  tooManyDrafts: 'too-many-drafts',
  /** The draft was deleted (in another tab, or at the end of its storage limit): it can no longer be changed. */
  draftDeleted: 'draft-deleted',
  /** Spec §7 check-legal-rep answered KO at send: the register does not name the caller as the company's legal representative. */
  legalRepNotConfirmed: 'legal-rep-not-confirmed',
  // Documents (docs/architecture.md "Documents"): each refusal of an upload or of a send without its documents.
  /** The requirement code names no document the request's initiative asks for. */
  unknownRequirement: 'unknown-requirement',
  /** The bytes are not a kind of file the requirement accepts (read from the content, not the name). */
  fileTypeNotAccepted: 'file-type-not-accepted',
  /** The file is larger than the requirement's (or the installation's) limit for one file. */
  fileTooLarge: 'file-too-large',
  /** The request's documents together would pass MAX_REQUEST_ATTACHMENT_BYTES. */
  requestDocumentsTooLarge: 'request-documents-too-large',
  /** The person's stored documents together would pass MAX_PERSON_ATTACHMENT_BYTES. */
  documentQuotaExceeded: 'document-quota-exceeded',
  /** The requirement already has as many files as it takes (maxFiles). */
  tooManyFiles: 'too-many-files',
  /** The requirement asks for a signed document (CAdES .p7m or PAdES PDF) and the file carries no signature. */
  signatureRequired: 'signature-required',
  /** A signature of the file does not verify against its content: the file was changed after signing. */
  signatureBroken: 'signature-broken',
  /** A send is missing a document the initiative requires. */
  documentsMissing: 'documents-missing',
  /** The document is not the one the If-Match hash names (412). */
  documentChanged: 'document-changed',
  /** The request is no longer a draft: its documents are frozen. */
  documentsFrozen: 'documents-frozen',
  // The pratica's lifecycle (docs/architecture.md "The pratica's lifecycle").
  /** The pratica's state, regime or a term does not allow the event now (409); the description says why. */
  transitionNotAllowed: 'transition-not-allowed',
  payloadTooLarge: 'payload-too-large',
  uriTooLong: 'uri-too-long',
  unsupportedMediaType: 'unsupported-media-type',
  tooManyRequests: 'too-many-requests',
  badGateway: 'bad-gateway',
  serviceUnavailable: 'service-unavailable',
  /** Spec §8's 999 "Generic Error" (server failure, missing service mapping, failed retrieve). */
  genericError: 'generic-error',
  // Staff records (docs/architecture.md "The clerks' desk"): refusals the staff form shows on the field they concern.
  /** Another staff member has this fiscal code. */
  duplicateFiscalCode: 'duplicate-fiscal-code',
  /** Another staff member has this e-mail address (any case). */
  duplicateEmail: 'duplicate-email',
  /** The fiscal code's 16th character is not the one its first 15 give. */
  invalidCheckCharacter: 'invalid-check-character',
  /** An administrator may not deactivate their own account. */
  selfDeactivation: 'self-deactivation',
  /** The change would leave the office without an active administrator. */
  lastAdministrator: 'last-administrator',
} as const;
export type ErrorKeyValue = (typeof ErrorKey)[keyof typeof ErrorKey];
export const ERROR_KEYS = Object.values(ErrorKey) as ErrorKeyValue[];

/** The one wording of each HTTP status the API answers with (the envelope's `message`). */
export const STATUS_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: GENERIC_ERROR.message,
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  [GENERIC_ERROR.code]: GENERIC_ERROR.message,
};

/** The kind of an answer when nothing more precise is known. */
export const DEFAULT_KEYS: Readonly<Record<number, ErrorKeyValue>> = {
  400: ErrorKey.badRequest,
  401: ErrorKey.unauthorized,
  403: ErrorKey.forbidden,
  404: ErrorKey.notFound,
  405: ErrorKey.methodNotAllowed,
  409: ErrorKey.conflict,
  412: ErrorKey.documentChanged,
  413: ErrorKey.payloadTooLarge,
  414: ErrorKey.uriTooLong,
  415: ErrorKey.unsupportedMediaType,
  429: ErrorKey.tooManyRequests,
  500: ErrorKey.genericError,
  502: ErrorKey.badGateway,
  503: ErrorKey.serviceUnavailable,
  [GENERIC_ERROR.code]: ErrorKey.genericError,
};

export function phraseOf(status: number): string {
  return STATUS_PHRASES[status] ?? GENERIC_ERROR.message;
}

export function defaultKeyOf(status: number): ErrorKeyValue {
  return DEFAULT_KEYS[status] ?? ErrorKey.genericError;
}

/** Reads the kind of an error answer's body, whatever the client received. */
export function errorKeyOf(body: unknown): ErrorKeyValue | null {
  const key = (body as { errorKey?: unknown } | null | undefined)?.errorKey;
  return typeof key === 'string' && (ERROR_KEYS as string[]).includes(key) ? (key as ErrorKeyValue) : null;
}
