// The audit hook (docs/architecture.md "Audit log"): every API call answered 401 or 403 leaves a
// `refusal` line with its route (method and pattern; never its body or query; at most
// REFUSAL_LINES_PER_MINUTE per address, refusal-budget.ts), and a route that
// declares `config.audit` leaves a line of its action (a staff read of a request or its PDF, a
// citizen's export, a sign-in). The line is written before the answer is sent, so a read is not
// served without its trace being stored. Staff changes and matcher outcomes are written by their
// services, inside their own transaction (services/back-office/staff.ts, services/identity-match.ts).
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditAction } from '#shared/api/audit.ts';
import { API_BASE } from '#shared/api/paths.ts';
import type { Database } from '../../db/schema.ts';
import { errorEnvelope, SERVICE_UNAVAILABLE } from '../../plugins/errors.ts';
import { auditActorOf } from './actor.ts';
import { recordAudit, type AuditEvent } from './log.ts';
import { RefusalBudget } from './refusal-budget.ts';

export interface RouteAudit {
  action: AuditAction;
  /** What the route's `:id` names: a request or a staff account. */
  target?: 'request' | 'user';
  /** Record failures under the action too (sign-ins), not only successes; else a refusal is a `refusal`. */
  failures?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
}

const isRefusal = (status: number) => status === 401 || status === 403;

/** The event a finished call leaves, or null when it leaves none. */
function eventOf(audit: RouteAudit | null, status: number, params: unknown): Omit<AuditEvent, 'actor' | 'clientAddress' | 'route'> | null {
  const ok = status >= 200 && status < 300;
  // A call the abuse limits turned away (429) never reached the route: a flood writes no lines.
  if (audit && (ok || (audit.failures && status !== 429))) {
    const id = Number((params as { id?: unknown } | null)?.id);
    const target = Number.isInteger(id) ? id : null;
    return {
      action: audit.action,
      outcome: ok ? 'success' : String(status),
      targetRequestId: audit.target === 'request' ? target : null,
      targetUserId: audit.target === 'user' ? target : null,
    };
  }
  return isRefusal(status) ? { action: 'refusal', outcome: String(status) } : null;
}

function auditOnSend(audit: RouteAudit | null, db: Kysely<Database>, budget: RefusalBudget): onSendHookHandler {
  return (request, reply, payload, done) => {
    const event = eventOf(audit, reply.statusCode, request.params);
    if (!event) return done(null, payload);
    if (event.action === 'refusal') {
      const take = budget.take(request.ip ?? '');
      if (take === 'first-drop')
        request.log.warn('audit: an address passed the refusal lines of a minute; further refusals from it are not written this minute');
      if (take !== 'write') return done(null, payload);
    }
    const ok = reply.statusCode < 300;
    recordAudit(db, {
      ...event,
      actor: auditActorOf(request),
      route: ok ? null : `${request.method} ${request.routeOptions.url ?? ''}`,
      clientAddress: request.ip ?? null,
    }).then(
      () => done(null, payload),
      (error: { code?: string }) => {
        // The code only: a database error's detail may quote the row, and the row holds personal data.
        request.log.error({ code: error?.code }, 'audit line not written');
        if (!ok || !audit) return done(null, payload);
        // A read or a sign-in whose line could not be stored is not answered: no trace, no data.
        reply.code(503).type('application/json; charset=utf-8').removeHeader('Content-Disposition');
        done(null, JSON.stringify(errorEnvelope(SERVICE_UNAVAILABLE)));
      },
    );
  };
}

/** Adds the audit hook to every API route registered after this call. */
export function registerAuditHook(app: FastifyInstance, db: Kysely<Database>, clock: () => number = Date.now): void {
  const budget = new RefusalBudget(clock);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_BASE}/`)) return;
    const own = route.onSend ? ([] as onSendHookHandler[]).concat(route.onSend as onSendHookHandler | onSendHookHandler[]) : [];
    route.onSend = [...own, auditOnSend(route.config?.audit ?? null, db, budget)];
  });
}
