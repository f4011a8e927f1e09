// Contract of spec §7 "Back office": the request desk, request details, draft storage limits and
// staff management (a pratica's events and colleagues are ./pratica.ts).
import Type, { type Static } from 'typebox';
import { PageSize, SearchBar } from '../constants.ts';
import { UserSchema } from '../domain.ts';
import { PagedStatusSchema, StatusSchema } from '../envelope.ts';
import { Patterns } from '../patterns.ts';
import { PraticaState } from '../pratica.ts';
import { listQuerySchema, type Sort } from './list-query.ts';
import { RequestSchema } from './requests.ts';

// Request desk ------------------------------------------------------------------------------------
export const BO_REQUEST_SORT_FIELDS = ['requestId', 'sentRequestDate', 'firstName', 'stateOfRequest'] as const;
export type BoRequestSortField = (typeof BO_REQUEST_SORT_FIELDS)[number];

/**
 * The states the desk filters by, in the order a pratica goes through them (spec §3 state of request,
 * and the pratica's lifecycle, src/shared/pratica.ts): open ones first, then the concluded, then deleted drafts.
 */
export const BO_REQUEST_STATES = [
  PraticaState.DRAFT,
  PraticaState.PRESENTED,
  PraticaState.CORRECTION_REQUESTED,
  PraticaState.CORRECTED,
  PraticaState.INTEGRATION_REQUESTED,
  PraticaState.INTEGRATED,
  PraticaState.ACCEPTED,
  PraticaState.REJECTED,
  PraticaState.REFUSED,
  PraticaState.INTEGRATION_EXPIRED,
  PraticaState.SUSPENDED,
  PraticaState.CONFORMATION_ORDERED,
  PraticaState.TIME_EXPIRED,
  PraticaState.WITHDRAWN,
  PraticaState.DELETED,
] as const;
/** Page sizes the desk offers (spec §9's 5 stays the default). */
export const BO_REQUEST_PAGE_SIZES = [5, 10, 25, 50] as const;

/**
 * What a desk search looks for (docs/architecture.md "The clerks' desk"): digits of any length are a request number; a fiscal
 * code (16 characters, omocodic ones too) finds that applicant's requests; any other text of at
 * least the search bar's minimum matches applicant full name and office. Server, mocks and the
 * search bar read the same rule.
 */
export type DeskSearch =
  { kind: 'number'; requestId: number } | { kind: 'fiscalCode'; fiscalCode: string } | { kind: 'text'; text: string } | { kind: 'too-short' };

export function deskSearchOf(filter: string): DeskSearch {
  const value = filter.trim();
  if (/^\d{1,15}$/.test(value)) return { kind: 'number', requestId: Number(value) };
  if (Patterns.fiscalCodeOmocodic.test(value)) return { kind: 'fiscalCode', fiscalCode: value.toUpperCase() };
  return value.length >= SearchBar.minLength ? { kind: 'text', text: value } : { kind: 'too-short' };
}

export const BoRequestListQuerySchema = listQuerySchema(BO_REQUEST_SORT_FIELDS, 1, {
  /** Only requests in this state (the desk's state filter, docs/architecture.md "The clerks' desk"). */
  // The largest state id, as a constant: a computed bound would keep TypeBox in every SPA chunk that imports this file.
  state: Type.Optional(Type.Integer({ minimum: PraticaState.DRAFT, maximum: PraticaState.WITHDRAWN })),
});
export const BoRequestListDefaults = { size: PageSize.requests, sort: { field: 'requestId', type: 'desc' } as Sort<BoRequestSortField> };
export const BoRequestListResponseSchema = Type.Object({ ...PagedStatusSchema.properties, requestList: Type.Array(RequestSchema) });
export type BoRequestListResponse = Static<typeof BoRequestListResponseSchema>;

export const StorageLimitRequestSchema = Type.Object({ storageLimit: Type.String({ format: 'date' }) }, { additionalProperties: false });
export type StorageLimitRequest = Static<typeof StorageLimitRequestSchema>;
/** The day stored (`YYYY-MM-DD`): the day asked for, never moved by a time zone. */
export const StorageLimitResponseSchema = Type.Object({ ...StatusSchema.properties, storageLimit: Type.String({ format: 'date' }) });

