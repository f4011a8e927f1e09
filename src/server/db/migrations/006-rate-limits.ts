// Counters of the abuse limits, shared by every instance (fixed windows, one row per key).
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE UNLOGGED TABLE rate_limits (
      key text PRIMARY KEY,
      window_start bigint NOT NULL,
      hits integer NOT NULL
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP TABLE rate_limits;`);
}
