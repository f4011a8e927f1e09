// Contract of the pratica's lifecycle (docs/architecture.md "The pratica's lifecycle"): the events
// staff and applicants send, and the machine's context every answer carrying a sent request includes,
// so the screens ask the same machine (machines/pratica/decide.ts allowedEvents) which actions to offer.
import Type, { type Static } from 'typebox';
import { Patterns } from '../patterns.ts';
import { APPLICANT_EVENT_TYPES, EVENT_NOTE, OUTCOMES, REGIMES, STAFF_EVENT_TYPES } from '../pratica.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
// Unsafe<T> gives the union its static type: a mapped array is no tuple, and typebox types it never.
const OneOf = <T extends string>(values: readonly T[], options?: { description?: string }) =>
  Type.Unsafe<T>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      options,
    ),
  );
const Day = (description: string) => Nullable(Type.String({ format: 'date', description: `${description} A day: YYYY-MM-DD (Europe/Rome).` }));

const Note = Type.String({
  minLength: EVENT_NOTE.minLength,
  maxLength: EVENT_NOTE.maxLength,
  pattern: Patterns.multiLineText.source,
  description: 'What is asked of the applicant, or the reason of the act; required for requests and conclusions (src/shared/pratica.ts EVENTS_NEEDING_NOTE).',
});
const Version = Type.Integer({ minimum: 1, description: 'The version of the request the caller saw: a stale one answers 409 stale-version.' });

/** Staff move a pratica (POST boRequestEvent). */
export const StaffEventRequestSchema = Type.Object(
  {
    type: OneOf(STAFF_EVENT_TYPES, { description: "The machine's event (machines/pratica.ts)." }),
    version: Version,
    note: Type.Optional(Note),
    assigneeId: Type.Optional({ ...Id, description: 'ASSIGN only: the colleague (a clerk of the office) put in charge.' }),
    outcome: Type.Optional(OneOf(OUTCOMES, { description: 'PROPOSE_OUTCOME only: the outcome proposed to the administrator.' })),
  },
  { additionalProperties: false },
);
export type StaffEventRequest = Static<typeof StaffEventRequestSchema>;

/** The applicant moves their sent pratica (POST requestEvent). */
export const ApplicantEventRequestSchema = Type.Object(
  { type: OneOf(APPLICANT_EVENT_TYPES), version: Version, note: Type.Optional(Note) },
  { additionalProperties: false },
);
export type ApplicantEventRequest = Static<typeof ApplicantEventRequestSchema>;

/** The machine's context of a sent pratica (machines/pratica/rules.ts PraticaContext), read only. */
export const PraticaContextSchema = Type.Object(
  {
    regime: OneOf(REGIMES),
    times: Type.Object({
      proceedingDays: Type.Integer(),
      integrationRequestDays: Type.Integer(),
      integrationAnswerDays: Type.Integer(),
      whenTermElapses: OneOf(['concludes', 'flags-overdue', 'no-proceeding'] as const),
    }),
    applicantId: Type.Integer(),
    officeId: Type.Integer(),
    assigneeId: Nullable(Type.Integer()),
    receivedOn: Day('The receipt day, day 0 of every term.'),
    termEndsOn: Day("The proceeding term's last day, before any move past a holiday."),
    dueOn: Day("The day the proceeding's term is due."),
    suspendedSince: Day('The day a correction or integration request stopped the term; null while it runs.'),
    daysLeftWhenSuspended: Nullable(Type.Integer()),
    pausedDays: Type.Integer(),
    integrationDueOn: Day('The day the integration answer is due.'),
    integrationsAsked: Type.Integer(),
    overdue: Type.Boolean({ description: 'The term elapsed where silence decides nothing (AUTORIZZAZIONE): the pratica is late and stays open.' }),
    proposal: Nullable(Type.Object({ outcome: OneOf(OUTCOMES), by: Nullable(Type.Integer()) })),
    concludedOn: Day('The day the pratica was concluded.'),
  },
  { description: "The lifecycle machine's context (machines/pratica.ts): the screens run the same machine on it to offer the actions it allows." },
);

/** A colleague a pratica may be assigned to (GET boRequestColleagues). */
export const ColleagueSchema = Type.Object({
  userId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  profileId: Type.Integer(),
});
export type Colleague = Static<typeof ColleagueSchema>;
