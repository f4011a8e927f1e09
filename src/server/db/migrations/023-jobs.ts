// Time-driven work (docs/architecture.md "Time-driven work (the job queue)"): a job is an event due
// at `run_at`, delivered at least once by whichever instance leases it first; a failed delivery
// keeps `run_at` and moves `available_at`, its next try. `key` names the event (unique), so
// scheduling the same event twice keeps one row; done rows stay, so a key delivered once (or
// cancelled) is not scheduled again. A lease (`leased_until`, `leased_by`) that runs out hands the
// job to another instance: the one that held it died or hung.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE job (
      job_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      key text NOT NULL UNIQUE,
      payload jsonb NOT NULL,
      run_at timestamptz NOT NULL,
      available_at timestamptz NOT NULL,
      leased_until timestamptz,
      leased_by text,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      done_at timestamptz,
      outcome text CHECK (outcome IN ('done', 'cancelled')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX job_due ON job (available_at) WHERE done_at IS NULL
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP TABLE job;`);
}
