// The identity matcher's form machine (machines/identity-form.ts, spec §3 "Fiscal-code check
// input"): it keeps the values and their errors from the one schema, and hands only a complete
// form to the login machine it names (`submitTo`), as the request to check.
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyEventObject } from 'xstate';
import { identityFormMachine } from '#machines/identity-form.ts';
import { initialIdentityValues, type IdentityValues } from '#shared/validation/identity-form.ts';

/** The form, with a stand-in for the login machine that keeps what the form sends it. */
function inParent(initial: IdentityValues) {
  const login = createActor(
    setup({ types: { context: {} as { received: AnyEventObject[] } } }).createMachine({
      context: { received: [] },
      on: { IDENTITY_SUBMIT: { actions: assign({ received: ({ context, event }) => [...context.received, event] }) } },
    }),
  ).start();
  const form = createActor(identityFormMachine, { input: { initial, submitTo: login } }).start();
  return { form, received: () => login.getSnapshot().context.received };
}

describe('identity matcher form', () => {
  it('starts from the sex the token asserts, with the errors of what is still missing', () => {
    const { form } = inParent(initialIdentityValues({ gender: 'f' } as Parameters<typeof initialIdentityValues>[0]));
    expect(form.getSnapshot().context.values.sesso).toBe('F');
    expect(form.getSnapshot().context.errors).toEqual({ statoNascita: 'identity-matcher.errors.country', codiceFiscale: 'identity-matcher.errors.required' });
  });

  it('checks each change, so a fixed field loses its error at once and Italy asks for the municipality', () => {
    const { form } = inParent(initialIdentityValues(null));
    form.send({ type: 'CHANGE', field: 'codiceFiscale', value: 'RSSMRA80' });
    expect(form.getSnapshot().context.errors.codiceFiscale).toBe('identity-matcher.errors.fiscal-code');
    form.send({ type: 'CHANGE', field: 'codiceFiscale', value: 'rssmra80c52z112x' });
    expect(form.getSnapshot().context.errors.codiceFiscale).toBeUndefined();
    form.send({ type: 'CHANGE', field: 'statoNascita', value: 'IT' });
    expect(form.getSnapshot().context.errors.comuneNascita).toBe('identity-matcher.errors.comune-required');
  });

  it('sends nothing while a field is wrong, and a complete form as the request to check', () => {
    const { form, received } = inParent({ sesso: 'F', statoNascita: 'DE', comuneNascita: 'Roma', codiceFiscale: '' });
    form.send({ type: 'SUBMIT' });
    expect(received()).toEqual([]);
    form.send({ type: 'CHANGE', field: 'codiceFiscale', value: ' rssmra80c52z112x ' });
    form.send({ type: 'SUBMIT' });
    // The code upper-cased and trimmed; the municipality only for people born in Italy.
    expect(received()).toEqual([{ type: 'IDENTITY_SUBMIT', person: { sesso: 'F', statoNascita: 'DE', codiceFiscale: 'RSSMRA80C52Z112X' } }]);
  });
});
