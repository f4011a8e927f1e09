// The lifecycle of a pratica (a SUAP instance) from draft to conclusion, as one pure statechart: the
// server runs it to decide every change of state (decide() in ./pratica/decide.ts) and the screens
// read it to offer actions (allowedEvents). No I/O and no clock: each event carries who fires it
// and when (`at`, from the caller's clock), and the terms are calendar days in Europe/Rome
// (src/shared/calendar.ts). States, regimes and times: docs/architecture.md "The pratica's
// lifecycle" and src/shared/pratica.ts. Every transition is guarded first by who may fire its event
// (FIRED_BY in ./pratica/rules.ts), so the picture says who acts on each arrow; events named
// CLOCK_… are fired by the server's scheduler only. The conferenza di servizi (`cdss_convened`,
// AUTORIZZAZIONE) will be a state of `proceeding` when it comes; there is none yet.
import { and, assign, setup } from 'xstate';
import { addDays } from '#shared/dates.ts';
import { daysBetween, daysLeft, dueDay, isElapsed, resumeTerm, termEnd } from '#shared/calendar.ts';
import { PraticaState, type PraticaStateId } from '#shared/pratica.ts';
import type { MachineInfo } from './support/machine-info.ts';
import {
  CONDITION_GUARDS,
  CONDITIONS,
  dayOf,
  ROLE_GUARDS,
  ROLE_SENTENCES,
  type PraticaContext,
  type PraticaEvent,
  type PraticaInput,
} from './pratica/rules.ts';

export type { PraticaContext, PraticaEvent, PraticaInput } from './pratica/rules.ts';

/** A concluded pratica waits for nothing: a stopped term ends with it, its days stood still counted. */
function endPause(context: PraticaContext, day: string): Partial<PraticaContext> {
  if (context.suspendedSince === null) return {};
  return { pausedDays: context.pausedDays + Math.max(0, daysBetween(context.suspendedSince, day)), suspendedSince: null, daysLeftWhenSuspended: null };
}

