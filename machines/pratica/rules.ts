// The pratica's context, events and the checks its transitions make (machines/pratica.ts), one
// definition each: the machine names these guards on its arrows, and decide() (./decide.ts) tells
// from the same functions whether a refusal is about who acts (403) or about the state or a term
// (409). Pure functions of the context and the event: the date is the event's `at`, never a clock.
import { dueDay, isElapsed, romeDayOf, termEnd } from '#shared/calendar.ts';
import { CLOCK, PraticaRole, type PraticaActor, type ProposedOutcome, type Regime, type RegimeTimes } from '#shared/pratica.ts';

export interface PraticaInput {
  regime: Regime;
  /** The initiative's times (regimeTimes in src/shared/pratica.ts); the regime's defaults when absent. */
  times: RegimeTimes;
  applicantId: number;
  /** The office (suap id) the pratica is addressed to. */
  officeId: number;
}

export interface PraticaContext extends PraticaInput {
  /** The clerk in charge ("istruttore"), or nobody yet. */
  assigneeId: number | null;
  /** The receipt's day (Europe/Rome), day 0 of every term. */
  receivedOn: string | null;
  /** The proceeding term's last day as the law counts it, pauses added, before any holiday move. */
  termEndsOn: string | null;
  /** The day the proceeding's term is due: termEndsOn, or the next working day when that is not one. */
  dueOn: string | null;
  /** The day an open correction or integration request stopped the term; null while it runs. */
  suspendedSince: string | null;
  /** The term's days still to go when it stopped; they resume when the answer arrives. */
  daysLeftWhenSuspended: number | null;
  /** Days the term has stood still so far (they also move the window for integration requests). */
  pausedDays: number;
  /** The day the integration answer is due; null when no integration was asked. */
  integrationDueOn: string | null;
  /** Integration requests made: at most one (L. 241/1990 art. 2 c. 7). */
  integrationsAsked: number;
  /** The term elapsed with no act where silence decides nothing (AUTORIZZAZIONE): the pratica is late. */
  overdue: boolean;
  /** The outcome the clerk proposes to the administrator, and who proposed it. */
  proposal: { outcome: ProposedOutcome; by: number | null } | null;
  /** The day the pratica was concluded (any end state). */
  concludedOn: string | null;
}

/** What every event carries: who fires it and when (an ISO 8601 instant from the caller's clock). */
export interface Stamp {
  actor: PraticaActor;
  at: string;
  /** The act's reason or message, kept in the history entry. */
  note?: string;
}

export type PraticaEvent =
  | ({ type: 'SEND' } & Stamp)
  | ({ type: 'DELETE' } & Stamp)
  | ({ type: 'CLOCK_DRAFT_EXPIRED' } & Stamp)
  | ({ type: 'WITHDRAW' } & Stamp)
  | ({ type: 'TAKE_IN_CHARGE' } & Stamp)
  | ({ type: 'ASSIGN'; assignee: PraticaActor } & Stamp)
  | ({ type: 'REQUEST_CORRECTION' } & Stamp)
  | ({ type: 'REQUEST_INTEGRATION' } & Stamp)
  | ({ type: 'ANSWER' } & Stamp)
  | ({ type: 'RECORD_ANSWER' } & Stamp)
  | ({ type: 'PROPOSE_OUTCOME'; outcome: ProposedOutcome } & Stamp)
  | ({ type: 'REFUSE' } & Stamp)
  | ({ type: 'CONCLUDE_POSITIVE' } & Stamp)
  | ({ type: 'CONCLUDE_NEGATIVE' } & Stamp)
  | ({ type: 'ORDER_SUSPENSION' } & Stamp)
  | ({ type: 'ORDER_CONFORMATION' } & Stamp)
  | ({ type: 'CLOCK_INTEGRATION_OVERDUE' } & Stamp)
  | ({ type: 'CLOCK_TERM_ELAPSED' } & Stamp);
export type PraticaEventType = PraticaEvent['type'];

