// One action of the desk on a pratica (docs/architecture.md "The pratica's lifecycle"), in its
// dialog: the page offers the events the lifecycle machine allows the signed-in staff member
// (machines/pratica/decide.ts allowedEvents), and choosing one starts this machine for it. An
// assignment first loads the colleagues of the pratica's office (loadingColleagues); the staff
// member then fills what the event asks (editing: a note where the act must say what is asked or
// why, the colleague, the proposed outcome; taking in charge asks nothing and the dialog is its
// confirmation); a complete form is sent with the version on screen (submitting). The answer ends in
// done (the moved pratica, announced), refused (the server's 403, 404 or 409: the state, a term, a
// colleague who acted first or a stale copy; the page says why in an alert and reloads the pratica),
// fieldErrors (a value refused, 400) or failed (no answer: try again). Cancel closes the dialog
// unless the event is on its way. The form's rules are src/shared/validation/back-office-forms.ts;
// the calls are the `loadColleagues` and `fireEvent` actors the app provides.
import { assign, emit, setup } from 'xstate';
import type { Colleague, StaffEventRequest } from '#shared/api/pratica.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { type ApiFailure, refusalMessage } from '#shared/api/failure.ts';
import type { StaffEventType } from '#shared/pratica.ts';
import { checkEvent, EMPTY_EVENT, eventForm, type EventField, type EventValues } from '#shared/validation/back-office-forms.ts';
import type { FieldErrors } from '#shared/validation/validate.ts';
import type { MachineInfo } from '../support/machine-info.ts';
import { notProvided } from '../support/not-provided.ts';

export interface PraticaActionInput {
  requestId: number;
  /** The version the staff member is looking at: an event on an older copy is refused (409 stale-version). */
  version: number;
  type: StaffEventType;
  /** Values typed before an idle sign-out, given back (src/web/auth/use-kept-form.ts). */
  values?: Partial<EventValues>;
}

export interface PraticaActionContext extends Omit<PraticaActionInput, 'values'> {
  values: EventValues;
  errors: FieldErrors<EventField>;
  /** ASSIGN: the clerks of the pratica's office. */
  colleagues: Colleague[];
  /** The pratica as the server returned it moved (done). */
  moved: SuapRequest | null;
  failure: ApiFailure | null;
}

export type PraticaActionEvent =
  | { type: 'SET_NOTE'; note: string }
  | { type: 'SET_ASSIGNEE'; assigneeId: string }
  | { type: 'SET_OUTCOME'; outcome: EventValues['outcome'] }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export type PraticaActionEmitted = { type: 'moved'; request: SuapRequest } | { type: 'refused'; failure: ApiFailure } | { type: 'cancelled' };

export interface FireEventInput {
  requestId: number;
  event: StaffEventRequest;
}

const REFUSALS = [403, 404, 409];
const failureOf = (event: unknown) => (event as { error: ApiFailure }).error;

