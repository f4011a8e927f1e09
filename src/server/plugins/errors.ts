// Every error leaves the server as the spec's envelope {code, message, description} (spec §8) plus
// the catalogue's `errorKey` and, when the error concerns one request field, `field`
// (src/shared/api/errors.ts); a wrong method on an existing API path answers 405 with `Allow`
// instead of 404. A rule that refuses throws an ApiError; code that answers by itself (a hook, the
// router) sends one with sendError: both build the envelope with errorEnvelope, here.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { ListQueryError } from '#shared/api/list-query.ts';
import { API_BASE } from '#shared/api/paths.ts';
import { defaultKeyOf, ErrorKey, phraseOf, type ErrorKeyValue, type ErrorStatus } from '#shared/api/errors.ts';

/** What an error answer says, by name. */
export interface ApiErrorInit {
  /** The HTTP status (or spec §8's 999). The answer's `message` is always this status's one wording. */
  status: number;
  /** What exactly was wrong, in English, for people reading logs. */
  description: string;
  /**
   * The request field the error concerns: a dotted path of the body (`personalData.fiscalCode`) or a
   * query parameter (`filter`). The answer carries it as `field`, and its description names it first,
   * as every refusal of one field reads: `suap: no office 7.`
   */
  field?: string;
  /** The catalogue's kind, when more precise than the status's own (`stale-version` for a 409). */
  errorKey?: ErrorKeyValue;
}

/** The envelope of an error answer (spec §8 and the catalogue). */
export type ErrorEnvelope = Omit<ErrorStatus, 'errorKey'> & { errorKey: ErrorKeyValue };

export function errorEnvelope({ status, description, field, errorKey }: ApiErrorInit): ErrorEnvelope {
  return {
    code: status,
    message: phraseOf(status),
    description: field === undefined ? description : `${field}: ${description}`,
    errorKey: errorKey ?? defaultKeyOf(status),
    ...(field === undefined ? {} : { field }),
  };
}

/** A refusal: thrown anywhere a request is handled, answered by the error handler below. */
export class ApiError extends Error {
  /** Read by Fastify and its plugins (the rate limiter) as the answer's status. */
  readonly statusCode: number;
  readonly envelope: ErrorEnvelope;
  constructor(init: ApiErrorInit) {
    const envelope = errorEnvelope(init);
    super(envelope.message);
    this.statusCode = init.status;
    this.envelope = envelope;
  }
}

/**
 * Error codes of a database that cannot be reached: the network (node-postgres), server shutdown
 * states (57P0x), connection exceptions (class 08) and a server out of connections (53300).
 */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** node-postgres and PGlite say the same without a code: a server that closed the connection, a pool that gave up, a closed PGlite. */
const DATABASE_DOWN_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is clos)/;

/** True when `error` says the database could not be reached (docs/deployment.md: such calls answer 503). */
export function isDatabaseUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return DATABASE_DOWN.has(code) || /^08[0-9A-Z]{3}$/.test(code) || (typeof error.message === 'string' && DATABASE_DOWN_MESSAGE.test(error.message));
}

/** The answer while the database cannot be reached (docs/deployment.md). */
export const SERVICE_UNAVAILABLE: ApiErrorInit = { status: 503, description: 'The service is temporarily unavailable, please try again shortly.' };

/** Fastify's own refusals whose kind is more precise than their status. */
const FRAMEWORK_KEYS: Record<string, ErrorKeyValue> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorKey.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorKey.unsupportedMediaType,
};

/** Answers with the envelope of `init`, serialised as it is: a route's response schema for this
 *  status (written before `errorKey` existed, or by another plugin) must not strip a key. */
export function sendError(reply: FastifyReply, init: ApiErrorInit) {
  return sendEnvelope(reply, errorEnvelope(init));
}

function sendEnvelope(reply: FastifyReply, envelope: ErrorEnvelope) {
  // Spec §8's Generic Error carries 999 in the envelope and goes out as HTTP 500.
  const status = envelope.code === GENERIC_ERROR.code ? 500 : envelope.code;
  return reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(envelope);
}

/** Spec §8's 999 Generic Error, sent with HTTP 500. */
export function sendGenericError(reply: FastifyReply) {
  return sendError(reply, { status: GENERIC_ERROR.code, description: GENERIC_ERROR.description });
}

/** Where the schema's validation refused a value: a field of the body or a query parameter names it. */
function validationRefusal(error: FastifyError): ApiErrorInit {
  const first = error.validation?.[0];
  if (!first) return { status: 400, description: error.message };
  const params = first.params as Record<string, unknown>;
  const fromPath = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const ofRequest = error.validationContext === 'body' || error.validationContext === 'querystring';
  // An unknown field is named itself, where it sits: "stateOfRequest.protocol: is not a field of this call".
  if (first.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    const name = `${fromPath ? `${fromPath}.` : ''}${params.additionalProperty}`;
    return ofRequest
      ? { status: 400, field: name, description: 'is not a field of this call.' }
      : { status: 400, description: `${name}: is not a field of this call.` };
  }
  const name = fromPath || (params.missingProperty as string) || (params.additionalProperty as string);
  const why = first.message ?? 'is not valid';
  if (name && ofRequest) return { status: 400, field: name, description: why };
  return { status: 400, description: `${name || error.validationContext || 'body'}: ${why}` };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      // A generic error says nothing more than the spec's words.
      if (error.statusCode === GENERIC_ERROR.code) return sendGenericError(reply);
      return sendEnvelope(reply, error.envelope);
    }
    if (error instanceof ListQueryError) return sendError(reply, { status: 400, field: error.parameter, description: error.message });
    if (error.validation) return sendError(reply, validationRefusal(error));
    // SQLSTATE class 22 (data exception): a value the schema let through that PostgreSQL cannot
    // take, such as 1e309 for an integer. It is the caller's input, so a 400, never a 500.
    if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)) {
      return sendError(reply, { status: 400, description: 'A value in the request is malformed or out of range.' });
    }
    // A client that went away while sending its body surfaces as ECONNRESET too: its connection,
    // not the database's. Nobody is left to answer; it is worth a line, not an alarm. (A body read
    // to its end is not aborted, so a database failure after it is still reported as one.)
    if (request.raw.readableAborted) {
      request.log.info('client closed the connection before the answer');
      return sendError(reply, { status: 400, description: 'The request was interrupted.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(reply, SERVICE_UNAVAILABLE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, { status, description: error.message.split('\n')[0]!, errorKey: FRAMEWORK_KEYS[error.code] });
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
 * A method an existing API path does not take answers 405 with `Allow` and the
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
    sendError(reply, { status: 405, description: `${request.method} is not a method of ${path}: use ${allowed.join(', ')}.` });
  });
}