/** One change of a draft's storage limit: who, when, from which day to which. */
export const StorageLimitChangeSchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  actorName: Type.Union([Type.String(), Type.Null()]),
  from: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  to: Type.String({ format: 'date' }),
});
export type StorageLimitChange = Static<typeof StorageLimitChangeSchema>;

/** A request as the desk shows it: for a draft, the days its storage limit may take and its changes. */
export const BoRequestResponseSchema = Type.Object({
  ...StatusSchema.properties,
  request: RequestSchema,
  storageLimitRange: Type.Optional(Type.Object({ from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }) })),
  storageLimitChanges: Type.Optional(Type.Array(StorageLimitChangeSchema)),
});
export type BoRequestResponse = Static<typeof BoRequestResponseSchema>;

// Staff management --------------------------------------------------------------------------------
/** Spec §3's user table columns; §9's default "by name" is firstName. */
export const BO_USER_SORT_FIELDS = ['firstName', 'lastName', 'fiscalCode', 'email', 'profile', 'active'] as const;
export type BoUserSortField = (typeof BO_USER_SORT_FIELDS)[number];
/** Accepted as well, for clients written before the API contract was fixed: `name` is firstName (documented in the OpenAPI document). */
export const BO_USER_SORT_ALIASES = { name: 'firstName' } as const satisfies Record<string, BoUserSortField>;
// The sort keys apart from the schema's call: with the spreads inside it, the browser's bundler
// kept the call's callee, and typebox with it, in the request desk's first download.
const BO_USER_SORT_KEYS = [...BO_USER_SORT_FIELDS, ...(Object.keys(BO_USER_SORT_ALIASES) as 'name'[])];
export const BoUserListQuerySchema = listQuerySchema(BO_USER_SORT_KEYS, SearchBar.minLength, {});
export const BoUserListDefaults = { size: PageSize.users, sort: { field: 'firstName', type: 'asc' } as Sort<BoUserSortField> };
export const BoUserListResponseSchema = Type.Object({ ...PagedStatusSchema.properties, userList: Type.Array(UserSchema) });
export type BoUserListResponse = Static<typeof BoUserListResponseSchema>;

export const UserAuditEntrySchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  action: Type.String(),
  actorName: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
});
export const BoUserResponseSchema = Type.Object({
  ...StatusSchema.properties,
  user: UserSchema,
  audit: Type.Optional(Type.Array(UserAuditEntrySchema)),
});
export type BoUserResponse = Static<typeof BoUserResponseSchema>;

/** A server-owned field of a user sent back: accepted, never read (written out: no schema spreads). */
const StaffEcho = Type.Optional(Type.Unknown({ description: 'Owned by the server: accepted when sent back, never read.' }));

/**
 * A staff member as written (spec §7 createUser / modifyUser). A client may send back the user it
 * was given: the fields the server owns (eIDAS id, birth data) are accepted then and ignored; any
 * field a user never had is refused, as on every write (docs/architecture.md, "No silent ignores").
 */
export const StaffWriteSchema = Type.Object(
  {
    userId: Type.Optional(Type.Integer({ minimum: 1 })),
    firstName: Type.String({ minLength: 1, maxLength: 100, pattern: Patterns.personName.source }),
    lastName: Type.String({ minLength: 1, maxLength: 100, pattern: Patterns.personName.source }),
    fiscalCode: Type.String({ pattern: Patterns.fiscalCode.source }),
    email: Type.String({ maxLength: 255, pattern: Patterns.email.source }),
    profile: Type.Object({ profileId: Type.Integer(), description: StaffEcho }, { additionalProperties: false }),
    active: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    userEidasId: StaffEcho,
    dateOfBirth: StaffEcho,
    placeOfBirth: StaffEcho,
    cityOfBirth: StaffEcho,
    gender: StaffEcho,
    /** The offices the account works for: read only here (docs/architecture.md "The pratica on the server"). */
    officeIds: StaffEcho,
  },
  { additionalProperties: false },
);
export type StaffWrite = Static<typeof StaffWriteSchema>;
