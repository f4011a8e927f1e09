// The back office's write machines and the details machine (docs/machines/README.md): model-based
// paths with the rules as invariants, plus one example per rule.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { decisionMachine } from '#machines/back-office/decision.ts';
import type { ApiFailure } from '#shared/api/failure.ts';
import { checkDecision, checkStaff, checkStorageLimit, EMPTY_STAFF } from '#shared/validation/back-office-forms.ts';
import { staffFormMachine } from '#machines/back-office/staff-form.ts';
import { storageLimitMachine } from '#machines/back-office/storage-limit.ts';
import { detailsMachine } from '#machines/details.ts';
import { decidedRequest, decisionModel, detailsModel, range, refusal, staffFormModel, storageLimitModel } from './models/back-office.model.ts';
import { defineModelSuite } from './support/harness.ts';

defineModelSuite(decisionModel, {
  'nothing is sent before the clerk confirms': ({ after, calls }) => {
    if (calls.length > 0)
      expect(after.matches('submitting') || after.matches('done') || after.matches('stale') || after.matches('failed') || after.matches('fieldErrors')).toBe(
        true,
      );
  },
  'a confirmation is asked only for a complete form': ({ after }) => {
    if (after.matches('confirming')) expect(checkDecision(after.context.values).ok).toBe(true);
  },
  'the decision sent carries the version the clerk saw': ({ calls }) => {
    for (const call of calls) expect((call.input as { decision: { version: number } }).decision.version).toBe(2);
  },
  'a stale answer ends in stale, never in done': ({ event, after }) => {
    if (event.type === 'xstate.error.actor.decide' && (event as unknown as { error: ApiFailure }).error.status === 409) expect(after.value).toBe('stale');
  },
  'done announces the decided request once': ({ after, emitted }) => {
    if (after.matches('done') && emitted.length > 0) expect(emitted).toEqual([{ type: 'decided', request: decidedRequest }]);
  },
});

defineModelSuite(storageLimitModel, {
  'only a day in the range offered is sent': ({ calls }) => {
    for (const call of calls) expect(checkStorageLimit((call.input as { day: string }).day, range).ok).toBe(true);
  },
  'a day beyond the maximum shows its own message': ({ after }) => {
    if (after.matches('fieldErrors') && after.context.day === '2031-11-24' && after.context.failure === null)
      expect(after.context.errors.storageLimit).toBe('bo.storage-limit.errors.too-far');
  },
  'done shows the day stored as the current one': ({ after }) => {
    if (after.matches('done')) expect(after.context.current).toBe(after.context.day);
  },
});

defineModelSuite(staffFormModel, {
  "one's own active switch never changes": ({ after }) => {
    if (after.context.isSelf) expect(after.context.values.active).toBe(after.context.initial.active);
  },
  'a refusal the server names lands on its field': ({ event, after }) => {
    if (event.type === 'xstate.error.actor.saveStaff' && (event as unknown as { error: ApiFailure }).error.errorKey === 'duplicate-fiscal-code') {
      expect(after.context.errors).toEqual({ fiscalCode: 'bo.users.errors.duplicate-fiscal-code' });
    }
  },
  'cancel asks first only when something changed': ({ event, before, after }) => {
    if (event.type === 'CANCEL' && before)
      expect(after.matches('confirmingCancel')).toBe(JSON.stringify(before.context.values) !== JSON.stringify(before.context.initial));
  },
});

defineModelSuite(detailsModel, {
  'a failed load shows no record and the generic error': ({ after }) => {
    if (after.matches({ record: 'failed' })) expect(after.context).toMatchObject({ record: null, status: { code: 999 } });
  },
  'the PDF is downloaded only for a request on screen': ({ calls }) => {
    for (const call of calls.filter((c) => c.src === 'downloadPdf')) expect(call.input).toEqual({ requestId: 7 });
  },
});