type Check = (args: { context: PraticaContext; event: PraticaEvent }) => boolean;

/** The office's day of the event (Europe/Rome). */
export function dayOf(event: Pick<Stamp, 'at'>): string {
  return romeDayOf(event.at);
}

const isStaffOf = (actor: PraticaActor, officeId: number) => actor.role === PraticaRole.CLERK && (actor.officeIds ?? []).includes(officeId);

/** Who may fire an event: one check per event type (FIRED_BY), named as on the arrows. */
export const ROLE_GUARDS = {
  isApplicant: ({ context, event }) => event.actor.role === PraticaRole.APPLICANT && event.actor.userId === context.applicantId,
  isClerkOfOffice: ({ context, event }) => isStaffOf(event.actor, context.officeId),
  isAdmin: ({ event }) => event.actor.role === PraticaRole.BO_ADMIN,
  isAssigneeOrAdmin: ({ context, event }) =>
    event.actor.role === PraticaRole.BO_ADMIN ||
    (event.actor.role === PraticaRole.CLERK && event.actor.userId !== null && event.actor.userId === context.assigneeId),
  isClock: ({ event }) => event.actor.role === CLOCK,
} satisfies Record<string, Check>;
export type RoleGuard = keyof typeof ROLE_GUARDS;

/** The window for integration requests ends this day: receipt + its days + the days stood still. */
export function integrationWindowDueOn(context: PraticaContext): string | null {
  return context.receivedOn === null ? null : dueDay(termEnd(context.receivedOn, context.times.integrationRequestDays + context.pausedDays));
}

const notElapsed = (due: string | null, event: PraticaEvent) => due !== null && !isElapsed(due, dayOf(event));
const elapsed = (due: string | null, event: PraticaEvent) => due !== null && isElapsed(due, dayOf(event));

/** What else a transition needs: the regime, the state of the file, a term. */
export const CONDITION_GUARDS = {
  isComunicazione: ({ context }) => context.times.whenTermElapses === 'no-proceeding',
  isUnassigned: ({ context }) => context.assigneeId === null,
  isColleagueOfOffice: ({ context, event }) => event.type === 'ASSIGN' && isStaffOf(event.assignee, context.officeId),
  isTermOpen: ({ context, event }) => context.times.whenTermElapses === 'flags-overdue' || notElapsed(context.dueOn, event),
  isIntegrationWindowOpen: ({ context, event }) => notElapsed(integrationWindowDueOn(context), event),
  isFirstIntegration: ({ context }) => context.integrationsAsked === 0,
  isIntegrationAnswerOnTime: ({ context, event }) => notElapsed(context.integrationDueOn, event),
  isIntegrationAnswerOverdue: ({ context, event }) => elapsed(context.integrationDueOn, event),
  concludesWhenTermElapses: ({ context }) => context.times.whenTermElapses === 'concludes',
  isTermElapsed: ({ context, event }) => elapsed(context.dueOn, event),
  isNotFlaggedOverdue: ({ context }) => !context.overdue,
  isScia: ({ context }) => context.regime === 'SCIA',
} satisfies Record<string, Check>;
export type ConditionGuard = keyof typeof CONDITION_GUARDS;

/** Who fires each event; the machine's every transition for it is guarded by this check first. */
export const FIRED_BY: Readonly<Record<PraticaEventType, RoleGuard>> = {
  SEND: 'isApplicant',
  DELETE: 'isApplicant',
  CLOCK_DRAFT_EXPIRED: 'isClock',
  WITHDRAW: 'isApplicant',
  TAKE_IN_CHARGE: 'isClerkOfOffice',
  ASSIGN: 'isAdmin',
  REQUEST_CORRECTION: 'isAssigneeOrAdmin',
  REQUEST_INTEGRATION: 'isAssigneeOrAdmin',
  ANSWER: 'isApplicant',
  RECORD_ANSWER: 'isAssigneeOrAdmin',
  PROPOSE_OUTCOME: 'isAssigneeOrAdmin',
  REFUSE: 'isAdmin',
  CONCLUDE_POSITIVE: 'isAdmin',
  CONCLUDE_NEGATIVE: 'isAdmin',
  ORDER_SUSPENSION: 'isAdmin',
  ORDER_CONFORMATION: 'isAdmin',
  CLOCK_INTEGRATION_OVERDUE: 'isClock',
  CLOCK_TERM_ELAPSED: 'isClock',
};
export const EVENT_TYPES = Object.keys(FIRED_BY) as PraticaEventType[];

