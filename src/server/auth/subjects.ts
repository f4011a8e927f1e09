// What the API knows about a token's subject: the claims of the ID token seen at code exchange,
// and the fiscal code it trusts for them (asserted by the issuer, or matched for eIDAS people).
import type { Kysely } from 'kysely';
import { EIDAS_IDENTIFIER_CLAIM, FISCAL_NUMBER_CLAIM, FISCAL_NUMBER_PREFIX } from '#shared/api/auth.ts';
import type { Database } from '../db/schema.ts';

export interface Subject {
  subject: string;
  fiscalCode: string | null;
  eidasId: string | null;
  claims: Record<string, unknown>;
  matched: boolean;
}

export function fiscalCodeFromClaims(claims: Record<string, unknown>): string | null {
  const raw = claims[FISCAL_NUMBER_CLAIM];
  if (typeof raw !== 'string' || raw === '') return null;
  return (raw.startsWith(FISCAL_NUMBER_PREFIX) ? raw.slice(FISCAL_NUMBER_PREFIX.length) : raw).toUpperCase();
}

export class SubjectStore {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Records the subject of a fresh ID token; a fiscal code matched earlier is kept for eIDAS people. */
  async remember(claims: Record<string, unknown>): Promise<Subject> {
    const subject = String(claims.sub);
    const asserted = fiscalCodeFromClaims(claims);
    const eidasId = typeof claims[EIDAS_IDENTIFIER_CLAIM] === 'string' ? (claims[EIDAS_IDENTIFIER_CLAIM] as string) : null;
    const stored = { ...claims };
    delete stored.nonce;
    const row = await this.db
      .insertInto('identity_subjects')
      .values({ subject, fiscal_code: asserted, eidas_id: eidasId, claims: JSON.stringify(stored), matched: false, updated_at: new Date() })
      .onConflict((oc) =>
        oc.column('subject').doUpdateSet((eb) => ({
          claims: eb.ref('excluded.claims'),
          eidas_id: eb.ref('excluded.eidas_id'),
          updated_at: eb.ref('excluded.updated_at'),
          // An issuer-asserted code always wins; otherwise keep what the matcher established.
          fiscal_code: asserted ?? eb.ref('identity_subjects.fiscal_code'),
          matched: asserted ? false : eb.ref('identity_subjects.matched'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    const known = toSubject(row);
    if (asserted || known.fiscalCode || !eidasId) return known;
    return (await this.carryBinding(known, eidasId)) ?? known;
  }

  /**
   * The eIDAS person identifier is the persistent one (docs/architecture.md "Identity"): when the
   * provider signs the same person in under another subject, the code the matcher bound to them
   * moves to the new subject, so they are not asked for it again. One binding per code (the unique
   * index on matched codes): the old subject gives it up in the same transaction.
   */
  private async carryBinding(subject: Subject, eidasId: string): Promise<Subject | null> {
    return this.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('identity_subjects')
        .select(['subject', 'fiscal_code'])
        .where('eidas_id', '=', eidasId)
        .where('matched', '=', true)
        .where('subject', '<>', subject.subject)
        .forUpdate()
        .executeTakeFirst();
      if (!previous?.fiscal_code) return null;
      const now = new Date();
      await trx.updateTable('identity_subjects').set({ fiscal_code: null, matched: false, updated_at: now }).where('subject', '=', previous.subject).execute();
      const row = await trx
        .updateTable('identity_subjects')
        .set({ fiscal_code: previous.fiscal_code, matched: true, updated_at: now })
        .where('subject', '=', subject.subject)
        .where('fiscal_code', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row ? toSubject(row) : null;
    });
  }

  async find(subject: string): Promise<Subject | null> {
    const row = await this.db.selectFrom('identity_subjects').selectAll().where('subject', '=', subject).executeTakeFirst();
    return row ? toSubject(row) : null;
  }
}

function toSubject(row: { subject: string; fiscal_code: string | null; eidas_id: string | null; claims: unknown; matched: boolean }): Subject {
  return {
    subject: row.subject,
    fiscalCode: row.fiscal_code,
    eidasId: row.eidas_id,
    claims: (typeof row.claims === 'string' ? JSON.parse(row.claims) : row.claims) as Record<string, unknown>,
    matched: row.matched,
  };
}
