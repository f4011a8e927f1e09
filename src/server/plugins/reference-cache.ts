// Reference data (territory, offices, initiatives, configuration) changes only with a release, yet
// every wizard step asks for it. Each distinct answer is serialised once with the route's response
// schema, compressed once (br and gzip), and served from memory with an ETag until it expires.
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { requestLanguage } from '../language.ts';

interface Entry {
  json: string;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export class ReferenceCache {
  private readonly entries: LRUCache<string, Promise<Entry>>;

  constructor(options: { ttlSeconds: number; maxEntries: number }) {
    this.entries = new LRUCache({ max: options.maxEntries, ttl: options.ttlSeconds * 1000 });
  }

  /** Answers from the cache, producing (and serialising with the route's schema) on a miss. */
  // The loose generics accept any route's typed request and reply.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async send(request: FastifyRequest<any, any, any, any, any>, reply: FastifyReply<any, any, any, any, any, any, any>, produce: () => Promise<unknown>): Promise<void> {
    const key = `${request.routeOptions.url}?${JSON.stringify(request.query)}|${requestLanguage(request)}`;
    let pending = this.entries.get(key);
    if (!pending) {
      pending = produce().then((payload) => {
        const json = reply.serialize(payload) as string;
        return {
          json,
          gzip: gzipSync(json),
          br: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
          etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
        };
      });
      this.entries.set(key, pending);
      // A failed production must not be remembered.
      pending.catch(() => this.entries.delete(key));
    }
    const entry = await pending;
    reply.header('ETag', entry.etag).header('Vary', 'Accept-Encoding, Accept-Language').type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === entry.etag) {
      await reply.code(304).send();
      return;
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) await reply.header('Content-Encoding', 'br').send(entry.br);
    else if (/\bgzip\b/.test(accepted)) await reply.header('Content-Encoding', 'gzip').send(entry.gzip);
    else await reply.send(entry.json);
  }
}
