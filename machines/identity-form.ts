// The identity matcher's form (spec §3 "Fiscal-code check input"): what the person types, and each
// field's error from the form's schema (src/shared/validation/identity-form.ts), checked again at
// every change so a fixed field loses its error at once. The identity matcher's page starts it while
// the login machine asks for the person's data (`identityMatcher`), from what the identity token says,
// and names the login machine as `submitTo`: a valid form goes to it as IDENTITY_SUBMIT with the
// request to check. Started by the page, not invoked by the login machine, so the form's schema
// (and yup) loads with that page only, never with the shell that every page loads. Which errors are on screen
// (a field left, the form submitted) is the page's: src/web/components/form/use-shown-errors.ts.
import { assign, sendTo, setup, type AnyActorRef } from 'xstate';
import { checkIdentity, type IdentityErrorKey, type IdentityField, type IdentityValues } from '#shared/validation/identity-form.ts';
import type { FieldErrors } from '#shared/validation/validate.ts';
import type { MachineInfo } from './support/machine-info.ts';

export interface IdentityFormInput {
  initial: IdentityValues;
  /** The login machine, which checks a complete form (IDENTITY_SUBMIT). */
  submitTo: AnyActorRef;
}

export interface IdentityFormContext {
  submitTo: AnyActorRef;
  values: IdentityValues;
  /** Each wrong field's first error (message keys); empty when the form can be sent. */
  errors: FieldErrors<IdentityField, IdentityErrorKey>;
}

export type IdentityFormEvent = { type: 'CHANGE'; field: IdentityField; value: string } | { type: 'SUBMIT' };

function errorsOf(values: IdentityValues): IdentityFormContext['errors'] {
  const checked = checkIdentity(values);
  return checked.ok ? {} : checked.errors;
}

export const identityFormMachine = setup({
  types: {
    context: {} as IdentityFormContext,
    events: {} as IdentityFormEvent,
    input: {} as IdentityFormInput,
  },
  guards: {
    isComplete: ({ context }) => checkIdentity(context.values).ok,
  },
  actions: {
    change: assign(({ context }, params: { field: IdentityField; value: string }) => {
      const values = { ...context.values, [params.field]: params.value };
      return { values, errors: errorsOf(values) };
    }),
    submitPerson: sendTo(
      ({ context }) => context.submitTo,
      ({ context }) => {
        const checked = checkIdentity(context.values);
        if (!checked.ok) throw new Error('identityForm: submitting an incomplete form');
        return { type: 'IDENTITY_SUBMIT' as const, person: checked.value };
      },
    ),
  },
}).createMachine({
  id: 'identityForm',
  description: 'The identity matcher form: the values typed and their errors; a valid form is handed to the login machine.',
  context: ({ input }) => ({ submitTo: input.submitTo, values: input.initial, errors: errorsOf(input.initial) }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The person types sex, country and municipality of birth and the fiscal code; each change is checked.',
      on: {
        CHANGE: { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        SUBMIT: { guard: 'isComplete', actions: 'submitPerson' },
      },
    },
  },
});

export const identityFormMachineInfo: MachineInfo<typeof identityFormMachine> = {
  id: 'identityForm',
  machine: identityFormMachine,
  title: 'Identity matcher form',
  purpose:
    'A person signed in without an Italian fiscal code (an eIDAS identity) supplies what the identity ' +
    'provider does not assert: sex (prefilled when the token says it), country of birth from the list, ' +
    'the municipality of birth when born in Italy, and the fiscal code. Every change is checked against ' +
    'the form’s rules; a complete form is handed to the login machine, which checks the code with the ' +
    'server and shows its verdict. An incomplete form is not sent: the page shows each field’s error.',
  guards: {
    isComplete: 'Every field the person must give is filled in and well formed (the fiscal code’s shape included).',
  },
  actions: {
    change: {
      says: 'Remembers the field typed and checks the form again.',
      messages: [
        'identity-matcher.errors.required',
        'identity-matcher.errors.letters',
        'identity-matcher.errors.too-long',
        'identity-matcher.errors.country',
        'identity-matcher.errors.fiscal-code',
        'identity-matcher.errors.comune-required',
      ],
    },
    submitPerson: 'Hands the person’s data, as the request to check, to the login machine (IDENTITY_SUBMIT).',
  },
};
