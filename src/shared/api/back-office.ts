// Contract of spec §7 "Back office": the request desk, request details, decisions, draft storage
// limits and staff management.
import Type, { type Static } from 'typebox';
import { PageSize, SearchBar } from '../constants.ts';
import { UserSchema } from '../domain.ts';
import { PagedStatusSchema, StatusSchema } from '../envelope.ts';
import { Patterns } from '../patterns.ts';
import { listQuerySchema, type Sort } from './list-query.ts';
import { RequestSchema } from './requests.ts';

// Request desk ------------------------------------------------------------------------------------
export const BO_REQUEST_SORT_FIELDS = ['requestId', 'sentRequestDate', 'firstName', 'stateOfRequest'] as const;
export type BoRequestSortField = (typeof BO_REQUEST_SORT_FIELDS)[number];
export const BoRequestListQuerySchema = listQuerySchema(BO_REQUEST_SORT_FIELDS, SearchBar.minLength, {});
export type BoRequestListQuery = Static<typeof BoRequestListQuerySchema>;
export const BoRequestListDefaults = { size: PageSize.requests, sort: { field: 'requestId', type: 'desc' } as Sort<BoRequestSortField> };
export const BoRequestListResponseSchema = Type.Object({ ...PagedStatusSchema.properties, requestList: Type.Array(RequestSchema) });
export type BoRequestListResponse = Static<typeof BoRequestListResponseSchema>;

/** Staff decide a sent request (our addition to spec §7: the decision call is not listed there). */
export const DecisionRequestSchema = Type.Object(
  {
    stateOfRequestId: Type.Union([Type.Literal(4), Type.Literal(5)]),
    reason: Type.String({ minLength: 3, maxLength: 1000, pattern: Patterns.extendedText.source }),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type DecisionRequest = Static<typeof DecisionRequestSchema>;

export const StorageLimitRequestSchema = Type.Object(
  { storageLimit: Type.String({ format: 'date' }) },
  { additionalProperties: false },
);
export type StorageLimitRequest = Static<typeof StorageLimitRequestSchema>;
export const StorageLimitResponseSchema = Type.Object({ ...StatusSchema.properties, storageLimit: Type.String({ format: 'date-time' }) });

// Staff management --------------------------------------------------------------------------------
/** Spec §3's user table columns; §9's default "by name" is firstName. */
export const BO_USER_SORT_FIELDS = ['firstName', 'lastName', 'fiscalCode', 'email', 'profile', 'active'] as const;
export type BoUserSortField = (typeof BO_USER_SORT_FIELDS)[number];
/** Accepted as well, for clients written before issue #16: `name` is firstName (documented in the OpenAPI document). */
export const BO_USER_SORT_ALIASES = { name: 'firstName' } as const satisfies Record<string, BoUserSortField>;
export const BoUserListQuerySchema = listQuerySchema([...BO_USER_SORT_FIELDS, ...(Object.keys(BO_USER_SORT_ALIASES) as 'name'[])], SearchBar.minLength, {});
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

export const StaffWriteSchema = Type.Object(
  {
    userId: Type.Optional(Type.Integer({ minimum: 1 })),
    firstName: Type.String({ minLength: 1, maxLength: 100, pattern: Patterns.simpleText.source }),
    lastName: Type.String({ minLength: 1, maxLength: 100, pattern: Patterns.simpleText.source }),
    fiscalCode: Type.String({ pattern: Patterns.fiscalCode.source }),
    email: Type.String({ maxLength: 255, pattern: Patterns.email.source }),
    profile: Type.Object({ profileId: Type.Integer() }, { additionalProperties: true }),
    active: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: true },
);
export type StaffWrite = Static<typeof StaffWriteSchema>;
