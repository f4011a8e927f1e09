// Accepting or rejecting a sent request. The clerk picks the outcome and
// writes the reason (editing); a complete form asks for confirmation naming the outcome
// (confirming); only then is the decision sent (submitting). The server's answer ends in done
// (the decided request, announced as a status message), stale (the request changed meanwhile:
// reload it), fieldErrors (a refused value, shown on its field) or failed (no answer: try again).
// The form's schema is src/shared/validation/back-office-forms.ts (run here, on SUBMIT); the call is
// the `decide` actor the app provides.
import { assign, emit, setup } from 'xstate';
import type { DecisionRequest } from '#shared/api/back-office.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { notProvided } from '../support/not-provided.ts';
import type { MachineInfo } from '../support/machine-info.ts';
import { checkDecision, type DecisionField, type DecisionValues, type Outcome } from '#shared/validation/back-office-forms.ts';
import type { FieldErrors } from '#shared/validation/validate.ts';
import { type ApiFailure, isStale, refusalMessage } from '#shared/api/failure.ts';

export interface DecisionInput {
  requestId: number;
  /** The version the clerk is looking at: a decision on an older copy is refused (stale). */
  version: number;
}

export interface DecisionContext extends DecisionInput {
  values: DecisionValues;
  errors: FieldErrors<DecisionField>;
  /** The decided request (done). */
  decided: SuapRequest | null;
  failure: ApiFailure | null;
}

export type DecisionEvent =
  { type: 'SET_OUTCOME'; outcome: Outcome | '' } | { type: 'SET_REASON'; reason: string } | { type: 'SUBMIT' } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export type DecisionEmitted = { type: 'decided'; request: SuapRequest };

export interface DecideInput {
  requestId: number;
  decision: DecisionRequest;
}

export const decisionMachine = setup({
  types: {
    context: {} as DecisionContext,
    events: {} as DecisionEvent,
    input: {} as DecisionInput,
    emitted: {} as DecisionEmitted,
  },
  actors: {
    /** Sends the decision (PUT decision); resolves with the decided request, rejects with an ApiFailure. */
    decide: notProvided<SuapRequest, DecideInput>('decision', 'decide'),
  },
  guards: {
    isComplete: ({ context }) => checkDecision(context.values).ok,
    isStale: ({ event }) => isStale((event as unknown as { error: ApiFailure }).error),
    isRefused: ({ event }) => (event as unknown as { error: ApiFailure }).error?.status === 400,
  },
  actions: {
    setOutcome: assign(({ context }, params: { outcome: Outcome | '' }) => ({ values: { ...context.values, outcome: params.outcome } })),
    setReason: assign(({ context }, params: { reason: string }) => ({ values: { ...context.values, reason: params.reason } })),
    showErrors: assign(({ context }) => {
      const checked = checkDecision(context.values);
      return { errors: checked.ok ? {} : checked.errors };
    }),
    clearErrors: assign({ errors: {}, failure: null }),
    storeDecided: assign((_, params: { request: SuapRequest }) => ({ decided: params.request })),
    announceDecided: emit((_, params: { request: SuapRequest }) => ({ type: 'decided' as const, request: params.request })),
    rememberFailure: assign((_, params: { failure: ApiFailure }) => ({ failure: params.failure })),
    showRefusal: assign((_, params: { failure: ApiFailure }) => ({
      failure: params.failure,
      errors: { reason: refusalMessage(params.failure, 'bo.decision.error.description') },
    })),
  },
}).createMachine({
  id: 'decision',
  description: 'A decision on a sent request: outcome and reason, confirmed, then sent.',
  initial: 'editing',
  context: ({ input }) => ({ ...input, values: { outcome: '', reason: '' }, errors: {}, decided: null, failure: null }),
  states: {
    editing: {
      description: 'The clerk chooses accept or reject and writes the reason (several lines allowed).',
      on: {
        SET_OUTCOME: { actions: { type: 'setOutcome', params: ({ event }) => ({ outcome: event.outcome }) } },
        SET_REASON: { actions: { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) } },
        SUBMIT: [
          { guard: 'isComplete', target: 'confirming', actions: 'clearErrors' },
          { target: 'fieldErrors', actions: 'showErrors' },
        ],
      },
    },
    fieldErrors: {
      description: 'A field is missing or wrong: its message shows on the field; the clerk corrects it.',
      on: {
        SET_OUTCOME: { target: 'editing', actions: { type: 'setOutcome', params: ({ event }) => ({ outcome: event.outcome }) } },
        SET_REASON: { target: 'editing', actions: { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) } },
        SUBMIT: [
          { guard: 'isComplete', target: 'confirming', actions: 'clearErrors' },
          { target: 'fieldErrors', actions: 'showErrors' },
        ],
      },
    },
    confirming: {
      description: 'The clerk is asked to confirm, the outcome named ("Reject request no. 12?").',
      on: {
        CONFIRM: { target: 'submitting' },
        CANCEL: { target: 'editing' },
      },
    },
    submitting: {
      description: 'The decision is on its way to the server.',
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => {
          const checked = checkDecision(context.values);
          if (!checked.ok) throw new Error('decision: submitting an incomplete form');
          return { requestId: context.requestId, decision: { ...checked.value, version: context.version } };
        },
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeDecided', params: ({ event }) => ({ request: event.output }) },
            { type: 'announceDecided', params: ({ event }) => ({ request: event.output }) },
          ],
        },
        onError: [
          { guard: 'isStale', target: 'stale', actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: event.error as ApiFailure }) } },
          { guard: 'isRefused', target: 'fieldErrors', actions: { type: 'showRefusal', params: ({ event }) => ({ failure: event.error as ApiFailure }) } },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: event.error as ApiFailure }) } },
        ],
      },
    },
    done: {
      description: 'The decision is recorded: a status message says so and the details show the decided request.',
      type: 'final',
    },
    stale: {
      description: 'The request changed meanwhile (someone else decided or it was withdrawn): the clerk reloads it.',
      type: 'final',
    },
    failed: {
      description: 'No answer or a server failure: nothing was recorded; the clerk may send it again.',
      on: {
        SUBMIT: { target: 'confirming' },
        SET_OUTCOME: { target: 'editing', actions: { type: 'setOutcome', params: ({ event }) => ({ outcome: event.outcome }) } },
        SET_REASON: { target: 'editing', actions: { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) } },
      },
    },
  },
});

