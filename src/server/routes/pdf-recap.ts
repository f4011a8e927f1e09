// The two PDF recap calls of spec §7: the owner's (front office) and staff's (back office).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { routePattern } from '../../shared/api/paths.ts';
import { RequestIdParamsSchema } from '../../shared/api/requests.ts';
import type { Language } from '../../shared/constants.ts';
import { StatusSchema } from '../../shared/envelope.ts';
import { attachmentDisposition } from '../../shared/recap.ts';
import { CITIZEN, STAFF, principalOf } from '../auth/access.ts';
import { requestLanguage } from '../language.ts';
import type { BackOfficeRequests } from '../services/back-office/requests.ts';
import { recapFileName, renderRecap } from '../services/pdf/recap.ts';
import type { CitizenRequests } from '../services/requests/citizen.ts';
import type { RecapSource } from '../services/requests/read.ts';

export interface PdfRoutesOptions {
  citizen: CitizenRequests;
  desk: BackOfficeRequests;
  administrationName: string;
}

const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema };
const produces = { 200: { description: 'The recap as a tagged PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } };

// A recap depends only on the request's version, the language and the reader's side: rendered once,
// served from memory until the request changes (every change, history included, bumps the
// version). So a call reads the request row alone and checks who may read it; the request object
// and its history are built only when the recap must be rendered.
const rendered = new LRUCache<string, Promise<Buffer>>({ max: 500 });

async function sendPdf(reply: FastifyReply, source: RecapSource, language: Language, administrationName: string, forStaff: boolean) {
  const key = `${source.requestId}:${source.version}:${source.storageLimit ?? ""}:${language}:${forStaff}`;
  let pending = rendered.get(key);
  if (!pending) {
    pending = source.load().then((request) => renderRecap(request, { language, administrationName, forStaff }));
    rendered.set(key, pending);
    pending.catch(() => rendered.delete(key));
  }
  const pdf = await pending;
  const name = recapFileName(source.requestId, language);
  return reply
    .type('application/pdf')
    .header('Content-Disposition', attachmentDisposition(name))
    .header('Cache-Control', 'no-store')
    .send(pdf);
}

export const pdfRoutes: FastifyPluginAsyncTypebox<PdfRoutesOptions> = async (app, { citizen, desk, administrationName }) => {
  app.get(
    routePattern('requestPdf'),
    { schema: { tags: ['Requests (front office)'], params: RequestIdParamsSchema, response: { ...produces, ...errors } }, config: { access: CITIZEN, audit: { action: 'recap-export', target: 'request' } } },
    async (request, reply) => {
      const source = await citizen.recapSource(principalOf(request).user!, request.params.id);
      return sendPdf(reply, source, requestLanguage(request), administrationName, false);
    },
  );
  app.get(
    routePattern('boRequestPdf'),
    { schema: { tags: ['Back office'], params: RequestIdParamsSchema, response: { ...produces, ...errors } }, config: { access: STAFF, audit: { action: 'recap-read', target: 'request' } } },
    async (request, reply) => {
      return sendPdf(reply, await desk.recapSource(request.params.id), requestLanguage(request), administrationName, true);
    },
  );
};
