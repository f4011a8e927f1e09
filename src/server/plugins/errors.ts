// Every error leaves the server as the spec's envelope {code, message, description} (spec §8) plus
// the catalogue's `errorKey` (src/shared/api/errors.ts), and a wrong method on an existing API path
// answers 405 with `Allow` instead of 404.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { GENERIC_ERROR } from '../../shared/constants.ts';
import { ListQueryError } from '../../shared/api/list-query.ts';
import { API_BASE } from '../../shared/api/paths.ts';
import { defaultKeyOf, ERROR_KEYS, ErrorKey, phraseOf, type ErrorKeyValue } from '../../shared/api/errors.ts';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly description: string;
  readonly errorKey: ErrorKeyValue;
  /**
   * The answer's `message` is always the status's one wording. The `message` argument may name a
   * catalogue key instead (`new ApiError(409, 'stale-version', …)`), which becomes `errorKey`.
   */
  constructor(statusCode: number, message: string, description = message, errorKey?: ErrorKeyValue) {
    const key = errorKey ?? ((ERROR_KEYS as string[]).includes(message) ? (message as ErrorKeyValue) : defaultKeyOf(statusCode));
    super(phraseOf(statusCode));
    this.statusCode = statusCode;
    this.description = description === message && key === message ? phraseOf(statusCode) : description;
    this.errorKey = key;
  }
}

/**
 * Error codes of a database that cannot be reached: the network (node-postgres), server shutdown
 * states (57P0x), connection exceptions (class 08) and a server out of connections (53300).
 */
const DATABASE_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', '57P01', '57P02', '57P03', '53300']);
/** node-postgres and PGlite say the same without a code: a server that closed the connection, a pool that gave up, a closed PGlite. */
const DATABASE_DOWN_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is clos)/;

/** True when `error` says the database could not be reached (docs/deployment.md: such calls answer 503). */
export function isDatabaseUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return DATABASE_DOWN.has(code) || /^08[0-9A-Z]{3}$/.test(code) || (typeof error.message === 'string' && DATABASE_DOWN_MESSAGE.test(error.message));
}

/** Fastify's own refusals whose kind is more precise than their status. */
const FRAMEWORK_KEYS: Record<string, ErrorKeyValue> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorKey.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorKey.unsupportedMediaType,
};

export function sendError(reply: FastifyReply, statusCode: number, description?: string, errorKey?: ErrorKeyValue) {
  const message = phraseOf(statusCode);
  // Serialised as it is: a route's response schema for this status (written before `errorKey`
  // existed, or by another plugin) must not strip the key.
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ code: statusCode, message, description: description ?? message, errorKey: errorKey ?? defaultKeyOf(statusCode) });
}

/** Spec §8's 999 Generic Error, sent with HTTP 500. */
export function sendGenericError(reply: FastifyReply) {
  return reply.code(500).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ ...GENERIC_ERROR, errorKey: ErrorKey.genericError });
}

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const params = first.params as Record<string, unknown>;
  const fromPath = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  // An unknown field is named itself, where it sits: "stateOfRequest.protocol: is not a field of this call".
  if (first.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `${fromPath ? `${fromPath}.` : ''}${params.additionalProperty}: is not a field of this call.`;
  }
  const name = fromPath || (params.missingProperty as string) || (params.additionalProperty as string) || error.validationContext || 'body';
  return `${name}: ${first.message ?? 'is not valid'}`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode === GENERIC_ERROR.code) return sendGenericError(reply);
      return sendError(reply, error.statusCode, error.description, error.errorKey);
    }
    if (error instanceof ListQueryError) return sendError(reply, 400, `${error.parameter}: ${error.message}`);
    if (error.validation) return sendError(reply, 400, describeValidation(error));
    // SQLSTATE class 22 (data exception): a value the schema let through that PostgreSQL cannot
    // take, such as 1e309 for an integer. It is the caller's input, so a 400, never a 500.
    if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)) {
      return sendError(reply, 400, 'A value in the request is malformed or out of range.');
    }
    // A client that went away while sending its body surfaces as ECONNRESET too: its connection,
    // not the database's. Nobody is left to answer; it is worth a line, not an alarm. (A body read
    // to its end is not aborted, so a database failure after it is still reported as one.)
    if (request.raw.readableAborted) {
      request.log.info('client closed the connection before the answer');
      return sendError(reply, 400, 'The request was interrupted.');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(reply, 503, 'The service is temporarily unavailable, please try again shortly.');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message.split('\n')[0], FRAMEWORK_KEYS[error.code]);
    request.log.error({ err: error }, 'request failed');
    return sendGenericError(reply);
  });
}

/** `/api/suap/v1/request/:id` → a regular expression matching its concrete paths. */
function pathMatcher(url: string): RegExp {
  const escaped = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('/')}/?$`);
}

/**
 * Issue #12 item 9: a method an existing API path does not take answers 405 with `Allow` and the
 * envelope, not 404. Root hooks also run for unmatched requests, so one onRequest hook decides.
 */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  let table: { matcher: RegExp; methods: Set<string> }[] | null = null;
  const allowedFor = (path: string): string[] => {
    if (!table) {
      const byUrl = new Map<string, Set<string>>();
      for (const route of app.apiRoutes) {
        const methods = byUrl.get(route.url) ?? new Set<string>();
        for (const method of route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]) methods.add(method);
        byUrl.set(route.url, methods);
      }
      table = [...byUrl].map(([url, methods]) => ({ matcher: pathMatcher(url), methods }));
    }
    const methods = new Set<string>();
    for (const entry of table) if (entry.matcher.test(path)) for (const method of entry.methods) methods.add(method);
    return [...methods].sort();
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404 || !request.url.startsWith(`${API_BASE}/`)) return done();
    const path = request.url.split('?')[0]!;
    const allowed = allowedFor(path);
    if (allowed.length === 0 || allowed.includes(request.method)) return done();
    reply.header('Allow', allowed.join(', '));
    sendError(reply, 405, `${request.method} is not a method of ${path}: use ${allowed.join(', ')}.`);
  });
}
