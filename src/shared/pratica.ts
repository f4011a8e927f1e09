// The pratica (a SUAP instance) after it is sent: its states with their national names, who may act
// on it and the regimes that set its times (docs/architecture.md "The pratica's lifecycle"). The
// machine that runs it is machines/pratica.ts; this file holds only the values server, screens and
// machine share. Ids 1 to 5 keep the meaning of RequestState (src/shared/constants.ts).

/** Every state of a pratica, with the id stored in `requests.state_id`. */
export const PraticaState = {
  DRAFT: 1,
  DELETED: 2,
  PRESENTED: 3,
  ACCEPTED: 4,
  REJECTED: 5,
  CORRECTION_REQUESTED: 6,
  CORRECTED: 7,
  REFUSED: 8,
  INTEGRATION_REQUESTED: 9,
  INTEGRATED: 10,
  INTEGRATION_EXPIRED: 11,
  SUSPENDED: 12,
  CONFORMATION_ORDERED: 13,
  TIME_EXPIRED: 14,
  WITHDRAWN: 15,
} as const;
export type PraticaStateId = (typeof PraticaState)[keyof typeof PraticaState];

/**
 * The state's name in the national Catalogo SSU (`instance_status`, decree of 26 September 2023,
 * AgID "specifiche tecniche DPR 160/2010"); a draft and a deleted draft were never presented, so the
 * catalogue knows them only as `started` (draft) or not at all (deleted). `cdss_convened`
 * (conferenza di servizi) has no state here yet: it comes with the AUTORIZZAZIONE's conference.
 */
export const SSU_STATES = [
  'started',
  'presented',
  'ended_by_positive_outcome',
  'ended_by_negative_outcome',
  'correction_requested',
  'corrected',
  'refused',
  'integration_requested',
  'integrated',
  'ended_by_integration_times_expired',
  'ended_by_suspension_requested',
  'ended_by_conformation_requested',
  'ended_by_proceeding_time_expired',
  'ended_by_submitter_cancel_requested',
] as const;
export type SsuState = (typeof SSU_STATES)[number];

export const SSU_STATE: Readonly<Record<PraticaStateId, SsuState | null>> = {
  1: 'started',
  2: null,
  3: 'presented',
  4: 'ended_by_positive_outcome',
  5: 'ended_by_negative_outcome',
  6: 'correction_requested',
  7: 'corrected',
  8: 'refused',
  9: 'integration_requested',
  10: 'integrated',
  11: 'ended_by_integration_times_expired',
  12: 'ended_by_suspension_requested',
  13: 'ended_by_conformation_requested',
  14: 'ended_by_proceeding_time_expired',
  15: 'ended_by_submitter_cancel_requested',
};

/** The states a pratica ends in: nothing moves it any more. */
export const CONCLUDED_STATES: readonly PraticaStateId[] = [2, 4, 5, 8, 11, 12, 13, 14, 15];

/**
 * Who acts on a pratica. 1 to 3 are Role's profiles (src/shared/constants.ts); the clerk
 * ("istruttore", 4) is the new profile that works the pratiche of the offices they belong to.
 */
export const PraticaRole = {
  APPLICANT: 1,
  BO_ADMIN: 2,
  BO_COLLAB: 3,
  CLERK: 4,
} as const;
export type PraticaRoleId = (typeof PraticaRole)[keyof typeof PraticaRole];
/** The clerk's profile id ("istruttore"). */
export const CLERK = PraticaRole.CLERK;
/** The server's scheduler, which fires the events that time alone decides. */
export const CLOCK = 'clock' as const;

/** Who fires an event: a person (their profile, user id and offices) or the clock. */
export interface PraticaActor {
  role: PraticaRoleId | typeof CLOCK;
  userId: number | null;
  /** The offices (suap ids) a staff member works for; empty for applicants and the clock. */
  officeIds?: readonly number[];
}

// Regimes ------------------------------------------------------------------------------------------

/** The administrative regime of an initiative (`instance-descriptor-schema.yaml`). */
export const REGIMES = ['SCIA', 'SILENZIO-ASSENSO', 'AUTORIZZAZIONE', 'COMUNICAZIONE'] as const;
export type Regime = (typeof REGIMES)[number];

/** What happens when the proceeding's term elapses with no act. */
export type WhenTermElapses =
  /** The pratica is concluded by elapsed time (14): the SCIA stands, silence is consent. */
  | 'concludes'
  /** The pratica stays open and is flagged overdue: silence is not consent. */
  | 'flags-overdue'
  /** There is no proceeding: the pratica is concluded on receipt. */
  | 'no-proceeding';

export interface RegimeTimes {
  /** Days from receipt (day 0) to the proceeding's term, pauses excluded. */
  proceedingDays: number;
  /** Days from receipt within which integrations may be asked (pauses excluded). */
  integrationRequestDays: number;
  /** Days the applicant has to answer an integration request. */
  integrationAnswerDays: number;
  whenTermElapses: WhenTermElapses;
}

