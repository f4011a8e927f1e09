// Test model of the pratica's lifecycle (machines/pratica.ts): one traversal per regime, from the
// draft to every end. Each event is tried by the person (or clock) who may fire it and, where it
// teaches something, by someone who may not or on a day that does not allow it. Days are derived
// from the pratica's own dates, so every path replays to the same contexts; the projection is the
// whole context, kept finite by asking for a correction only once (integrations are once anyway).
import type { SnapshotFrom } from 'xstate';
import { praticaMachine } from '#machines/pratica.ts';
import type { PraticaContext, PraticaInput } from '#machines/pratica/rules.ts';
import { addDays } from '#shared/dates.ts';
import { CLOCK, PraticaRole, REGIME_DEFAULTS, type PraticaActor, type Regime } from '#shared/pratica.ts';
import type { ModelSpec } from '../support/model.ts';

type Snapshot = SnapshotFrom<typeof praticaMachine>;

export const OFFICE = 7;
export const OTHER_OFFICE = 8;
export const people = {
  applicant: { role: PraticaRole.APPLICANT, userId: 10 },
  otherApplicant: { role: PraticaRole.APPLICANT, userId: 11 },
  collaborator: { role: PraticaRole.BO_COLLAB, userId: 30 },
  clerk: { role: PraticaRole.CLERK, userId: 40, officeIds: [OFFICE] },
  colleague: { role: PraticaRole.CLERK, userId: 42, officeIds: [OFFICE] },
  otherOfficeClerk: { role: PraticaRole.CLERK, userId: 41, officeIds: [OTHER_OFFICE] },
  admin: { role: PraticaRole.BO_ADMIN, userId: 20 },
  clock: { role: CLOCK, userId: null },
} satisfies Record<string, PraticaActor>;

/** The receipt's day in the model: Monday 1 March 2027, 09:00 in Rome. */
export const RECEIPT = '2027-03-01';

export function praticaInput(regime: Regime): PraticaInput {
  return { regime, times: REGIME_DEFAULTS[regime], applicantId: people.applicant.userId, officeId: OFFICE };
}

/** 09:00 in Rome on `day` (CET in March; the offset does not change the day). */
export const at = (day: string) => `${day}T09:00:00+01:00`;

/** The model's "today": the day the term stopped, or five days into the running term. */
function today(context: PraticaContext): string {
  return context.suspendedSince ?? addDays(context.receivedOn ?? RECEIPT, 5 + context.pausedDays);
}
/** Just presented: where taking in charge, assigning and proposing are tried. */
const arriving = (snapshot: Snapshot) => snapshot.matches({ proceeding: { clockRunning: 'presented' } });
const sciaOrArriving = (snapshot: Snapshot) => snapshot.context.regime === 'SCIA' || arriving(snapshot);
const dayAfter = (day: string | null) => addDays(day ?? RECEIPT, 1);

export const praticaModel: ModelSpec<typeof praticaMachine> = {
  machine: praticaMachine,
  inputs: (['SCIA', 'SILENZIO-ASSENSO', 'AUTORIZZAZIONE', 'COMUNICAZIONE'] as const).map((regime) => ({ name: regime, input: praticaInput(regime) })),
  payloads: {
    SEND: [
      { actor: people.applicant, at: at(RECEIPT) },
      { actor: people.clerk, at: at(RECEIPT) },
    ],
    DELETE: [{ actor: people.applicant, at: at(RECEIPT) }],
    CLOCK_DRAFT_EXPIRED: [{ actor: people.clock, at: at(RECEIPT) }],
    // Another applicant's withdrawal (403) is in the role table of pratica.test.ts.
    WITHDRAW: ({ context }: Snapshot) => [{ actor: people.applicant, at: at(today(context)) }],
    // Who is in charge and what they propose never move the state: tried where the pratica arrives.
    TAKE_IN_CHARGE: (snapshot: Snapshot) => (arriving(snapshot) ? [{ actor: people.clerk, at: at(today(snapshot.context)) }] : []),
    ASSIGN: (snapshot: Snapshot) =>
      arriving(snapshot)
        ? [
            { actor: people.admin, at: at(today(snapshot.context)), assignee: people.colleague },
            { actor: people.admin, at: at(today(snapshot.context)), assignee: people.otherOfficeClerk },
          ]
        : [],
    // Two correction rounds at most (the days stood still grow with each): enough to reach
    // `corrected` and to ask again from it, and the model stays finite.
    REQUEST_CORRECTION: (snapshot: Snapshot) => (snapshot.context.pausedDays < 5 ? [{ actor: people.admin, at: at(today(snapshot.context)) }] : []),
    REQUEST_INTEGRATION: ({ context }: Snapshot) => [
      { actor: people.admin, at: at(today(context)) },
      { actor: people.admin, at: at(addDays(context.receivedOn ?? RECEIPT, context.times.integrationRequestDays + context.pausedDays + 5)) },
    ],
    ANSWER: ({ context }: Snapshot) => [
      { actor: people.applicant, at: at(addDays(context.suspendedSince ?? RECEIPT, 4)) },
      ...(context.integrationDueOn ? [{ actor: people.applicant, at: at(dayAfter(context.integrationDueOn)) }] : []),
    ],
    RECORD_ANSWER: ({ context }: Snapshot) => [{ actor: people.admin, at: at(addDays(context.suspendedSince ?? RECEIPT, 6)) }],
    PROPOSE_OUTCOME: (snapshot: Snapshot) =>
      arriving(snapshot)
        ? [
            { actor: people.admin, at: at(today(snapshot.context)), outcome: 'positive' },
            { actor: people.collaborator, at: at(today(snapshot.context)), outcome: 'negative' },
          ]
        : [],
    REFUSE: ({ context }: Snapshot) => [{ actor: people.admin, at: at(today(context)) }],
    CONCLUDE_POSITIVE: ({ context }: Snapshot) => [
      { actor: people.admin, at: at(today(context)) },
      { actor: people.admin, at: at(dayAfter(context.dueOn)) },
    ],
    CONCLUDE_NEGATIVE: ({ context }: Snapshot) => [{ actor: people.admin, at: at(today(context)) }],
    // Only a SCIA is suspended or ordered to conform: other regimes try it once, on arrival (409).
    ORDER_SUSPENSION: (snapshot: Snapshot) => (sciaOrArriving(snapshot) ? [{ actor: people.admin, at: at(today(snapshot.context)) }] : []),
    ORDER_CONFORMATION: (snapshot: Snapshot) => (sciaOrArriving(snapshot) ? [{ actor: people.admin, at: at(today(snapshot.context)) }] : []),
    CLOCK_INTEGRATION_OVERDUE: ({ context }: Snapshot) => [
      { actor: people.clock, at: at(context.integrationDueOn ?? RECEIPT) },
      { actor: people.clock, at: at(dayAfter(context.integrationDueOn)) },
    ],
    CLOCK_TERM_ELAPSED: ({ context }: Snapshot) => [
      { actor: people.clock, at: at(context.dueOn ?? RECEIPT) },
      { actor: people.clock, at: at(dayAfter(context.dueOn)) },
    ],
  },
  // The context but who is in charge and the proposal: every date decides a later guard, so two
  // states with different dates differ; the model's state-moving events are fired by the
  // administrator, whom neither field concerns (the role table in pratica.test.ts covers the clerk).
  project: ({ context }) => ({ ...context, assigneeId: undefined, proposal: undefined }),
};
