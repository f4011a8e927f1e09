// Writing the audit log (docs/architecture.md "Audit log"). One insert per event, on the caller's
// connection: a change passes its transaction, so the change and its audit line commit or roll back
// together. The table refuses UPDATE and DELETE itself (migration 012); this module only appends.
import type { Kysely } from 'kysely';
import type { AuditAction, AuditOutcome } from '#shared/api/audit.ts';
import type { Database } from '../../db/schema.ts';

/** Who acted: their account when they have one, their fiscal code, the provider's subject. */
export interface AuditActor {
  userId: number | null;
  fiscalCode: string | null;
  subject: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  outcome: AuditOutcome;
  actor?: AuditActor | null;
  targetRequestId?: number | null;
  targetUserId?: number | null;
  /** The refused call, `METHOD /route/:pattern` (never its body nor its query). */
  route?: string | null;
  clientAddress?: string | null;
}

/** Where the event came from: the client's address (as Fastify sees it, TRUST_PROXY applied). */
export interface AuditContext {
  clientAddress: string | null;
}

export const NO_AUDIT_CONTEXT: AuditContext = { clientAddress: null };

export async function recordAudit(db: Kysely<Database>, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: event.actor?.userId ?? null,
      actor_fiscal_code: event.actor?.fiscalCode ?? null,
      actor_subject: event.actor?.subject ?? null,
      action: event.action,
      outcome: event.outcome,
      target_request_id: event.targetRequestId ?? null,
      target_user_id: event.targetUserId ?? null,
      route: event.route ?? null,
      client_address: event.clientAddress ?? null,
    })
    .execute();
}