describe('back-office form rules (yup, shared patterns)', () => {
  it('takes a multi-line reason with real punctuation and refuses control characters and overlong ones', () => {
    expect(checkDecision({ outcome: 'reject', reason: 'Manca la "planimetria".\nCosto: 100 € (50%) — scrivere a suap@comune.it!' })).toMatchObject({
      ok: true,
      value: { stateOfRequestId: 5 },
    });
    expect(checkDecision({ outcome: 'accept', reason: 'ok\u0007ok' })).toEqual({ ok: false, errors: { reason: 'bo.decision.errors.pattern' } });
    expect(checkDecision({ outcome: 'accept', reason: 'x'.repeat(1001) })).toEqual({ ok: false, errors: { reason: 'bo.decision.errors.maxlength' } });
    expect(checkDecision({ outcome: '', reason: '' })).toEqual({
      ok: false,
      errors: { outcome: 'bo.decision.errors.outcome', reason: 'bo.decision.errors.required' },
    });
  });

  it('offers storage limits from tomorrow to the maximum, as calendar days', () => {
    expect(checkStorageLimit('2026-11-24', range)).toEqual({ ok: true, value: '2026-11-24' });
    expect(checkStorageLimit('2031-11-23', range).ok).toBe(true);
    expect(checkStorageLimit('2026-11-23', range)).toEqual({ ok: false, errors: { storageLimit: 'bo.storage-limit.errors.future' } });
    expect(checkStorageLimit('2031-11-24', range)).toEqual({ ok: false, errors: { storageLimit: 'bo.storage-limit.errors.too-far' } });
    expect(checkStorageLimit('2027-02-30', range)).toEqual({ ok: false, errors: { storageLimit: 'bo.storage-limit.errors.date' } });
    expect(checkStorageLimit('', range)).toEqual({ ok: false, errors: { storageLimit: 'bo.storage-limit.errors.required' } });
  });

  it('checks a staff fiscal code’s check character in the form', () => {
    const values = { ...EMPTY_STAFF, firstName: 'Paola', lastName: 'Neri', email: 'paola.neri@example.org', profileId: '3' as const };
    expect(checkStaff({ ...values, fiscalCode: 'vrdnna75d52f839y' })).toMatchObject({
      ok: true,
      value: { fiscalCode: 'VRDNNA75D52F839Y', profile: { profileId: 3 } },
    });
    expect(checkStaff({ ...values, fiscalCode: 'VRDNNA75D52F839X' })).toEqual({ ok: false, errors: { fiscalCode: 'bo.users.errors.check-character' } });
    expect(checkStaff({ ...values, fiscalCode: 'VRDNNA75' })).toEqual({ ok: false, errors: { fiscalCode: 'bo.users.errors.fiscal-code' } });
  });
});

describe('back-office machines, by example', () => {
  it('sends a decision only after the confirmation, with the version seen', async () => {
    const sent: unknown[] = [];
    const actor = createActor(decisionMachine.provide({ actors: { decide: fromPromise(async ({ input }) => (sent.push(input), decidedRequest)) } }), {
      input: { requestId: 12, version: 2 },
    }).start();
    actor.send({ type: 'SET_OUTCOME', outcome: 'reject' });
    actor.send({ type: 'SET_REASON', reason: 'Manca la planimetria.' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(sent).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.status === 'done' && resolve()));
    expect(sent).toEqual([{ requestId: 12, decision: { stateOfRequestId: 5, reason: 'Manca la planimetria.', version: 2 } }]);
  });

  it('keeps the clerk on the storage limit form after a save, with the day stored', async () => {
    const actor = createActor(storageLimitMachine.provide({ actors: { saveStorageLimit: fromPromise(async ({ input }) => input.day) } }), {
      input: { requestId: 7, current: null, range },
    }).start();
    actor.send({ type: 'SET_DAY', day: '2027-03-15' });
    actor.send({ type: 'SUBMIT' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('done') && resolve()));
    expect(actor.getSnapshot().context.current).toBe('2027-03-15');
  });

  it('shows a duplicate e-mail on the e-mail field', async () => {
    const failure = refusal(409, 'duplicate-email');
    const actor = createActor(staffFormMachine.provide({ actors: { saveStaff: fromPromise(() => Promise.reject(failure)) } }), {
      input: {
        initial: { firstName: 'Paola', lastName: 'Neri', fiscalCode: 'VRDNNA75D52F839Y', email: 'anna.verdi@example.org', profileId: '3', active: true },
      },
    }).start();
    actor.send({ type: 'SUBMIT' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('fieldErrors') && resolve()));
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'bo.users.errors.duplicate-email' });
  });

  it('shows the last administrator’s refusal of her own new fiscal code on the fiscal-code field, and another’s on the profile', async () => {
    const failure = refusal(400, 'last-administrator');
    const initial = {
      firstName: 'Anna',
      lastName: 'Verdi',
      fiscalCode: 'VRDNNA75D52F839Y',
      email: 'anna.verdi@example.org',
      profileId: '2',
      active: true,
    } as const;
    const errorsFor = async (isSelf: boolean) => {
      const actor = createActor(staffFormMachine.provide({ actors: { saveStaff: fromPromise(() => Promise.reject(failure)) } }), {
        input: { userId: 1, isSelf, initial },
      }).start();
      actor.send({ type: 'SUBMIT' });
      await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('fieldErrors') && resolve()));
      return actor.getSnapshot().context.errors;
    };
    expect(await errorsFor(true)).toEqual({ fiscalCode: 'bo.users.errors.last-administrator-own-code' });
    expect(await errorsFor(false)).toEqual({ profileId: 'bo.users.errors.last-administrator' });
  });

  it('says "none chosen" without loading anything', () => {
    const actor = createActor(detailsMachine, { input: { requestId: null } }).start();
    expect(actor.getSnapshot().matches({ record: 'none' })).toBe(true);
  });
});
