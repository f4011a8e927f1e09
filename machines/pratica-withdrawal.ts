// The applicant withdraws a sent pratica from its details page (docs/architecture.md "The pratica's
// lifecycle"). "Withdraw" is offered where the lifecycle machine allows the signed-in applicant the
// WITHDRAW event (canWithdraw: machines/pratica/decide.ts allowedEvents, so no rule is written twice);
// it opens a confirmation dialog with an optional note for the office (confirming). Confirmed, the
// withdrawal goes to the server with the version on screen (withdrawing); the pratica it returns,
// ended as withdrawn (15), is shown by the details machine (REPLACE, sent to the actor the page
// hands in). A refusal (the pratica moved on, a term elapsed, a stale copy: 403, 404, 409) says why
// in the dialog and has the details page read the pratica again when it closes; no answer at all
// (failed) may be tried again. The note's rule is src/shared/validation/withdrawal-form.ts; the call
// is the `withdrawPratica` actor the app provides.
import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ApplicantEventRequest } from '#shared/api/pratica.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { type ApiFailure, refusalMessage } from '#shared/api/failure.ts';
import { PraticaRole, SSU_STATE, type PraticaStateId } from '#shared/pratica.ts';
import { checkWithdrawal, type WithdrawalMessage } from '#shared/validation/withdrawal-form.ts';
import type { detailsMachine } from './details.ts';
import { allowedEvents } from './pratica/decide.ts';
import type { MachineInfo } from './support/machine-info.ts';
import { notProvided } from './support/not-provided.ts';

/** Whether the lifecycle machine lets applicant `userId` withdraw `request` now (a sent pratica not concluded). */
export function canWithdraw(request: Pick<SuapRequest, 'stateOfRequest' | 'pratica'>, userId: number | null): boolean {
  const state = request.stateOfRequest.stateOfRequestId as PraticaStateId;
  if (userId === null || !request.pratica || !(state in SSU_STATE)) return false;
  return allowedEvents({ state, context: request.pratica }, { role: PraticaRole.APPLICANT, userId }).includes('WITHDRAW');
}

export interface WithdrawalInput {
  /** The details page's machine, which shows the withdrawn pratica (REPLACE) or reads it again (RELOAD). */
  details: ActorRefFrom<typeof detailsMachine>;
}

export interface WithdrawalContext extends WithdrawalInput {
  /** The pratica asked about and the version on screen; null when idle. */
  requestId: number | null;
  version: number | null;
  note: string;
  /** The note's message, when it breaks its rule. */
  noteError: WithdrawalMessage | null;
  /** The last refusal or failure, as a message key (locales `api-errors.*` or `pa.withdraw.failed`). */
  failure: string | null;
}

export type WithdrawalEvent =
  /** "Withdraw the pratica" pressed on the pratica shown, by the signed-in applicant (null: nobody). */
  | { type: 'ASK'; request: SuapRequest; userId: number | null }
  | { type: 'SET_NOTE'; note: string }
  | { type: 'CONFIRM' }
  /** The dialog closed without withdrawing (its cancel or close button, Escape). */
  | { type: 'CANCEL' };

export interface WithdrawInput {
  requestId: number;
  event: ApplicantEventRequest;
}

const REFUSALS = [403, 404, 409];
const failureOf = (event: unknown) => (event as { error?: ApiFailure }).error;

