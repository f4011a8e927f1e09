// Creating or modifying a staff member. The administrator edits the fields
// (editing); a valid form is sent (submitting) and the answer ends in done (the saved record),
// fieldErrors (a wrong field, or the server's refusal mapped to its field: duplicate fiscal code or
// e-mail, wrong check character, deactivating oneself, last administrator), stale (the record
// changed or went away meanwhile) or failed (no answer: try again). Cancel with unsaved edits asks
// first (confirmingCancel); without edits it leaves at once. Editing oneself offers neither the
// active switch nor the profile: the server refuses deactivating oneself and leaving the office
// without an active administrator, and the form keeps an administrator off both paths.
import { assign, emit, setup } from 'xstate';
import type { StaffWrite } from '#shared/api/back-office.ts';
import type { User } from '#shared/domain.ts';
import { notProvided } from '../support/not-provided.ts';
import type { MachineInfo } from '../support/machine-info.ts';
import { checkStaff, EMPTY_STAFF, type StaffField, type StaffValues } from '#shared/validation/back-office-forms.ts';
import type { FieldErrors } from '#shared/validation/validate.ts';
import { type ApiFailure, isStale } from '#shared/api/failure.ts';
import { isDirty, staffRefusalErrors } from './rules.ts';

export interface StaffFormInput {
  /** Absent: a new staff member. */
  userId?: number;
  initial?: StaffValues;
  /** The record is the administrator's own: the active switch and profile are not theirs to change. */
  isSelf?: boolean;
}

export interface StaffFormContext {
  userId: number | null;
  isSelf: boolean;
  initial: StaffValues;
  values: StaffValues;
  errors: FieldErrors<StaffField>;
  saved: User | null;
  failure: ApiFailure | null;
}

export type StaffFormEvent =
  | { type: 'CHANGE'; field: keyof StaffValues; value: string | boolean }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'KEEP_EDITING' }
  | { type: 'DISCARD' };

export type StaffFormEmitted = { type: 'saved'; user: User } | { type: 'left' };

const staffFormSetup = setup({
  types: {
    context: {} as StaffFormContext,
    events: {} as StaffFormEvent,
    input: {} as StaffFormInput,
    emitted: {} as StaffFormEmitted,
  },
  actors: {
    /** Sends the record (create or modify); resolves with the saved user, rejects with an ApiFailure. */
    saveStaff: notProvided<User, { user: StaffWrite }>('staffForm', 'saveStaff'),
  },
  guards: {
    isValid: ({ context }) => checkStaff(context.values, context.userId ?? undefined).ok,
    hasUnsavedEdits: ({ context }) => isDirty(context.values, context.initial),
    isFieldRefusal: ({ context, event }) => staffRefusalErrors((event as unknown as { error: ApiFailure }).error, context.isSelf) !== null,
    isStale: ({ event }) => isStale((event as unknown as { error: ApiFailure }).error) || (event as unknown as { error: ApiFailure }).error?.status === 404,
  },
  actions: {
    change: assign(({ context }, params: { field: keyof StaffValues; value: string | boolean }) => {
      // One's own active switch and profile stay as they are: the form does not offer them.
      if (context.isSelf && (params.field === 'active' || params.field === 'profileId')) return {};
      return { values: { ...context.values, [params.field]: params.value } };
    }),
    showErrors: assign(({ context }) => {
      const checked = checkStaff(context.values, context.userId ?? undefined);
      return { errors: checked.ok ? {} : checked.errors };
    }),
    clearErrors: assign({ errors: {}, failure: null }),
    showRefusal: assign(({ context }, params: { failure: ApiFailure }) => ({
      failure: params.failure,
      errors: staffRefusalErrors(params.failure, context.isSelf) ?? {},
    })),
    rememberFailure: assign((_, params: { failure: ApiFailure }) => ({ failure: params.failure })),
    storeSaved: assign((_, params: { user: User }) => ({ saved: params.user })),
    announceSaved: emit((_, params: { user: User }) => ({ type: 'saved' as const, user: params.user })),
    leave: emit({ type: 'left' as const }),
  },
});

// The same answers to SUBMIT and CANCEL whether or not a field's message shows.
const SUBMIT_OR_SHOW_ERRORS = [
  { guard: 'isValid', target: 'submitting', actions: 'clearErrors' },
  { target: 'fieldErrors', actions: 'showErrors' },
] as const;
const CANCEL_OR_CONFIRM = [
  { guard: 'hasUnsavedEdits', target: 'confirmingCancel' },
  { target: 'cancelled', actions: 'leave' },
] as const;

