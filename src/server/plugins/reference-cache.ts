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
  /** A promise while the answer is being produced, the entry itself once it is ready. */
  private readonly entries: LRUCache<string, Entry | Promise<Entry>>;

  constructor(options: { ttlSeconds: number; maxEntries: number }) {
    this.entries = new LRUCache({ max: options.maxEntries, ttl: options.ttlSeconds * 1000 });
  }

  /** Forgets every answer (the registers changed, see services/registers/version.ts). */
  clear(): void {
    this.entries.clear();
  }

  /** Answers from the cache, producing (and serialising with the route's schema) on a miss. A hit
   * answers synchronously: no promise, no await, on the path nearly every call takes. */
  // The loose generics accept any route's typed request and reply.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  send(
    request: FastifyRequest<any, any, any, any, any>,
    reply: FastifyReply<any, any, any, any, any, any, any>,
    produce: () => Promise<unknown>,
  ): void | Promise<void> {
    const key = `${request.routeOptions.url}?${JSON.stringify(request.query)}|${requestLanguage(request)}`;
    const cached = this.entries.get(key);
    if (cached && !(cached instanceof Promise)) return this.answer(request, reply, cached);
    let pending = cached;
    if (!pending) {
      const produced = produce().then((payload) => {
        const json = reply.serialize(payload) as string;
        const entry: Entry = {
          json,
          gzip: gzipSync(json),
          br: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
          etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
        };
        // Replace the promise by the entry unless it was evicted or replaced meanwhile.
        if (this.entries.get(key) === produced) this.entries.set(key, entry);
        return entry;
      });
      pending = produced;
      this.entries.set(key, produced);
      // A failed production must not be remembered.
      produced.catch(() => {
        if (this.entries.get(key) === produced) this.entries.delete(key);
      });
    }
    return pending.then((entry) => this.answer(request, reply, entry));
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  // Returns nothing: Fastify must not take a returned reply for a payload to send again.
  private answer(request: FastifyRequest<any, any, any, any, any>, reply: FastifyReply<any, any, any, any, any, any, any>, entry: Entry): void {
    reply.header('ETag', entry.etag).header('Vary', 'Accept-Encoding, Accept-Language').type('application/json; charset=utf-8');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (request.headers['if-none-match'] === entry.etag) reply.code(304).send();
    else if (BR.test(accepted)) reply.header('Content-Encoding', 'br').send(entry.br);
    else if (GZIP.test(accepted)) reply.header('Content-Encoding', 'gzip').send(entry.gzip);
    else reply.send(entry.json);
  }
}

const BR = /\bbr\b/;
const GZIP = /\bgzip\b/;