/** The sentence of each role check, for the legend and for a 403's reason. */
export const ROLE_SENTENCES: Readonly<Record<RoleGuard, string>> = {
  isApplicant: 'The person acting is the applicant who owns the pratica.',
  isClerkOfOffice: 'The person acting is a clerk ("istruttore", profile 4) of the office the pratica is addressed to.',
  isAdmin: 'The person acting is a back-office administrator (profile 2).',
  isAssigneeOrAdmin: 'The person acting is the clerk in charge of the pratica, or an administrator.',
  isClock: "The event comes from the server's clock (a scheduled check), not from a person.",
};

/** Who that is, in a 403's reason: "only the applicant may SEND". */
export const ROLE_WHO: Readonly<Record<RoleGuard, string>> = {
  isApplicant: 'the applicant',
  isClerkOfOffice: "a clerk of the pratica's office",
  isAdmin: 'an administrator',
  isAssigneeOrAdmin: 'the clerk in charge or an administrator',
  isClock: "the server's clock",
};

/** The sentence of each condition, and the reason a 409 gives when it does not hold. */
export const CONDITIONS: Readonly<Record<ConditionGuard, { holds: string; refusal: string }>> = {
  isComunicazione: {
    holds: "The initiative's regime is COMUNICAZIONE: there is no proceeding, the pratica is concluded on receipt.",
    refusal: 'the regime has a proceeding',
  },
  isUnassigned: { holds: 'Nobody is in charge of the pratica yet.', refusal: 'someone is already in charge of the pratica' },
  isColleagueOfOffice: {
    holds: 'The colleague it is assigned to is a clerk of the office the pratica is addressed to.',
    refusal: "the colleague is not a clerk of the pratica's office",
  },
  isTermOpen: {
    holds: "The proceeding's term has not elapsed (for an AUTORIZZAZIONE, whose silence decides nothing, it never closes).",
    refusal: "the proceeding's term has elapsed: silence has decided",
  },
  isIntegrationWindowOpen: {
    holds: 'Integrations may still be asked: the regime’s window from receipt (plus the days stood still) has not elapsed.',
    refusal: 'the window for integration requests has elapsed',
  },
  isFirstIntegration: {
    holds: 'No integration was asked before (the term stops for integrations once: L. 241/1990 art. 2 c. 7).',
    refusal: 'integrations were already asked once',
  },
  isIntegrationAnswerOnTime: { holds: 'The integration answer arrives by its due day.', refusal: 'the integration answer is overdue' },
  isIntegrationAnswerOverdue: { holds: 'The integration answer’s due day has passed with no answer.', refusal: 'the integration answer is not yet overdue' },
  concludesWhenTermElapses: {
    holds: 'In this regime an elapsed term concludes the pratica (SCIA: it stands; SILENZIO-ASSENSO: silence is consent).',
    refusal: 'in this regime an elapsed term does not conclude the pratica',
  },
  isTermElapsed: { holds: "The proceeding's due day has passed.", refusal: "the proceeding's term has not elapsed" },
  isNotFlaggedOverdue: { holds: 'The pratica is not flagged overdue yet.', refusal: 'the pratica is already flagged overdue' },
  isScia: {
    holds: 'The regime is SCIA: the administration may forbid the activity or order it to conform (L. 241/1990 art. 19 c. 3).',
    refusal: 'only a SCIA can be suspended or ordered to conform',
  },
};