export const praticaActionMachine = setup({
  types: {
    context: {} as PraticaActionContext,
    events: {} as PraticaActionEvent,
    input: {} as PraticaActionInput,
    emitted: {} as PraticaActionEmitted,
  },
  actors: {
    /** The clerks of the pratica's office (GET boRequestColleagues); rejects with an ApiFailure. */
    loadColleagues: notProvided<Colleague[], { requestId: number }>('praticaAction', 'loadColleagues'),
    /** Sends the event (POST boRequestEvent); resolves with the moved request, rejects with an ApiFailure. */
    fireEvent: notProvided<SuapRequest, FireEventInput>('praticaAction', 'fireEvent'),
  },
  guards: {
    needsColleagues: ({ context }) => eventForm(context.type).assignee,
    isComplete: ({ context }) => checkEvent(context.type, context.values).ok,
    isRefused: ({ event }) => REFUSALS.includes(failureOf(event)?.status),
    isInvalid: ({ event }) => failureOf(event)?.status === 400,
  },
  actions: {
    setValue: assign(({ context }, params: Partial<EventValues>) => ({ values: { ...context.values, ...params } })),
    showErrors: assign(({ context }) => {
      const checked = checkEvent(context.type, context.values);
      return { errors: checked.ok ? {} : checked.errors };
    }),
    clearErrors: assign({ errors: {}, failure: null }),
    storeColleagues: assign((_, params: { colleagues: Colleague[] }) => ({ colleagues: params.colleagues })),
    storeMoved: assign((_, params: { request: SuapRequest }) => ({ moved: params.request })),
    announceMoved: emit((_, params: { request: SuapRequest }) => ({ type: 'moved' as const, request: params.request })),
    announceRefused: emit((_, params: { failure: ApiFailure }) => ({ type: 'refused' as const, failure: params.failure })),
    announceCancelled: emit({ type: 'cancelled' as const }),
    rememberFailure: assign((_, params: { failure: ApiFailure }) => ({ failure: params.failure })),
    showRefusal: assign(({ context }, params: { failure: ApiFailure }) => {
      // A refused value is told on the form's own field: the colleague, the outcome when there is no
      // note, else the note (for a form with no field at all, the dialog shows it on its own).
      const form = eventForm(context.type);
      const field: EventField = form.assignee ? 'assigneeId' : form.outcome && !form.note ? 'outcome' : 'note';
      return { failure: params.failure, errors: { [field]: refusalMessage(params.failure, 'bo.pratica.error.description') } };
    }),
  },
}).createMachine({
  id: 'praticaAction',
  description: 'One action of the desk on a pratica, in its dialog: what the event asks, then sent.',
  initial: 'opening',
  context: ({ input }) => ({
    requestId: input.requestId,
    version: input.version,
    type: input.type,
    values: { ...EMPTY_EVENT, ...input.values },
    errors: {},
    colleagues: [],
    moved: null,
    failure: null,
  }),
  states: {
    opening: {
      description: 'The dialog opens for the event chosen.',
      always: [{ guard: 'needsColleagues', target: 'loadingColleagues' }, { target: 'editing' }],
    },
    loadingColleagues: {
      description: "An assignment: the clerks of the pratica's office are being loaded.",
      invoke: {
        id: 'loadColleagues',
        src: 'loadColleagues',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: { target: 'editing', actions: { type: 'storeColleagues', params: ({ event }) => ({ colleagues: event.output }) } },
        onError: { target: 'colleaguesFailed', actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: failureOf(event) }) } },
      },
      on: { CANCEL: { target: 'cancelled', actions: 'announceCancelled' } },
    },
    colleaguesFailed: {
      description: 'The colleagues could not be loaded: the dialog says so; the staff member tries again or cancels.',
      on: {
        RETRY: { target: 'loadingColleagues', actions: 'clearErrors' },
        CANCEL: { target: 'cancelled', actions: 'announceCancelled' },
      },
    },
    editing: {
      description: 'The staff member fills what the event asks (nothing more than a confirmation to take a pratica in charge).',
      on: {
        SET_NOTE: { actions: { type: 'setValue', params: ({ event }) => ({ note: event.note }) } },
        SET_ASSIGNEE: { actions: { type: 'setValue', params: ({ event }) => ({ assigneeId: event.assigneeId }) } },
        SET_OUTCOME: { actions: { type: 'setValue', params: ({ event }) => ({ outcome: event.outcome }) } },
        SUBMIT: [
          { guard: 'isComplete', target: 'submitting', actions: 'clearErrors' },
          { target: 'fieldErrors', actions: 'showErrors' },
        ],
        CANCEL: { target: 'cancelled', actions: 'announceCancelled' },
      },
    },
    fieldErrors: {
      description: 'A field is missing or wrong: its message shows on the field; the staff member corrects it.',
      on: {
        SET_NOTE: { target: 'editing', actions: { type: 'setValue', params: ({ event }) => ({ note: event.note }) } },
        SET_ASSIGNEE: { target: 'editing', actions: { type: 'setValue', params: ({ event }) => ({ assigneeId: event.assigneeId }) } },
        SET_OUTCOME: { target: 'editing', actions: { type: 'setValue', params: ({ event }) => ({ outcome: event.outcome }) } },
        SUBMIT: [
          { guard: 'isComplete', target: 'submitting', actions: 'clearErrors' },
          { target: 'fieldErrors', actions: 'showErrors' },
        ],
        CANCEL: { target: 'cancelled', actions: 'announceCancelled' },
      },
    },
    submitting: {
      description: 'The event is on its way to the server, with the version on screen; the dialog cannot be closed meanwhile.',
      invoke: {
        id: 'fireEvent',
        src: 'fireEvent',
        input: ({ context }) => {
          const checked = checkEvent(context.type, context.values);
          if (!checked.ok) throw new Error('praticaAction: submitting an incomplete form');
          return { requestId: context.requestId, event: { ...checked.value, version: context.version } };
        },
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeMoved', params: ({ event }) => ({ request: event.output }) },
            { type: 'announceMoved', params: ({ event }) => ({ request: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'isRefused',
            target: 'refused',
            actions: [
              { type: 'rememberFailure', params: ({ event }) => ({ failure: failureOf(event) }) },
              { type: 'announceRefused', params: ({ event }) => ({ failure: failureOf(event) }) },
            ],
          },
          { guard: 'isInvalid', target: 'fieldErrors', actions: { type: 'showRefusal', params: ({ event }) => ({ failure: failureOf(event) }) } },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: failureOf(event) }) } },
        ],
      },
    },
    done: {
      description: 'The event is recorded: the dialog closes, a status message says what was done and the page shows the moved pratica.',
      type: 'final',
    },
    refused: {
      description:
        "The server refused the event (403 the role, 404 not the office's, 409 the state, a term or a stale copy): the dialog closes, an alert says why and the page reloads the pratica.",
      type: 'final',
    },
    failed: {
      description: 'No answer or a server failure: nothing was recorded; the staff member may send it again.',
      on: {
        SUBMIT: { target: 'submitting', actions: 'clearErrors' },
        SET_NOTE: { target: 'editing', actions: { type: 'setValue', params: ({ event }) => ({ note: event.note }) } },
        SET_ASSIGNEE: { target: 'editing', actions: { type: 'setValue', params: ({ event }) => ({ assigneeId: event.assigneeId }) } },
        SET_OUTCOME: { target: 'editing', actions: { type: 'setValue', params: ({ event }) => ({ outcome: event.outcome }) } },
        CANCEL: { target: 'cancelled', actions: 'announceCancelled' },
      },
    },
    cancelled: {
      description: 'The staff member closed the dialog: nothing was sent.',
      type: 'final',
    },
  },
});

