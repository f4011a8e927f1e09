// Opens the database the configuration names: a PostgreSQL server through DATABASE_URL, or the
// embedded PGlite (Postgres compiled to WASM) kept in the data folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import type { Pool, PoolClient } from 'pg';
import type { Database } from './schema.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * What the handle was opened on, for a library that connects on its own (pg-boss, services/jobs):
   * the same PGlite instance, or the PostgreSQL server's URL.
   */
  source: { kind: 'pglite'; pglite: import('@electric-sql/pglite').PGlite } | { kind: 'postgres'; url: string };
  /** Checks that the database answers (readiness probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder for PGlite's files; null keeps PGlite in memory (tests). */
  pgliteDir: string | null;
  poolSize?: number;
  /**
   * How long a new PostgreSQL connection may take (default 10 s): a server that does not answer
   * then fails the call with a 503 (plugins/errors.ts) instead of holding it until the client gives up.
   */
  connectTimeoutMs?: number;
}

/**
 * Marks a hot statement of fixed shape (append with `.modifyEnd(PREPARED)`): on a PostgreSQL
 * server it is sent as a named statement, parsed and planned once per connection instead of on
 * every call. Only marked statements are named, so queries whose text varies cannot pile up
 * prepared statements on the server. PGlite runs in-process and ignores the mark.
 */
export const PREPARED = sql.raw('/* prepared */');
const PREPARED_MARK = '/* prepared */';

const statementNames = new Map<string, string>();

/** The server-side name of a marked statement: the same text always gets the same name. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  return name;
}

/** Makes every client of the pool send marked statements as named ones. */
function prepareMarkedStatements(pool: Pool): void {
  const nameOf = statementName;
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) =>
      typeof text === 'string' && text.endsWith(PREPARED_MARK) ? query({ name: nameOf(text), text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
  });
}

/** A statement as node-postgres takes it: named (prepared once per connection) or not. */
export interface DirectStatement {
  name?: string;
  text: string;
  values: unknown[];
}

export type DirectExecutor = (statement: DirectStatement) => Promise<unknown[]>;

// The pool behind each PostgreSQL handle's Kysely instance, for the hot statements compiled once
// (precompiled.ts): they go straight to the pool, as a hand-written server would send them, without
// Kysely's per-call layers (connection provider, driver wrapper, result mapping: a few asynchronous
// steps each, measurable on calls that take two statements, docs/performance.md). A transaction's Kysely is not
// in here, so statements inside a transaction keep its connection.
const direct = new WeakMap<Kysely<Database>, DirectExecutor>();

/** The pool's own executor when `db` is a PostgreSQL handle's root instance; otherwise null. */
export function directExecutor(db: Kysely<Database>): DirectExecutor | null {
  return direct.get(db) ?? null;
}

async function openPostgres(databaseUrl: string, poolSize: number, connectTimeoutMs: number): Promise<DatabaseHandle> {
  const pg = await import('pg');
  // Dates stay strings (DATE columns carry no time zone); bigint ids come back as numbers.
  pg.default.types.setTypeParser(1082, (v: string) => v);
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.default.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: connectTimeoutMs });
  // An idle client that loses its server emits 'error'; without a listener that would crash the process.
  pool.on('error', () => {});
  prepareMarkedStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  direct.set(db, async (statement) => (await pool.query(statement)).rows);
  return {
    db,
    kind: 'postgres',
    source: { kind: 'postgres', url: databaseUrl },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => db.destroy(),
  };
}

/** Same conventions as node-postgres above: DATE stays a string, int8 becomes a number. */
export const PGLITE_PARSERS = { 1082: (v: string) => v, 20: (v: string) => Number(v) };

/** Options every PGlite instance of the project uses: our type parsers and the trigram extension. */
export async function pgliteOptions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { parsers: PGLITE_PARSERS, extensions: { pg_trgm } };
}

/** Wraps an open PGlite instance (from a folder, or loaded from a dump in tests) as a handle. */
export function pgliteHandle(pglite: import('@electric-sql/pglite').PGlite): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    source: { kind: 'pglite', pglite },
    ping: async () => {
      await pglite.query('SELECT 1');
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPglite(dir: string | null): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dir) await fs.mkdir(path.dirname(dir), { recursive: true });
  return pgliteHandle(await PGlite.create({ ...(dir ? { dataDir: dir } : {}), ...(await pgliteOptions()) }));
}

export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 20, options.connectTimeoutMs ?? 10_000) : openPglite(options.pgliteDir);
}
