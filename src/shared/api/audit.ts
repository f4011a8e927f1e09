// Contract of the audit log (docs/architecture.md "Audit log"): the security events administrators
// read in the back office and through the API — what is recorded, the list call's query (paged and
// sorted like the spec's other lists, filtered by person, action and a range of office days) and
// its answer. Server, SPA adapter and msw handlers read these definitions.
import Type, { type Static } from 'typebox';
import { PageSize, SearchBar } from '../constants.ts';
import { PagedStatusSchema } from '../envelope.ts';
import { listQuerySchema, type Sort } from './list-query.ts';

/**
 * What an entry records. Sign-ins are token exchanges; refusals are the 401/403 answers of any API
 * call (with the route, never the body); the identity matcher's outcomes; staff reading a request
 * and its PDF recap or one of its documents; a citizen exporting their request as a PDF; every change to a staff account.
 */
export const AUDIT_ACTIONS = [
  'sign-in',
  'refusal',
  'identity-match',
  'request-read',
  'recap-read',
  'recap-export',
  'document-read',
  'staff-create',
  'staff-modify',
  'staff-deactivate',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AuditAction = Object.fromEntries(AUDIT_ACTIONS.map((a) => [a, a])) as { readonly [A in AuditAction]: A };

/** How an event ended: `success`/`failure`, the refusal's status (`401`, `403`), or the matcher's outcome. */
export type AuditOutcome = string;

export const AUDIT_SORT_FIELDS = ['at'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];
/** Newest first; the page size of spec-like lists (src/shared/constants.ts PageSize). */
export const AuditListDefaults = { size: PageSize.auditLog, sort: { field: 'at', type: 'desc' } as Sort<AuditSortField> };
/** Page sizes the audit log page offers. */
export const AUDIT_PAGE_SIZES = [PageSize.auditLog, 25, 50, 100] as const;

/**
 * `filter` names the person who acted: a fiscal code finds exactly that person, other text (at least
 * the search bar's minimum) matches their name. `action` keeps one kind of event; `from` and `to`
 * are office days (Europe/Rome), both included.
 */
export const AuditListQuerySchema = listQuerySchema(AUDIT_SORT_FIELDS, SearchBar.minLength, {
  action: Type.Optional(Type.Enum(AUDIT_ACTIONS)),
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
});

export const AuditEntrySchema = Type.Object({
  auditId: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  action: Type.Enum(AUDIT_ACTIONS),
  outcome: Type.String(),
  actorUserId: Type.Union([Type.Integer(), Type.Null()]),
  actorFiscalCode: Type.Union([Type.String(), Type.Null()]),
  actorName: Type.Union([Type.String(), Type.Null()]),
  targetRequestId: Type.Union([Type.Integer(), Type.Null()]),
  targetUserId: Type.Union([Type.Integer(), Type.Null()]),
  /** The call refused (method and route pattern), for refusals. */
  route: Type.Union([Type.String(), Type.Null()]),
  clientAddress: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditListResponseSchema = Type.Object({ ...PagedStatusSchema.properties, auditList: Type.Array(AuditEntrySchema) });
export type AuditListResponse = Static<typeof AuditListResponseSchema>;
