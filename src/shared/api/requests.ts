// Contract of spec §7 "Requests (front office)" and the request shapes of spec §3.
import Type, { type Static } from 'typebox';
import { InitiativeSchema, MunicipalitySchema, NotificationContactSchema, StateOfRequestSchema, SuapSchema, TypeOfServiceSchema } from '../domain.ts';
import { PagedStatusSchema, StatusSchema } from '../envelope.ts';
import { Patterns } from '../patterns.ts';
import { ResidenceAbroadSchema } from './residence-abroad.ts';
import { listQuerySchema, type Sort } from './list-query.ts';
import { BusinessSchema, LegalRepCheckSchema } from './business.ts';
import { ActivityAddressSchema, hasActivityAddress } from './activity-address.ts';
import { PraticaContextSchema } from './pratica.ts';
import { SSU_STATES, type SsuState } from '../pratica.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/**
 * Dates, one style per kind (docs/architecture.md "The API contract"): an instant is ISO 8601 with its offset, always UTC (`Z`);
 * a day is YYYY-MM-DD. Spec §3's DD/MM/YYYY and DD/MM/YYYY HH:mm are display formats of the screens.
 */
const INSTANT = 'An instant: ISO 8601 with its offset, always UTC, e.g. 2026-03-01T09:30:00.000Z.';
const Text = (pattern: RegExp, maxLength: number) => Type.String({ maxLength, pattern: pattern.source });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** The applicant's master data as typed (or prefilled) in the personal-data step. */
export const PersonalDataSchema = Type.Object(
  {
    firstName: Text(Patterns.personName, 100),
    lastName: Text(Patterns.personName, 100),
    fiscalCode: Type.String({ pattern: Patterns.fiscalCodeOmocodic.source }),
    /** YYYY-MM-DD */
    dateOfBirth: Type.Optional(Nullable(Type.String({ format: 'date', description: 'A day: YYYY-MM-DD.' }))),
    cityOfBirth: Type.Optional(Nullable(Text(Patterns.placeName, 100))),
    gender: Type.Optional(Nullable(Type.Union([Type.Literal('M'), Type.Literal('F')]))),
    email: Type.Optional(Nullable(Type.String({ maxLength: 255, pattern: Patterns.email.source }))),
    telephone: Type.Optional(Nullable(Type.String({ maxLength: 20, pattern: Patterns.telephone.source }))),
    address: Type.Optional(Nullable(Text(Patterns.address, 255))),
    zipCode: Type.Optional(Nullable(Type.String({ pattern: Patterns.zipCode.source }))),
    residenceMunicipality: Type.Optional(Nullable(Text(Patterns.placeName, 100))),
    /** Where the applicant lives when abroad: country, city, address (./residence-abroad.ts). */
    residenceAbroad: Type.Optional(Nullable(ResidenceAbroadSchema)),
    /** Who the business is: sole trader or company (src/shared/business.ts); its VAT number is the request's `partitaIva`. */
    business: Type.Optional(Nullable(BusinessSchema)),
    activityAddress: Type.Optional(Nullable(ActivityAddressSchema)),
  },
  { additionalProperties: false },
);
export type PersonalData = Static<typeof PersonalDataSchema>;

export const RequestUserSchema = Type.Object({
  userId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  fiscalCode: Nullable(Type.String()),
  profile: Type.Object({ profileId: Type.Integer() }),
});