/**
 * The law's default times per regime; an initiative may set its own (within the limits below).
 * - SCIA: L. 241/1990 art. 19 c. 3 — the activity starts on the receipt's day; the administration
 *   has 60 days to forbid it or order conformation; after that the SCIA stands.
 * - SILENZIO-ASSENSO: L. 241/1990 art. 20 c. 1 with art. 2 c. 2 — 30 days; silence is consent.
 * - AUTORIZZAZIONE: DPR 160/2010 art. 7 c. 1 (integrations within 30 days) and L. 241/1990 art. 2
 *   c. 2 (decision within 30 days when no other term is set); silence is not consent: past due the
 *   pratica is flagged overdue (art. 2 c. 9 makes the delay the official's responsibility).
 * - COMUNICAZIONE: D.Lgs. 222/2016 table A — no proceeding: the activity starts on receipt.
 * Integration answers: 15 days by default; L. 241/1990 art. 2 c. 7 pauses a term for integrations
 * once, for at most 30 days.
 */
export const REGIME_DEFAULTS: Readonly<Record<Regime, RegimeTimes>> = {
  SCIA: { proceedingDays: 60, integrationRequestDays: 60, integrationAnswerDays: 15, whenTermElapses: 'concludes' },
  'SILENZIO-ASSENSO': { proceedingDays: 30, integrationRequestDays: 30, integrationAnswerDays: 15, whenTermElapses: 'concludes' },
  AUTORIZZAZIONE: { proceedingDays: 30, integrationRequestDays: 30, integrationAnswerDays: 15, whenTermElapses: 'flags-overdue' },
  COMUNICAZIONE: { proceedingDays: 0, integrationRequestDays: 0, integrationAnswerDays: 0, whenTermElapses: 'no-proceeding' },
};

/** At most 30 days to answer an integration request (L. 241/1990 art. 2 c. 7). */
export const MAX_INTEGRATION_ANSWER_DAYS = 30;

export type RegimeTimesProblem = 'integration-answer-days' | 'integration-request-days' | 'proceeding-days';

/**
 * An initiative's times: the regime's defaults with its own values over them, or the first value the
 * law does not allow (days are whole and positive; the answer window at most 30 days and at most the
 * proceeding's term; integrations asked within the term).
 */
export function regimeTimes(
  regime: Regime,
  own: Partial<Pick<RegimeTimes, 'proceedingDays' | 'integrationRequestDays' | 'integrationAnswerDays'>> = {},
): { ok: true; times: RegimeTimes } | { ok: false; problem: RegimeTimesProblem } {
  const defaults = REGIME_DEFAULTS[regime];
  if (defaults.whenTermElapses === 'no-proceeding') return { ok: true, times: defaults };
  const times = { ...defaults, ...own };
  const whole = (value: number) => Number.isInteger(value) && value > 0;
  if (!whole(times.proceedingDays)) return { ok: false, problem: 'proceeding-days' };
  if (!whole(times.integrationRequestDays) || times.integrationRequestDays > times.proceedingDays) return { ok: false, problem: 'integration-request-days' };
  if (!whole(times.integrationAnswerDays) || times.integrationAnswerDays > Math.min(MAX_INTEGRATION_ANSWER_DAYS, times.proceedingDays)) {
    return { ok: false, problem: 'integration-answer-days' };
  }
  return { ok: true, times };
}

/** The outcome a clerk proposes to the administrator. */
export const OUTCOMES = ['positive', 'negative'] as const;
export type ProposedOutcome = (typeof OUTCOMES)[number];

// What people send ---------------------------------------------------------------------------------

/** The events staff fire through the desk (POST boRequestEvent); the clock's and the applicant's are not among them. */
export const STAFF_EVENT_TYPES = [
  'TAKE_IN_CHARGE',
  'ASSIGN',
  'REQUEST_CORRECTION',
  'REQUEST_INTEGRATION',
  'RECORD_ANSWER',
  'PROPOSE_OUTCOME',
  'REFUSE',
  'CONCLUDE_POSITIVE',
  'CONCLUDE_NEGATIVE',
  'ORDER_SUSPENSION',
  'ORDER_CONFORMATION',
] as const;
export type StaffEventType = (typeof STAFF_EVENT_TYPES)[number];

/** The events an applicant fires on a sent pratica (POST requestEvent); sending and deleting a draft keep spec §7's calls. */
export const APPLICANT_EVENT_TYPES = ['WITHDRAW'] as const;
export type ApplicantEventType = (typeof APPLICANT_EVENT_TYPES)[number];

/**
 * The events whose note is required: what is asked of the applicant, or the act's reason (L. 241/1990
 * art. 3: every act states its reasons). The others take an optional note.
 */
export const EVENTS_NEEDING_NOTE: readonly (StaffEventType | ApplicantEventType)[] = [
  'REQUEST_CORRECTION',
  'REQUEST_INTEGRATION',
  'RECORD_ANSWER',
  'REFUSE',
  'CONCLUDE_POSITIVE',
  'CONCLUDE_NEGATIVE',
  'ORDER_SUSPENSION',
  'ORDER_CONFORMATION',
];

/** The note's length; its text is free text of several lines (Patterns.multiLineText, docs/architecture.md "The clerks' desk"). */
export const EVENT_NOTE = { minLength: 3, maxLength: 1000 } as const;

/** The state id of a pratica as its SSU name (null for a deleted draft); unknown ids are null. */
export function ssuStateOf(stateId: number): SsuState | null {
  return SSU_STATE[stateId as PraticaStateId] ?? null;
}
