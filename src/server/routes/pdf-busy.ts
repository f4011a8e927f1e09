// The answer to a PDF asked for while the render pool is full (services/pdf/pool.ts): 503 with the
// envelope and Retry-After, so a client (or a person) comes back when the queue has drained.
import type { FastifyReply } from 'fastify';
import { sendError } from '../plugins/errors.ts';
import type { PdfQueueFull } from '../services/pdf/pool.ts';

export function answerBusy(reply: FastifyReply, error: PdfQueueFull) {
  reply.header('Retry-After', String(error.retryAfterSeconds));
  return sendError(reply, { status: 503, description: `${error.message} Try again in ${error.retryAfterSeconds} seconds.` });
}
