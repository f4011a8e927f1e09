// Abuse limits on the calls worth abusing — token exchange, user info, identity checks and writes —
// counted in the shared database so that N instances enforce one limit. Answers 429 with the envelope.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from './errors.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A @fastify/rate-limit store over PostgreSQL/PGlite with fixed windows and an injectable clock. */
export function databaseStore(db: Kysely<Database>, now: () => number) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;
    constructor(options: { keyPrefix?: string } = {}) {
      this.prefix = options.keyPrefix ?? '';
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      const windowStart = Math.floor(at / timeWindow) * timeWindow;
      sql<{ hits: number }>`
        INSERT INTO rate_limits (key, window_start, hits) VALUES (${this.prefix + key}, ${windowStart}, 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_start = EXCLUDED.window_start THEN rate_limits.hits + 1 ELSE 1 END,
          window_start = EXCLUDED.window_start
        RETURNING hits`
        .execute(db)
        .then(
          (result) => callback(null, { current: result.rows[0]!.hits, ttl: windowStart + timeWindow - at }),
          (error: Error) => callback(error),
        );
    }
    read(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      const windowStart = Math.floor(at / timeWindow) * timeWindow;
      db.selectFrom('rate_limits')
        .select(['hits', 'window_start'])
        .where('key', '=', this.prefix + key)
        .executeTakeFirst()
        .then(
          (row) =>
            callback(
              null,
              row && Number(row.window_start) === windowStart ? { current: row.hits, ttl: windowStart + timeWindow - at } : { current: 0, ttl: 0 },
            ),
          (error: Error) => callback(error),
        );
    }
    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      return new DatabaseRateLimitStore({ keyPrefix: `${routeOptions.routeInfo?.method ?? ''} ${routeOptions.routeInfo?.url ?? ''}|` });
    }
  };
}

/** Per person when signed in (the token's subject), otherwise per address. */
export function limitKey(request: FastifyRequest): string {
  const subject = request.principal?.subject.subject;
  return subject ? `sub:${subject}` : `ip:${request.ip}`;
}

export const LIMITS = {
  tokenExchange: { max: 20, timeWindow: 60_000 },
  userInfo: { max: 30, timeWindow: 60_000 },
  identityCheck: { max: 10, timeWindow: 60_000 },
  write: { max: 120, timeWindow: 60_000 },
} as const;

export async function registerRateLimits(app: FastifyInstance, db: Kysely<Database>, now: () => number, enabled: boolean): Promise<void> {
  // Switched off (benchmarks only), every call would be let through by the allow list after the
  // plugin's hook worked out its key: not registering it answers the same for less.
  if (!enabled) return;
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db, now) as never,
    keyGenerator: limitKey,
    // Checked after authentication, so a person is limited whatever address they come from.
    hook: 'preHandler',
    enableDraftSpec: false,
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError({ status: 429, description: `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} seconds.` }),
  });
}
