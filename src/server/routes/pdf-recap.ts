// The two PDF recap calls of spec §7: the owner's (front office) and staff's (back office). Each is
// limited per person (PDF_DOWNLOADS_PER_MINUTE, 429 past it) and rendered in the worker pool (503
// with Retry-After while the pool is full): docs/deployment.md, "PDF rendering".
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { routePattern } from '#shared/api/paths.ts';
import { RequestIdParamsSchema } from '#shared/api/requests.ts';
import type { Language } from '#shared/constants.ts';
import { StatusSchema } from '#shared/envelope.ts';
import { attachmentDisposition } from '#shared/recap.ts';
import { CITIZEN, STAFF, principalOf } from '../auth/access.ts';
import { requestLanguage } from '../language.ts';
import type { BackOfficeRequests } from '../services/back-office/requests.ts';
import { PdfQueueFull } from '../services/pdf/pool.ts';
import { recapFileName } from '../services/pdf/recap.ts';
import type { RecapRenderer } from '../services/pdf/recaps.ts';
import type { CitizenRequests } from '../services/requests/citizen.ts';
import type { RecapSource } from '../services/requests/read.ts';
import { answerBusy } from './pdf-busy.ts';

export interface PdfRoutesOptions {
  citizen: CitizenRequests;
  desk: BackOfficeRequests;
  recaps: RecapRenderer;
  /** Recaps one person may download per minute, on each of the two calls. */
  downloadsPerMinute: number;
}

const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema, 503: StatusSchema };
const produces = { 200: { description: 'The recap as a tagged PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } };

export const pdfRoutes: FastifyPluginAsyncTypebox<PdfRoutesOptions> = async (app, { citizen, desk, recaps, downloadsPerMinute }) => {
  const rateLimit = { max: downloadsPerMinute, timeWindow: 60_000 };

  async function sendPdf(reply: FastifyReply, source: RecapSource, language: Language, forStaff: boolean) {
    let pdf: Buffer;
    try {
      pdf = await recaps.render(source, language, forStaff);
    } catch (error) {
      if (error instanceof PdfQueueFull) return answerBusy(reply, error);
      throw error;
    }
    const name = recapFileName(source.requestId, language);
    return reply.type('application/pdf').header('Content-Disposition', attachmentDisposition(name)).header('Cache-Control', 'no-store').send(pdf);
  }

  app.get(
    routePattern('requestPdf'),
    {
      schema: { tags: ['Requests (front office)'], params: RequestIdParamsSchema, response: { ...produces, ...errors } },
      config: { access: CITIZEN, rateLimit, audit: { action: 'recap-export', target: 'request' } },
    },
    async (request, reply) => {
      const source = await citizen.recapSource(principalOf(request).user!, request.params.id);
      return sendPdf(reply, source, requestLanguage(request), false);
    },
  );
  app.get(
    routePattern('boRequestPdf'),
    {
      schema: { tags: ['Back office'], params: RequestIdParamsSchema, response: { ...produces, ...errors } },
      config: { access: STAFF, rateLimit, audit: { action: 'recap-read', target: 'request' } },
    },
    async (request, reply) => {
      return sendPdf(reply, await desk.recapSource(principalOf(request).user!, request.params.id), requestLanguage(request), true);
    },
  );
};