export const praticaMachine = setup({
  types: {
    context: {} as PraticaContext,
    events: {} as PraticaEvent,
    input: {} as PraticaInput,
  },
  guards: { ...ROLE_GUARDS, ...CONDITION_GUARDS },
  actions: {
    receive: assign(({ context, event }) => {
      const receivedOn = dayOf(event);
      if (context.times.whenTermElapses === 'no-proceeding') return { receivedOn };
      const termEndsOn = termEnd(receivedOn, context.times.proceedingDays);
      return { receivedOn, termEndsOn, dueOn: dueDay(termEndsOn) };
    }),
    conclude: assign(({ context, event }) => ({ ...endPause(context, dayOf(event)), concludedOn: dayOf(event) })),
    // Time concludes a pratica when its due day ends, whenever the clock notices: the day after.
    concludeByTime: assign(({ context, event }) => {
      const due = event.type === 'CLOCK_INTEGRATION_OVERDUE' ? context.integrationDueOn : context.dueOn;
      const concludedOn = due === null ? dayOf(event) : addDays(due, 1);
      return { ...endPause(context, concludedOn), concludedOn };
    }),
    takeInCharge: assign(({ event }) => ({ assigneeId: event.actor.userId })),
    assignColleague: assign(({ context, event }) => ({ assigneeId: event.type === 'ASSIGN' ? event.assignee.userId : context.assigneeId })),
    stopTerm: assign(({ context, event }) => ({
      suspendedSince: dayOf(event),
      daysLeftWhenSuspended: context.termEndsOn === null ? null : daysLeft(context.termEndsOn, dayOf(event)),
    })),
    setIntegrationDue: assign(({ context, event }) => ({
      integrationDueOn: dueDay(termEnd(dayOf(event), context.times.integrationAnswerDays)),
      integrationsAsked: context.integrationsAsked + 1,
    })),
    restartTerm: assign(({ context, event }) => {
      const today = dayOf(event);
      const paused = context.suspendedSince === null ? 0 : Math.max(0, daysBetween(context.suspendedSince, today));
      const resumed =
        context.daysLeftWhenSuspended === null ? { termEndsOn: context.termEndsOn, dueOn: context.dueOn } : resumeTerm(context.daysLeftWhenSuspended, today);
      return {
        ...resumed,
        pausedDays: context.pausedDays + paused,
        suspendedSince: null,
        daysLeftWhenSuspended: null,
        // A pratica flagged late is late no more when the pause moved its due day past today.
        overdue: context.overdue && resumed.dueOn !== null && isElapsed(resumed.dueOn, today),
      };
    }),
    flagOverdue: assign({ overdue: true }),
    recordProposal: assign(({ context, event }) => ({
      proposal: event.type === 'PROPOSE_OUTCOME' ? { outcome: event.outcome, by: event.actor.userId } : context.proposal,
    })),
  },
}).createMachine({
  id: 'pratica',
  description: 'A pratica from draft to conclusion: who may act, when, and what time alone decides.',
  initial: 'draft',
  context: ({ input }) => ({
    ...input,
    assigneeId: null,
    receivedOn: null,
    termEndsOn: null,
    dueOn: null,
    suspendedSince: null,
    daysLeftWhenSuspended: null,
    pausedDays: 0,
    integrationDueOn: null,
    integrationsAsked: 0,
    overdue: false,
    proposal: null,
    concludedOn: null,
  }),
  states: {
    draft: {
      description: '1 · started — the applicant fills the request in; nothing is presented yet.',
      on: {
        SEND: [
          { guard: and(['isApplicant', 'isComunicazione']), target: 'accepted', actions: ['receive', 'conclude'] },
          { guard: 'isApplicant', target: 'proceeding', actions: 'receive' },
        ],
        DELETE: { guard: 'isApplicant', target: 'deleted' },
        CLOCK_DRAFT_EXPIRED: { guard: 'isClock', target: 'deleted' },
      },
    },
    deleted: {
      description: '2 · a deleted draft (by the applicant, or by the retention sweep past its storage limit); never presented.',
      type: 'final',
    },
    proceeding: {
      description: 'Presented and not concluded: the office works it. The applicant may withdraw it at any point.',
      initial: 'clockRunning',
      on: {
        WITHDRAW: { guard: 'isApplicant', target: 'withdrawn', actions: 'conclude' },
        TAKE_IN_CHARGE: { guard: and(['isClerkOfOffice', 'isUnassigned']), actions: 'takeInCharge' },
        ASSIGN: { guard: and(['isAdmin', 'isColleagueOfOffice']), actions: 'assignColleague' },
      },
      states: {
        clockRunning: {
          description: "The proceeding's term runs (calendar days from receipt, Europe/Rome); the office may conclude.",
          initial: 'presented',
          on: {
            PROPOSE_OUTCOME: { guard: 'isAssigneeOrAdmin', actions: 'recordProposal' },
            REFUSE: { guard: and(['isAdmin', 'isTermOpen']), target: '#pratica.refused', actions: 'conclude' },
            CONCLUDE_POSITIVE: { guard: and(['isAdmin', 'isTermOpen']), target: '#pratica.accepted', actions: 'conclude' },
            CONCLUDE_NEGATIVE: { guard: and(['isAdmin', 'isTermOpen']), target: '#pratica.rejected', actions: 'conclude' },
            ORDER_SUSPENSION: { guard: and(['isAdmin', 'isScia', 'isTermOpen']), target: '#pratica.suspended', actions: 'conclude' },
            ORDER_CONFORMATION: { guard: and(['isAdmin', 'isScia', 'isTermOpen']), target: '#pratica.conformationOrdered', actions: 'conclude' },
            CLOCK_TERM_ELAPSED: [
              { guard: and(['isClock', 'concludesWhenTermElapses', 'isTermElapsed']), target: '#pratica.timeExpired', actions: 'concludeByTime' },
              { guard: and(['isClock', 'isTermElapsed', 'isNotFlaggedOverdue']), actions: 'flagOverdue' },
            ],
          },
          states: {
            presented: {
              description: '3 · presented — received (the receipt day is day 0); the formal check.',
              on: {
                REQUEST_CORRECTION: {
                  guard: and(['isAssigneeOrAdmin', 'isTermOpen']),
                  target: '#pratica.proceeding.clockStopped.correctionRequested',
                  actions: 'stopTerm',
                },
                REQUEST_INTEGRATION: {
                  guard: and(['isAssigneeOrAdmin', 'isIntegrationWindowOpen', 'isFirstIntegration']),
                  target: '#pratica.proceeding.clockStopped.integrationRequested',
                  actions: ['stopTerm', 'setIntegrationDue'],
                },
              },
            },
            corrected: {
              description: '7 · corrected — the applicant answered the correction request; the term runs again with the days it had left.',
              on: {
                REQUEST_CORRECTION: {
                  guard: and(['isAssigneeOrAdmin', 'isTermOpen']),
                  target: '#pratica.proceeding.clockStopped.correctionRequested',
                  actions: 'stopTerm',
                },
                REQUEST_INTEGRATION: {
                  guard: and(['isAssigneeOrAdmin', 'isIntegrationWindowOpen', 'isFirstIntegration']),
                  target: '#pratica.proceeding.clockStopped.integrationRequested',
                  actions: ['stopTerm', 'setIntegrationDue'],
                },
              },
            },
            integrated: {
              description: '10 · integrated — the applicant answered the integration request; the term runs again with the days it had left.',
            },
          },
        },
        clockStopped: {
          description: 'A correction or integration request waits for the applicant: the term stands still (L. 241/1990 art. 2 c. 7).',
          initial: 'correctionRequested',
          states: {
            correctionRequested: {
              description: '6 · correction_requested — the formal check found something to correct.',
              on: {
                ANSWER: { guard: 'isApplicant', target: '#pratica.proceeding.clockRunning.corrected', actions: 'restartTerm' },
                RECORD_ANSWER: { guard: 'isAssigneeOrAdmin', target: '#pratica.proceeding.clockRunning.corrected', actions: 'restartTerm' },
                REFUSE: { guard: 'isAdmin', target: '#pratica.refused', actions: 'conclude' },
              },
            },
            integrationRequested: {
              description: '9 · integration_requested — documents or information asked once; the answer has its own due day.',
              on: {
                ANSWER: {
                  guard: and(['isApplicant', 'isIntegrationAnswerOnTime']),
                  target: '#pratica.proceeding.clockRunning.integrated',
                  actions: 'restartTerm',
                },
                RECORD_ANSWER: {
                  guard: and(['isAssigneeOrAdmin', 'isIntegrationAnswerOnTime']),
                  target: '#pratica.proceeding.clockRunning.integrated',
                  actions: 'restartTerm',
                },
                CLOCK_INTEGRATION_OVERDUE: {
                  guard: and(['isClock', 'isIntegrationAnswerOverdue']),
                  target: '#pratica.integrationExpired',
                  actions: 'concludeByTime',
                },
              },
            },
          },
        },
      },
    },
    accepted: { description: '4 · ended_by_positive_outcome — concluded positively (a COMUNICAZIONE on receipt).', type: 'final' },
    rejected: { description: '5 · ended_by_negative_outcome — concluded negatively.', type: 'final' },
    refused: { description: '8 · refused — inadmissible.', type: 'final' },
    integrationExpired: { description: '11 · ended_by_integration_times_expired — the integration answer did not come in time.', type: 'final' },
    suspended: { description: '12 · ended_by_suspension_requested — the SCIA activity is forbidden to go on.', type: 'final' },
    conformationOrdered: { description: '13 · ended_by_conformation_requested — the SCIA activity must conform.', type: 'final' },
    timeExpired: {
      description: '14 · ended_by_proceeding_time_expired — the term elapsed with no act: the SCIA stands, silence is consent.',
      type: 'final',
    },
    withdrawn: { description: '15 · ended_by_submitter_cancel_requested — the applicant withdrew it.', type: 'final' },
  },
});