export const praticaActionMachineInfo: MachineInfo<typeof praticaActionMachine> = {
  id: 'praticaAction',
  machine: praticaActionMachine,
  title: 'Action on a pratica (back office)',
  purpose:
    'A clerk or an administrator acts on a pratica: the page offers one button per action the lifecycle ' +
    'machine allows them now (pratica), and each opens a dialog run by this machine. Taking in charge only ' +
    'asks for confirmation; an assignment offers the clerks of the office; requests for correction or ' +
    'integration, a recorded answer and every conclusion need a note (3 to 1000 characters, several lines ' +
    'and ordinary punctuation allowed) saying what is asked or why; a proposal names the outcome. The answer ' +
    'either records the event (the dialog closes, a status message says so and the page shows the new state), ' +
    'or refuses it — not allowed for the role, not the office’s, or no longer possible: the state moved, a term ' +
    'elapsed, the copy on screen is stale — (an alert gives the reason and the page reloads the pratica), or ' +
    'refuses a value (shown on its field), or does not come (nothing recorded; the staff member may send again).',
  guards: {
    needsColleagues: 'The event is an assignment: the colleagues of the office are needed first.',
    isComplete: 'Everything the event asks is there and valid (the note where required, the colleague, the outcome).',
    isRefused: 'The server answered 403, 404 or 409: the event is not allowed to this person, on this pratica, now.',
    isInvalid: 'The server refused a value (400).',
  },
  actions: {
    setValue: 'Remembers what was typed or chosen (the note, the colleague, the outcome).',
    showErrors: {
      says: 'Shows, on each wrong field, why it is wrong.',
      messages: [
        'bo.pratica.errors.note-required',
        'bo.pratica.errors.note-minlength',
        'bo.pratica.errors.note-maxlength',
        'bo.pratica.errors.note-pattern',
        'bo.pratica.errors.assignee',
        'bo.pratica.errors.outcome',
      ],
    },
    clearErrors: 'Clears the field messages and the last failure.',
    storeColleagues: 'Keeps the colleagues the office has, for the choice.',
    storeMoved: 'Keeps the moved pratica the server returned.',
    announceMoved: 'Tells the page the event is recorded: it shows the moved pratica and a status message naming the action.',
    announceRefused: {
      says: 'Tells the page the server refused the event: an alert gives the reason and the pratica is reloaded.',
      messages: ['bo.pratica.refused.title'],
    },
    announceCancelled: 'Tells the page the dialog was closed without sending anything.',
    rememberFailure: 'Keeps what the server answered, for the message on screen.',
    showRefusal: {
      says: "Shows the server's refusal on the form's field, in the staff member's language (the text of its error kind).",
      messages: ['bo.pratica.error.description'],
    },
  },
};
