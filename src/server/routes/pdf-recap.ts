// The two PDF recap calls of spec §7: the owner's (front office) and staff's (back office).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { routePattern } from '../../shared/api/paths.ts';
import { RequestIdParamsSchema, type HistoryEntry, type SuapRequest } from '../../shared/api/requests.ts';
import type { Language } from '../../shared/constants.ts';
import { StatusSchema } from '../../shared/envelope.ts';
import { attachmentDisposition } from '../../shared/recap.ts';
import { CITIZEN, STAFF, principalOf } from '../auth/access.ts';
import { requestLanguage } from '../language.ts';
import type { BackOfficeRequests } from '../services/back-office/requests.ts';
import { recapFileName, renderRecap } from '../services/pdf/recap.ts';
import type { CitizenRequests } from '../services/requests/citizen.ts';

export interface PdfRoutesOptions {
  citizen: CitizenRequests;
  desk: BackOfficeRequests;
  administrationName: string;
}

const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema };
const produces = { 200: { description: 'The recap as a tagged PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } };

// A recap depends only on the request's version, the language and the reader's side: rendered once,
// served from memory until the request changes (every change, history included, bumps the
// version). So a call reads the request row alone, and its history only when it must render.
const rendered = new LRUCache<string, Promise<Buffer>>({ max: 500 });

interface RecapSource {
  request: SuapRequest;
  history: () => Promise<HistoryEntry[]>;
}

async function sendPdf(reply: FastifyReply, { request, history }: RecapSource, language: Language, administrationName: string, forStaff: boolean) {
  const key = `${request.requestId}:${request.version}:${request.storageLimit ?? ""}:${language}:${forStaff}`;
  let pending = rendered.get(key);
  if (!pending) {
    pending = history().then((entries) => renderRecap({ ...request, history: entries }, { language, administrationName, forStaff }));
    rendered.set(key, pending);
    pending.catch(() => rendered.delete(key));
  }
  const pdf = await pending;
  const name = recapFileName(request.requestId, language);
  return reply
    .type('application/pdf')
    .header('Content-Disposition', attachmentDisposition(name))
    .header('Cache-Control', 'no-store')
    .send(pdf);
}

export const pdfRoutes: FastifyPluginAsyncTypebox<PdfRoutesOptions> = async (app, { citizen, desk, administrationName }) => {
  app.get(
    routePattern('requestPdf'),
    { schema: { tags: ['Requests (front office)'], params: RequestIdParamsSchema, response: { ...produces, ...errors } }, config: { access: CITIZEN } },
    async (request, reply) => {
      const id = request.params.id;
      const source = { request: await citizen.get(principalOf(request).user!, id, undefined, false), history: () => citizen.history(id) };
      return sendPdf(reply, source, requestLanguage(request), administrationName, false);
    },
  );
  app.get(
    routePattern('boRequestPdf'),
    { schema: { tags: ['Back office'], params: RequestIdParamsSchema, response: { ...produces, ...errors } }, config: { access: STAFF } },
    async (request, reply) => {
      const id = request.params.id;
      return sendPdf(reply, { request: await desk.get(id, undefined, false), history: () => desk.history(id) }, requestLanguage(request), administrationName, true);
    },
  );
};