export const praticaWithdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
  },
  actors: {
    /** POST requestEvent { type: 'WITHDRAW', version, note? }: resolves with the withdrawn request, rejects with an ApiFailure. */
    withdrawPratica: notProvided<SuapRequest, WithdrawInput>('praticaWithdrawal', 'withdrawPratica'),
  },
  guards: {
    canWithdraw: (_, params: { request: SuapRequest; userId: number | null }) => canWithdraw(params.request, params.userId),
    isNoteValid: ({ context }) => checkWithdrawal(context.note).ok,
    isRefused: ({ event }) => REFUSALS.includes(failureOf(event)?.status ?? 0),
  },
  actions: {
    rememberPratica: assign((_, params: { request: SuapRequest }) => ({
      requestId: params.request.requestId,
      version: params.request.version,
      note: '',
      noteError: null,
      failure: null,
    })),
    setNote: assign((_, params: { note: string }) => ({ note: params.note, noteError: null })),
    showNoteError: assign(({ context }) => {
      const checked = checkWithdrawal(context.note);
      return { noteError: checked.ok ? null : (checked.errors.note ?? null) };
    }),
    clearFailure: assign({ failure: null }),
    rememberFailure: assign(({ event }) => ({ failure: refusalMessage(failureOf(event), 'pa.withdraw.failed') })),
    forgetPratica: assign({ requestId: null, version: null, note: '', noteError: null }),
    showWithdrawn: sendTo(
      ({ context }) => context.details,
      (_, params: { request: SuapRequest }) => ({ type: 'REPLACE' as const, request: params.request }),
    ),
    readPraticaAgain: sendTo(({ context }) => context.details, { type: 'RELOAD' as const }),
  },
}).createMachine({
  id: 'praticaWithdrawal',
  description: 'The applicant withdraws a sent pratica: confirm (with an optional note), then sent.',
  initial: 'idle',
  context: ({ input }) => ({ ...input, requestId: null, version: null, note: '', noteError: null, failure: null }),
  states: {
    idle: {
      description: '"Withdraw the pratica" is offered where the lifecycle machine allows the applicant WITHDRAW.',
      on: {
        ASK: {
          guard: { type: 'canWithdraw', params: ({ event }) => ({ request: event.request, userId: event.userId }) },
          target: 'confirming',
          actions: { type: 'rememberPratica', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    confirming: {
      description: 'The dialog asks "withdraw the pratica n. …?" and offers a note for the office.',
      on: {
        SET_NOTE: { actions: { type: 'setNote', params: ({ event }) => ({ note: event.note }) } },
        CONFIRM: [{ guard: 'isNoteValid', target: 'withdrawing', actions: 'clearFailure' }, { actions: 'showNoteError' }],
        CANCEL: { target: 'idle', actions: ['forgetPratica', 'clearFailure'] },
      },
    },
    withdrawing: {
      description: 'The withdrawal is on its way with the version on screen; the dialog’s buttons are disabled.',
      invoke: {
        id: 'withdrawPratica',
        src: 'withdrawPratica',
        input: ({ context }) => {
          const checked = checkWithdrawal(context.note);
          if (!checked.ok || context.requestId === null || context.version === null) throw new Error('praticaWithdrawal: nothing to withdraw');
          return { requestId: context.requestId, event: { ...checked.value, version: context.version } };
        },
        onDone: {
          target: 'withdrawn',
          actions: ['forgetPratica', { type: 'showWithdrawn', params: ({ event }) => ({ request: event.output }) }],
        },
        onError: [
          { guard: 'isRefused', target: 'refused', actions: 'rememberFailure' },
          { target: 'failed', actions: 'rememberFailure' },
        ],
      },
    },
    refused: {
      description: 'The server refused (the pratica moved on, a term elapsed, a stale copy): the dialog says why; closing it reads the pratica again.',
      on: { CANCEL: { target: 'idle', actions: ['forgetPratica', 'clearFailure', 'readPraticaAgain'] } },
    },
    failed: {
      description: 'No answer came: the dialog says so; the applicant tries again or closes it.',
      on: {
        CONFIRM: { target: 'withdrawing', actions: 'clearFailure' },
        CANCEL: { target: 'idle', actions: ['forgetPratica', 'clearFailure'] },
      },
    },
    withdrawn: {
      description: 'Withdrawn: the dialog closes and the page shows the pratica ended as withdrawn (15), saying so.',
      type: 'final',
    },
  },
});

export const praticaWithdrawalMachineInfo: MachineInfo<typeof praticaWithdrawalMachine> = {
  id: 'praticaWithdrawal',
  machine: praticaWithdrawalMachine,
  title: 'Withdrawing a pratica (private area)',
  purpose:
    'Lets the applicant withdraw a pratica they sent, from its details page. The button is offered only where ' +
    'the lifecycle machine allows the applicant to withdraw (a sent pratica not concluded); it opens a ' +
    'confirmation dialog with an optional note for the office. Confirmed, the withdrawal is sent with the ' +
    'version on screen and the page shows the pratica ended as withdrawn. If the server refuses (the pratica ' +
    'moved on meanwhile, a term elapsed, or the page was out of date) the dialog says why and, once closed, the ' +
    'page reads the pratica again; if no answer comes the applicant may try again.',
  guards: {
    canWithdraw: 'The lifecycle machine allows the signed-in applicant to withdraw this pratica now (sent and not concluded).',
    isNoteValid: 'The note is empty, or 3 to 1000 characters of text with line breaks.',
    isRefused: 'The server refused the withdrawal (403, 404 or 409): another try would be refused too.',
  },
  actions: {
    rememberPratica: 'Keeps which pratica is withdrawn and the version on screen; the note starts empty.',
    setNote: 'Keeps the note as typed.',
    showNoteError: { says: 'Shows on the note the rule it breaks.', messages: ['pa.withdraw.errors.note-minlength'] },
    clearFailure: 'Forgets the last refusal or failure.',
    rememberFailure: { says: 'Keeps why the withdrawal did not go through, in the server’s words for people.', messages: ['pa.withdraw.failed'] },
    forgetPratica: 'Forgets the pratica and the note: the dialog closes.',
    showWithdrawn: 'Hands the withdrawn pratica to the details page, which shows it at once (REPLACE).',
    readPraticaAgain: 'Has the details page read the pratica again (RELOAD): it changed meanwhile.',
  },
};
