// Every error leaves the server as the spec's envelope {code, message, description} (spec §8).
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { GENERIC_ERROR } from '../../shared/constants.ts';
import { ListQueryError } from '../../shared/api/list-query.ts';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly description: string;
  constructor(statusCode: number, message: string, description = message) {
    super(message);
    this.statusCode = statusCode;
    this.description = description;
  }
}

const PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Error codes of a database that cannot be reached (node-postgres and server shutdown states). */
const DATABASE_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

export function sendError(reply: FastifyReply, statusCode: number, description?: string, message?: string) {
  const phrase = PHRASES[statusCode] ?? 'Error';
  return reply.code(statusCode).send({ code: statusCode, message: message ?? phrase, description: description ?? phrase });
}

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const params = first.params as Record<string, unknown>;
  const fromPath = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const name = fromPath || (params.missingProperty as string) || (params.additionalProperty as string) || error.validationContext || 'body';
  return `${name}: ${first.message ?? 'is not valid'}`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error.statusCode, error.description, error.message);
    if (error instanceof ListQueryError) return sendError(reply, 400, `${error.parameter}: ${error.message}`);
    if (error.validation) return sendError(reply, 400, describeValidation(error));
    // SQLSTATE class 22 (data exception): a value the schema let through that PostgreSQL cannot
    // take, such as 1e309 for an integer. It is the caller's input, so a 400, never a 500.
    if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)) {
      return sendError(reply, 400, 'A value in the request is malformed or out of range.');
    }
    if (error.code && DATABASE_DOWN.has(error.code)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(reply, 503, 'The service is temporarily unavailable, please try again shortly.');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message.split('\n')[0]);
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ ...GENERIC_ERROR });
  });
}
