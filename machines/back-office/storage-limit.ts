// Moving a draft's storage limit, a calendar day (Europe/Rome) between
// tomorrow and the retention maximum the server offers. The clerk picks a day (editing); a valid
// day is sent (submitting) and the answer ends in done (the day stored, announced as a status
// message; the clerk may pick again), fieldErrors (a day outside the range, on the field), stale
// (the request is no longer a draft: reload it) or failed (no answer: try again). Saving the day
// already stored is sent like any other and changes nothing on the server.
import { assign, emit, setup } from 'xstate';
import type { DayRange } from '#shared/dates.ts';
import { notProvided } from '../support/not-provided.ts';
import type { MachineInfo } from '../support/machine-info.ts';
import { checkStorageLimit } from '#shared/validation/back-office-forms.ts';
import type { FieldErrors } from '#shared/validation/validate.ts';
import { type ApiFailure, isStale } from '#shared/api/failure.ts';

export interface StorageLimitInput {
  requestId: number;
  /** The day stored now (`YYYY-MM-DD`), or null. */
  current: string | null;
  /** The days the server offers (from the details answer). */
  range: DayRange;
}

export interface StorageLimitContext extends StorageLimitInput {
  day: string;
  errors: FieldErrors<'storageLimit'>;
  failure: ApiFailure | null;
}

export type StorageLimitEvent = { type: 'SET_DAY'; day: string } | { type: 'SUBMIT' };
export type StorageLimitEmitted = { type: 'saved'; day: string };

export const storageLimitMachine = setup({
  types: {
    context: {} as StorageLimitContext,
    events: {} as StorageLimitEvent,
    input: {} as StorageLimitInput,
    emitted: {} as StorageLimitEmitted,
  },
  actors: {
    /** Sends the day (PUT updateDraftStorageLimit); resolves with the day stored, rejects with an ApiFailure. */
    saveStorageLimit: notProvided<string, { requestId: number; day: string }>('storageLimit', 'saveStorageLimit'),
  },
  guards: {
    isDayOffered: ({ context }) => checkStorageLimit(context.day, context.range).ok,
    isStale: ({ event }) => isStale((event as unknown as { error: ApiFailure }).error),
    isRefused: ({ event }) => (event as unknown as { error: ApiFailure }).error?.status === 400,
  },
  actions: {
    setDay: assign((_, params: { day: string }) => ({ day: params.day })),
    showErrors: assign(({ context }) => {
      const checked = checkStorageLimit(context.day, context.range);
      return { errors: checked.ok ? {} : checked.errors };
    }),
    clearErrors: assign({ errors: {}, failure: null }),
    storeSaved: assign((_, params: { day: string }) => ({ current: params.day, day: params.day })),
    announceSaved: emit((_, params: { day: string }) => ({ type: 'saved' as const, day: params.day })),
    rememberFailure: assign((_, params: { failure: ApiFailure }) => ({ failure: params.failure })),
    showRefusal: assign((_, params: { failure: ApiFailure }) => ({ failure: params.failure, errors: { storageLimit: 'bo.storage-limit.errors.refused' } })),
  },
}).createMachine({
  id: 'storageLimit',
  description: "A draft's storage limit: a day picked, checked against the range offered, then sent.",
  initial: 'editing',
  context: ({ input }) => ({ ...input, day: input.current ?? '', errors: {}, failure: null }),
  states: {
    editing: {
      description: 'The clerk picks a day; the picker offers tomorrow to the retention maximum only.',
      on: {
        SET_DAY: { actions: { type: 'setDay', params: ({ event }) => ({ day: event.day }) } },
        SUBMIT: [
          { guard: 'isDayOffered', target: 'submitting', actions: 'clearErrors' },
          { target: 'fieldErrors', actions: 'showErrors' },
        ],
      },
    },
    fieldErrors: {
      description: 'The day is missing, not a day, past or beyond the maximum: the field says which.',
      on: {
        SET_DAY: { target: 'editing', actions: { type: 'setDay', params: ({ event }) => ({ day: event.day }) } },
        SUBMIT: [
          { guard: 'isDayOffered', target: 'submitting', actions: 'clearErrors' },
          { target: 'fieldErrors', actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      description: 'The day is on its way to the server.',
      invoke: {
        id: 'saveStorageLimit',
        src: 'saveStorageLimit',
        input: ({ context }) => ({ requestId: context.requestId, day: context.day }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeSaved', params: ({ event }) => ({ day: event.output }) },
            { type: 'announceSaved', params: ({ event }) => ({ day: event.output }) },
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
      description: 'The day is stored: a status message names it; the clerk may pick another.',
      on: {
        SET_DAY: { target: 'editing', actions: { type: 'setDay', params: ({ event }) => ({ day: event.day }) } },
        // The day was checked before it was sent and has not changed since.
        SUBMIT: { target: 'submitting', actions: 'clearErrors' },
      },
    },
    stale: {
      description: 'The request is no longer a draft (sent or deleted meanwhile): the clerk reloads it.',
      type: 'final',
    },
    failed: {
      description: 'No answer or a server failure: nothing changed; the clerk may send it again.',
      on: {
        SET_DAY: { target: 'editing', actions: { type: 'setDay', params: ({ event }) => ({ day: event.day }) } },
        // The day was checked before it was sent and has not changed since.
        SUBMIT: { target: 'submitting', actions: 'clearErrors' },
      },
    },
  },
});

export const storageLimitMachineInfo: MachineInfo<typeof storageLimitMachine> = {
  id: 'storageLimit',
  machine: storageLimitMachine,
  title: "Draft's storage limit (back office)",
  purpose:
    "An administrator moves a draft's storage limit: the last day (in Rome) the draft is kept before " +
    'the retention sweep deletes it. The day picked is the day stored, shown and printed. Only days ' +
    'from tomorrow to the retention maximum (STORAGE_LIMIT_MAX_YEARS, 5 years by default) are offered ' +
    "or accepted. Saving the same day again changes nothing. Each change is kept in the request's " +
    'storage-limit history (who, from, to). A request that stopped being a draft meanwhile is not ' +
    'changed: the clerk reloads it. Collaborators never see this form (spec §6).',
  guards: {
    isDayOffered: 'The day is a real calendar day between tomorrow and the retention maximum.',
    isStale: 'The server answered 409: the request is no longer a draft.',
    isRefused: 'The server refused the day (400).',
  },
  actions: {
    setDay: 'Remembers the day picked.',
    showErrors: {
      says: 'Shows on the field why the day cannot be used.',
      messages: ['bo.storage-limit.errors.required', 'bo.storage-limit.errors.date', 'bo.storage-limit.errors.future', 'bo.storage-limit.errors.too-far'],
    },
    clearErrors: 'Clears the field message.',
    storeSaved: 'Keeps the day the server stored as the current one.',
    announceSaved: { says: 'Tells the page the day is stored: a status message names it.', messages: ['bo.storage-limit.saved'] },
    rememberFailure: 'Keeps what the server answered, for the message on screen.',
    showRefusal: { says: "Shows the server's refusal on the field.", messages: ['bo.storage-limit.errors.refused'] },
  },
};