/** The state id (src/shared/pratica.ts) of each state the pratica can rest in, by its path. */
export const STATE_PATHS: Readonly<Record<PraticaStateId, string>> = {
  [PraticaState.DRAFT]: 'draft',
  [PraticaState.DELETED]: 'deleted',
  [PraticaState.PRESENTED]: 'proceeding.clockRunning.presented',
  [PraticaState.ACCEPTED]: 'accepted',
  [PraticaState.REJECTED]: 'rejected',
  [PraticaState.CORRECTION_REQUESTED]: 'proceeding.clockStopped.correctionRequested',
  [PraticaState.CORRECTED]: 'proceeding.clockRunning.corrected',
  [PraticaState.REFUSED]: 'refused',
  [PraticaState.INTEGRATION_REQUESTED]: 'proceeding.clockStopped.integrationRequested',
  [PraticaState.INTEGRATED]: 'proceeding.clockRunning.integrated',
  [PraticaState.INTEGRATION_EXPIRED]: 'integrationExpired',
  [PraticaState.SUSPENDED]: 'suspended',
  [PraticaState.CONFORMATION_ORDERED]: 'conformationOrdered',
  [PraticaState.TIME_EXPIRED]: 'timeExpired',
  [PraticaState.WITHDRAWN]: 'withdrawn',
};

