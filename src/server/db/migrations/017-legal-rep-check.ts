// Who the business is (docs/architecture.md "Who the business is"): what the applicant typed of the
// business is kept in the request's personal data (`personal_data.business`, jsonb, no column of its
// own); what the server settled at send about the applicant representing the company is its own
// column, never written by a citizen's body:
// - requests.legal_rep_check: 'verified' when the register (spec §7 check-legal-rep) answered OK,
//   'declared' when no register is configured and the self-declaration (DPR 445/2000) stands,
//   NULL when no check applies (a sole trader, an intermediary) or the request is not sent.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE requests ADD COLUMN legal_rep_check text CHECK (legal_rep_check IN ('verified', 'declared'));`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE requests DROP COLUMN legal_rep_check;`);
}
