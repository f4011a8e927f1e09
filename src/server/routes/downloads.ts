// The service page's downloads (spec §2), outside /api: plain files a browser saves or opens.
//   GET|HEAD /downloads/dpr-160-2010.pdf?lang=it|en       informative note on the SUAP regulation
//   GET|HEAD /downloads/iniziative-requisiti.pdf?lang=it|en initiatives and requirements, from the database
//   GET      /downloads/files.json?lang=it|en              each file's address and exact size
// Each PDF is rendered once per language, in the worker pool (503 with Retry-After while it is full),
// and kept in memory for `cacheSeconds`, so the list follows the iniziative table within that time,
// and the size shown is the size served.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Language } from '#shared/constants.ts';
import { DOWNLOAD_IDS, DOWNLOADS_BASE, DOWNLOADS_INDEX, DownloadFiles, downloadHref, type DownloadId, type DownloadsIndex } from '#shared/downloads.ts';
import type { Database } from '../db/schema.ts';
import { requestLanguage } from '../language.ts';
import { loadInitiativeGroups } from '../services/pdf/downloads.ts';
import { PdfQueueFull, type PdfPool } from '../services/pdf/pool.ts';
import { answerBusy } from './pdf-busy.ts';

export interface DownloadRoutesOptions {
  db: Kysely<Database>;
  administrationName: string;
  cacheSeconds: number;
  pdfPool: PdfPool;
  /** Milliseconds since the epoch: the rendered files' time in the cache (tests step it). */
  clock: () => number;
}

const FILE_NAMES: Record<DownloadId, Record<Language, string>> = {
  decree160: { it: 'dpr-160-2010.pdf', en: 'dpr-160-2010-en.pdf' },
  iniziative: { it: 'iniziative-e-requisiti.pdf', en: 'initiatives-and-requirements.pdf' },
};

export const downloadRoutes: FastifyPluginAsync<DownloadRoutesOptions> = async (app, { db, administrationName, cacheSeconds, pdfPool, clock }) => {
  const rendered = new LRUCache<string, Promise<Buffer>>({ max: 16, ttl: cacheSeconds * 1000, perf: { now: clock } });

  const render = (id: DownloadId, language: Language): Promise<Buffer> => {
    const key = `${id}:${language}`;
    let pending = rendered.get(key);
    if (!pending) {
      const options = { language, administrationName };
      pending =
        id === 'decree160'
          ? pdfPool.render({ kind: 'decree160', options })
          : loadInitiativeGroups(db, language).then((groups) => pdfPool.render({ kind: 'iniziative', groups, options }));
      rendered.set(key, pending);
      pending.catch(() => rendered.delete(key));
    }
    return pending;
  };

  const sendFile = async (id: DownloadId, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    let pdf: Buffer;
    try {
      pdf = await render(id, language);
    } catch (error) {
      if (error instanceof PdfQueueFull) return answerBusy(reply, error);
      throw error;
    }
    const name = FILE_NAMES[id][language];
    return (
      reply
        .type('application/pdf')
        .header('Content-Length', pdf.length)
        // Inline: the browser's viewer opens it; the page's link carries `download` for saving.
        .header('Content-Disposition', `inline; filename="${name}"`)
        .header('Cache-Control', `public, max-age=${cacheSeconds}`)
        .header('Vary', 'Accept-Language')
        .send(pdf)
    );
  };

  for (const id of DOWNLOAD_IDS) {
    // Fastify answers HEAD from the same handler (exposeHeadRoutes): headers, Content-Length, no body.
    app.get(`${DOWNLOADS_BASE}/${DownloadFiles[id]}`, { schema: { hide: true } }, (request, reply) => sendFile(id, request, reply));
  }

  app.get(`${DOWNLOADS_BASE}/${DOWNLOADS_INDEX}`, { schema: { hide: true } }, async (request, reply) => {
    const language = requestLanguage(request);
    let files: DownloadsIndex['files'];
    try {
      files = await Promise.all(
        DOWNLOAD_IDS.map(async (id) => ({
          id,
          href: downloadHref(id, language),
          bytes: (await render(id, language)).length,
          contentType: 'application/pdf' as const,
        })),
      );
    } catch (error) {
      if (error instanceof PdfQueueFull) return answerBusy(reply, error);
      throw error;
    }
    const index: DownloadsIndex = { files };
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language').send(index);
  });
};