export const praticaMachineInfo: MachineInfo<typeof praticaMachine> = {
  id: 'pratica',
  machine: praticaMachine,
  title: "The pratica's lifecycle (server and desk)",
  purpose:
    'Decides every change of state of a pratica once it is sent, for the server (decide) and for the screens ' +
    '(which actions to offer). Each arrow is guarded first by who may fire it: the applicant sends, answers ' +
    'and withdraws; a clerk of the office takes it in charge; the clerk in charge or an administrator asks for ' +
    'corrections or integrations, records answers received by other means and proposes the outcome; only an ' +
    'administrator concludes it; events named CLOCK_… come from the server’s clock alone. After `presented` ' +
    'come: correction or integration requests (the term stands still until the answer), conclusions (positive, ' +
    'negative, inadmissible; for a SCIA suspension or conformation), withdrawal, and what time decides — an ' +
    'integration answer overdue (11), and the term elapsed: a SCIA stands and silence is consent (14), while ' +
    'an AUTORIZZAZIONE is only flagged overdue. A COMUNICAZIONE is accepted on receipt. Terms count calendar ' +
    'days in Europe/Rome from the receipt (day 0), moved past Sundays and national holidays.',
  guards: {
    ...ROLE_SENTENCES,
    ...Object.fromEntries(Object.entries(CONDITIONS).map(([name, { holds }]) => [name, holds])),
  },
  actions: {
    receive: 'Records the receipt day (day 0) and, from the regime’s days, the day the term ends and is due.',
    conclude: 'Records the day the pratica was concluded: the day of the act; a stopped term ends with it.',
    concludeByTime: 'Records the day the pratica was concluded by time: the day after the due day that passed; a stopped term ends with it.',
    takeInCharge: 'Makes the clerk acting the one in charge of the pratica; its state does not change.',
    assignColleague: 'Puts the colleague chosen by the administrator in charge of the pratica; its state does not change.',
    stopTerm: 'Stops the term: remembers the day and how many days it still had.',
    setIntegrationDue: 'Sets the integration answer’s due day (the initiative’s days, 15 by default) and counts the request.',
    restartTerm: 'Restarts the term from the answer’s day with the days it had left; the days stood still are added up.',
    flagOverdue: 'Flags the pratica overdue: its term elapsed and silence decides nothing; it stays open.',
    recordProposal: 'Keeps the outcome proposed and who proposed it.',
  },
};