export const HistoryEntrySchema = Type.Object({
  fromState: Nullable(Type.Integer()),
  toState: Type.Integer(),
  at: Type.String({ format: 'date-time', description: INSTANT }),
  /** Staff are shown to citizens by role, never by name. */
  actorProfileId: Nullable(Type.Integer()),
  actorName: Type.Optional(Nullable(Type.String())),
  reason: Nullable(Type.String()),
  /** The lifecycle machine's event (machines/pratica.ts); null for entries written before it. CLOCK_… events have no actor. */
  event: Type.Optional(Nullable(Type.String())),
  /** ASSIGN: the colleague put in charge (the desk's answers only: citizens see staff by role). */
  assigneeName: Type.Optional(Nullable(Type.String())),
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;

/**
 * Whether the choices of a draft still hold against today's master data (spec §4 warning on
 * select-initiative): the office still serves the municipality the draft names, and the initiative
 * is still offered. Sent where one's own draft that names an office, a municipality or an initiative
 * is read back whole (GET of one request, and the answer to its creation); a step's save (PUT)
 * answers without it. What the draft does not name counts as holding.
 */
export const SelectionSchema = Type.Object(
  {
    officeServesMunicipality: Type.Boolean({ description: "False when the office no longer serves the draft's municipality." }),
    initiativeOffered: Type.Boolean({ description: 'False when the initiative has been withdrawn.' }),
  },
  {
    additionalProperties: false,
    description:
      "Only where one's own draft is read back whole (GET /suap/v1/request/{id}, and the answer to POST) and names an office, a municipality or an initiative: whether they still hold today.",
  },
);
export type Selection = Static<typeof SelectionSchema>;

/** A request as the API returns it (spec §3 Request), with what the details pages need. */
export const RequestSchema = Type.Object({
  requestId: Type.Integer(),
  /** Optimistic-concurrency version: an update must send the version it started from. */
  version: Type.Integer(),
  typeOfService: TypeOfServiceSchema,
  stateOfRequest: StateOfRequestSchema,
  /** The state's name in the national Catalogo SSU (src/shared/pratica.ts SSU_STATE); null for a deleted draft. */
  ssuState: Nullable(
    Type.Unsafe<SsuState>(
      Type.Union(
        SSU_STATES.map((name) => Type.Literal(name)),
        {
          description:
            'By state id: 1 started, 3 presented, 4 ended_by_positive_outcome, 5 ended_by_negative_outcome, 6 correction_requested, 7 corrected, ' +
            '8 refused, 9 integration_requested, 10 integrated, 11 ended_by_integration_times_expired, 12 ended_by_suspension_requested, ' +
            '13 ended_by_conformation_requested, 14 ended_by_proceeding_time_expired, 15 ended_by_submitter_cancel_requested; null for 2 (a deleted draft).',
        },
      ),
    ),
  ),
  /** The lifecycle machine's context once sent (null for a draft): terms, due days, who is in charge. */
  pratica: Type.Optional(Nullable(PraticaContextSchema)),
  /** The clerk in charge, by name (the desk's answers only). */
  assignee: Type.Optional(Nullable(Type.Object({ userId: Type.Integer(), firstName: Type.String(), lastName: Type.String() }))),
  user: RequestUserSchema,
  suap: Type.Optional(Nullable(SuapSchema)),
  municipalityId: Type.Optional(Nullable(Type.Integer())),
  /** The municipality of the activity named by `municipalityId`, as the ISTAT list names it (read only). */
  municipality: Type.Optional(Nullable(MunicipalitySchema)),
  procedureNotification: Type.Optional(Nullable(NotificationContactSchema)),
  iniziative: Type.Optional(Nullable(InitiativeSchema)),
  partitaIva: Type.Optional(Nullable(Type.String())),
  personalData: Type.Optional(Nullable(PersonalDataSchema)),
  /** How the server settled at send that the applicant represents the company (read only). */
  legalRepCheck: Type.Optional(LegalRepCheckSchema),
  sentRequestDate: Type.Optional(Nullable(Type.String({ format: 'date-time', description: INSTANT }))),
  updatedOn: Type.String({ format: 'date-time', description: INSTANT }),
  doneOn: Type.Optional(Nullable(Type.String({ format: 'date-time', description: INSTANT }))),
  decisionReason: Type.Optional(Nullable(Type.String())),
  /** The last day a draft is kept (`YYYY-MM-DD`, Europe/Rome): the retention sweep deletes it the day after. */
  storageLimit: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  history: Type.Optional(Type.Array(HistoryEntrySchema)),
  selection: Type.Optional(SelectionSchema),
});
export type SuapRequest = Static<typeof RequestSchema>;

/*
 * Writes refuse what the contract does not know (docs/architecture.md, "No silent ignores"), yet a
 * PUT's body "is the request" (spec §7), so the SPA sends back the request it was given. What the
 * server owns is therefore named here and accepted when echoed, but never read: the objects it
 * resolves by id (office, initiative, service type, state) may come back whole, only their id is
 * read; and the request's own record (applicant, dates, decision, history, selection) is ignored.
 * Any other field, at the top or inside those objects, is refused with 400.
 */
const closed = { additionalProperties: false } as const;
/** A server-owned field sent back: accepted, never read. Written out (no spreads of other schemas),
 *  so the bundler can still leave typebox out of the pages that only need the types. */
const Echo = Type.Optional(Type.Unknown({ description: 'Owned by the server: accepted when sent back, never read.' }));

/** What a citizen may write: references by id, never whole objects the server owns. */
export const RequestWriteSchema = Type.Object(
  {
    requestId: Type.Optional(Id),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    typeOfService: Type.Optional(Type.Object({ typeOfServiceId: Id, nameIt: Echo, nameEn: Echo, descriptionIt: Echo, descriptionEn: Echo }, closed)),
    /** Only the move to "sent" (3) may be asked for; the server checks the draft is complete. */
    stateOfRequest: Type.Optional(
      Type.Object({ stateOfRequestId: Type.Integer({ minimum: 1, maximum: 5 }), descriptionIt: Echo, descriptionEn: Echo }, closed),
    ),
    suap: Type.Optional(Nullable(Type.Object({ suapId: Id, name: Echo, pec: Echo, type: Echo, url: Echo }, closed))),
    municipalityId: Type.Optional(Nullable(Id)),
    procedureNotification: Type.Optional(Nullable(NotificationContactSchema)),
    iniziative: Type.Optional(
      Nullable(
        Type.Object(
          {
            iniziativeId: Id,
            code: Echo,
            descriptionIt: Echo,
            descriptionEn: Echo,
            activityIt: Echo,
            activityEn: Echo,
            areaIt: Echo,
            areaEn: Echo,
            typeIniziativeId: Echo,
          },
          closed,
        ),
      ),
    ),
    partitaIva: Type.Optional(Nullable(Type.String({ pattern: Patterns.vatNumber.source }))),
    personalData: Type.Optional(Nullable(PersonalDataSchema)),
    // The request's own record, read back from the server: ignored on write.
    municipality: Echo,
    user: Echo,
    legalRepCheck: Echo,
    sentRequestDate: Echo,
    updatedOn: Echo,
    doneOn: Echo,
    decisionReason: Echo,
    storageLimit: Echo,
    history: Echo,
    selection: Echo,
    ssuState: Echo,
    pratica: Echo,
    assignee: Echo,
  },
  closed,
);
export type RequestWrite = Static<typeof RequestWriteSchema>;

/** PUT: the same body, with the version it started from required (optimistic concurrency). */
export const RequestUpdateSchema = Type.Object(
  {
    ...RequestWriteSchema.properties,
    version: Type.Integer({ minimum: 1, description: 'The version the change started from; a stale one answers 409 stale-version.' }),
  },
  closed,
);

export const RequestIdParamsSchema = Type.Object({ id: Id }, { additionalProperties: false });

/** Sort fields of the citizen's own list (spec §9: requests by requestId descending by default). */
export const REQUEST_SORT_FIELDS = ['requestId', 'sentRequestDate', 'updatedOn', 'stateOfRequest'] as const;
export type RequestSortField = (typeof REQUEST_SORT_FIELDS)[number];
export const RequestListDefaults = { sort: { field: 'requestId', type: 'desc' } as Sort<RequestSortField> };

/**
 * Spec §7: with userId and optional typeOfServiceId, and like every list page, size, filter and
 * sortField with sortType. Without `size` the whole list comes in one page (a citizen's own
 * requests are few, and the private area shows them all).
 */
// The filter is a request number (any length) or a text of at least the search bar's minimum,
// checked by the list itself.
export const RequestListQuerySchema = listQuerySchema(REQUEST_SORT_FIELDS, 1, {
  userId: Type.Optional(Id),
  typeOfServiceId: Type.Optional(Id),
});

/** Spec §5: the status of a list with nothing in it, and of a user id that is not the caller's. */
export const NO_REQUESTS_STATUS = { code: 200, message: 'No Requests', description: 'No Requests' } as const;

export const RequestListResponseSchema = Type.Object({ ...PagedStatusSchema.properties, requestList: Type.Array(RequestSchema) });
export type RequestListResponse = Static<typeof RequestListResponseSchema>;

/** Draft responses (spec §3): create and modify carry code and request; retrieve also message and description. */
export const RequestResponseSchema = Type.Object({ ...StatusSchema.properties, request: RequestSchema });
export type RequestResponse = Static<typeof RequestResponseSchema>;

/** The fields a draft needs before it may be sent (spec §4 re-check walk). */
export function missingForSubmission(
  request: Pick<SuapRequest, 'procedureNotification' | 'iniziative' | 'suap' | 'personalData'> & { municipalityId?: number | null | undefined },
): string[] {
  const missing: string[] = [];
  if (!request.procedureNotification) missing.push('procedureNotification');
  if (!request.iniziative) missing.push('iniziative');
  if (!request.suap) missing.push('suap');
  // Where the business will be: the municipality of the activity and the business's address in it.
  if (!request.municipalityId) missing.push('municipalityId');
  const p = request.personalData;
  if (!p?.firstName || !p.lastName || !p.fiscalCode) missing.push('personalData');
  if (!hasActivityAddress(p?.activityAddress)) missing.push('personalData.activityAddress');
  return missing;
}
