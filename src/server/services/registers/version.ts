// Offices and initiatives change while the portal runs (an import against a shared PostgreSQL): each
// import bumps one counter, and every instance looks at it every few seconds and, when it moved,
// reloads the reference rows it holds in memory (the catalog requests are read with, the cached
// master-data answers). So an imported office or PEC address reaches every instance within seconds,
// at the cost of one tiny query per instance per interval, never one per request.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

const KEY = 'registers_version';

/** Marks the registers changed; call it inside the import's transaction. */
export async function bumpRegistersVersion(db: Kysely<Database>): Promise<void> {
  await sql`
    INSERT INTO app_config (key, value) VALUES (${KEY}, '1'::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = to_jsonb((app_config.value)::text::int + 1)`.execute(db);
}

export async function registersVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('app_config').select('value').where('key', '=', KEY).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    registers: RegistersWatch;
  }
}

export interface RegistersWatch {
  /** Looks once; true when the registers changed since the last look (and `onChange` has run). */
  check(): Promise<boolean>;
  stop(): void;
}

export async function watchRegisters(db: Kysely<Database>, onChange: () => Promise<void>, intervalMs = 5000): Promise<RegistersWatch> {
  let seen = await registersVersion(db);
  const check = async () => {
    const now = await registersVersion(db);
    if (now === seen) return false;
    seen = now;
    await onChange();
    return true;
  };
  // A failed look (database briefly away) is tried again at the next tick.
  const timer = setInterval(() => void check().catch(() => {}), intervalMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