export const decisionMachineInfo: MachineInfo<typeof decisionMachine> = {
  id: 'decision',
  machine: decisionMachine,
  title: 'Decision on a request (back office)',
  purpose:
    'An administrator accepts or rejects a sent request. The decision needs an outcome and a reason ' +
    '(3 to 1000 characters, several lines and ordinary punctuation allowed). A complete form is not ' +
    'sent at once: the clerk first confirms, with the outcome named. The answer either records the ' +
    'decision (a status message says so and the page shows the decided request), or says the request ' +
    'changed meanwhile (the clerk reloads it; nothing is overwritten), or refuses a value (shown on ' +
    'its field), or does not come (nothing recorded; the clerk may send again). Collaborators never ' +
    'see this form (spec §6).',
  guards: {
    isComplete: 'The outcome is chosen and the reason is long enough, short enough and readable text.',
    isStale: 'The server answered 409: the request changed since the clerk opened it.',
    isRefused: 'The server refused a value (400).',
  },
  actions: {
    setOutcome: 'Remembers the outcome chosen.',
    setReason: 'Remembers the reason typed.',
    showErrors: {
      says: 'Shows, on each wrong field, why it is wrong.',
      messages: [
        'bo.decision.errors.outcome',
        'bo.decision.errors.required',
        'bo.decision.errors.minlength',
        'bo.decision.errors.maxlength',
        'bo.decision.errors.pattern',
      ],
    },
    clearErrors: 'Clears the field messages.',
    storeDecided: 'Keeps the decided request the server returned.',
    announceDecided: {
      says: 'Tells the page the decision is recorded: a status message names the outcome.',
      messages: ['bo.decision.accepted', 'bo.decision.rejected'],
    },
    rememberFailure: 'Keeps what the server answered, for the message on screen.',
    showRefusal: {
      says: "Shows the server's refusal on the reason field, in the clerk's language (the text of its error kind).",
      messages: ['bo.decision.error.description'],
    },
  },
};