export const staffFormMachine = staffFormSetup.createMachine({
  id: 'staffForm',
  description: 'Creating or modifying a staff member: fields checked, sent, refusals on their fields.',
  initial: 'editing',
  context: ({ input }) => {
    const initial = input.initial ?? EMPTY_STAFF;
    return { userId: input.userId ?? null, isSelf: input.isSelf ?? false, initial, values: initial, errors: {}, saved: null, failure: null };
  },
  states: {
    editing: {
      description: 'The administrator fills in names, fiscal code, e-mail, profile and (not for oneself) the active switch.',
      on: {
        CHANGE: { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        SUBMIT: SUBMIT_OR_SHOW_ERRORS,
        CANCEL: CANCEL_OR_CONFIRM,
      },
    },
    fieldErrors: {
      description: 'A field is wrong (or the server refused it): its message shows on the field.',
      on: {
        CHANGE: { target: 'editing', actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        SUBMIT: SUBMIT_OR_SHOW_ERRORS,
        CANCEL: CANCEL_OR_CONFIRM,
      },
    },
    confirmingCancel: {
      description: 'Cancel with unsaved edits: the administrator is asked whether to drop them.',
      on: {
        KEEP_EDITING: { target: 'editing' },
        DISCARD: { target: 'cancelled', actions: 'leave' },
      },
    },
    submitting: {
      description: 'The record is on its way to the server.',
      invoke: {
        id: 'saveStaff',
        src: 'saveStaff',
        input: ({ context }) => {
          const checked = checkStaff(context.values, context.userId ?? undefined);
          if (!checked.ok) throw new Error('staffForm: submitting an invalid form');
          return { user: checked.value };
        },
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeSaved', params: ({ event }) => ({ user: event.output }) },
            { type: 'announceSaved', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: [
          { guard: 'isFieldRefusal', target: 'fieldErrors', actions: { type: 'showRefusal', params: ({ event }) => ({ failure: event.error as ApiFailure }) } },
          { guard: 'isStale', target: 'stale', actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: event.error as ApiFailure }) } },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: event.error as ApiFailure }) } },
        ],
      },
    },
    done: {
      description: "Saved: a success message; the staff member's details open.",
      type: 'final',
    },
    stale: {
      description: 'The record changed or was removed meanwhile: the administrator reloads it.',
      type: 'final',
    },
    failed: {
      description: 'No answer or a server failure: nothing saved; the administrator may send again.',
      on: {
        CHANGE: { target: 'editing', actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        // The record was checked before it was sent and has not changed since.
        SUBMIT: { target: 'submitting', actions: 'clearErrors' },
        CANCEL: [
          { guard: 'hasUnsavedEdits', target: 'confirmingCancel' },
          { target: 'cancelled', actions: 'leave' },
        ],
      },
    },
    cancelled: {
      description: 'Left without saving: back to the list or the details.',
      type: 'final',
    },
  },
});

export const staffFormMachineInfo: MachineInfo<typeof staffFormMachine> = {
  id: 'staffForm',
  machine: staffFormMachine,
  title: 'Staff member form (back office)',
  purpose:
    'An administrator creates or modifies a staff member: first and last name (letters), fiscal code ' +
    '(shape and check character checked in the form), e-mail and profile (administrator or ' +
    'collaborator), and whether the account is active. What the server refuses comes back on the ' +
    "field it concerns, in the clerk's language: a fiscal code or e-mail another account has, a wrong " +
    'check character, deactivating oneself, removing the last administrator. Editing oneself, the ' +
    'active switch and the profile are not offered at all. Cancel with unsaved edits asks first.',
  guards: {
    isValid: "Every field is filled in and well formed (the fiscal code's check character included).",
    hasUnsavedEdits: 'A field differs from what the form started with.',
    isFieldRefusal: 'The server refused a value it names (duplicate code or e-mail, check character, oneself, last administrator).',
    isStale: 'The server answered 409 or 404: the record changed or is gone.',
  },
  actions: {
    change: "Remembers the field typed (never one's own active switch or profile).",
    showErrors: {
      says: 'Shows, on each wrong field, why it is wrong.',
      messages: [
        'bo.users.errors.required',
        'bo.users.errors.fiscal-code',
        'bo.users.errors.check-character',
        'bo.users.errors.email',
        'bo.users.errors.profile',
      ],
    },
    clearErrors: 'Clears the field messages.',
    showRefusal: {
      says: "Shows the server's refusal on the field it concerns.",
      messages: [
        'bo.users.errors.duplicate-fiscal-code',
        'bo.users.errors.duplicate-email',
        'bo.users.errors.self-deactivation',
        'bo.users.errors.last-administrator',
        'bo.users.errors.last-administrator-own-code',
      ],
    },
    rememberFailure: 'Keeps what the server answered, for the message on screen.',
    storeSaved: 'Keeps the saved record.',
    announceSaved: { says: 'Tells the page the record is saved: a success message, then its details.', page: '/back-office/users/details' },
    leave: { says: 'Leaves the form without saving.', page: '/back-office/users' },
  },
};
