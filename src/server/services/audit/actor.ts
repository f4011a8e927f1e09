// Who acted, as the audit log records them (docs/architecture.md "Audit log"). A protected call's
// caller is its principal; a call refused before a principal exists (an inactive account, the wrong
// role) or a sign-in, which has no principal, notes its actor here for the audit hook to read.
import type { Kysely } from 'kysely';
import type { Principal } from '../../auth/access.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditActor } from './log.ts';

// Keyed by the request object: nothing is added to every request, and the note goes with it.
const noted = new WeakMap<object, AuditActor>();

export function noteAuditActor(request: object, actor: AuditActor): void {
  noted.set(request, actor);
}

/** The actor noted for the request, else its principal's account and subject, else nobody known. */
export function auditActorOf(request: object & { principal?: Principal | null }): AuditActor | null {
  const own = noted.get(request);
  if (own) return own;
  const principal = request.principal;
  if (!principal) return null;
  return {
    userId: principal.user?.user_id ?? null,
    fiscalCode: principal.user?.fiscal_code ?? principal.subject.fiscalCode,
    subject: principal.subject.subject,
  };
}

/** A signing-in person: their account of the area when they have one, the asserted code, the subject. */
export async function signInActor(db: Kysely<Database>, area: 'FO' | 'BO', subject: string, fiscalCode: string | null): Promise<AuditActor> {
  const account = fiscalCode
    ? await db.selectFrom('users').select('user_id').where('realm', '=', area).where('fiscal_code', '=', fiscalCode).executeTakeFirst()
    : undefined;
  return { userId: account?.user_id ?? null, fiscalCode, subject };
}
