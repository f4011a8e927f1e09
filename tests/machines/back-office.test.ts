// The back office's write machines and the details machine (docs/machines/README.md): model-based
// paths with the rules as invariants, plus one example per rule.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { praticaActionMachine } from '#machines/back-office/pratica-action.ts';
import type { ApiFailure } from '#shared/api/failure.ts';
import { checkEvent, checkStaff, checkStorageLimit, EMPTY_EVENT, EMPTY_STAFF, eventForm } from '#shared/validation/back-office-forms.ts';
import { staffFormMachine } from '#machines/back-office/staff-form.ts';
import { storageLimitMachine } from '#machines/back-office/storage-limit.ts';
import { detailsMachine } from '#machines/details.ts';
import {
  colleagues,
  detailsModel,
  movedRequest,
  praticaActionModel,
  range,
  refusal,
  staffFormModel,
  storageLimitModel,
  transitionRefused,
} from './models/back-office.model.ts';
import { defineModelSuite } from './support/harness.ts';

defineModelSuite(praticaActionModel, {
  'nothing is sent before a complete form is submitted': ({ after, calls }) => {
    for (const call of calls.filter((c) => c.src === 'fireEvent')) {
      expect(checkEvent(after.context.type, after.context.values).ok).toBe(true);
      expect(call.input).toMatchObject({ requestId: 12, event: { type: after.context.type } });
    }
  },
  'the event sent carries the version on screen and only what its form asks': ({ calls }) => {
    for (const call of calls.filter((c) => c.src === 'fireEvent')) {
      const event = (call.input as { event: Record<string, unknown> }).event;
      expect(event.version).toBe(2);
      const form = eventForm(event.type as never);
      expect('assigneeId' in event).toBe(form.assignee);
      expect('outcome' in event).toBe(form.outcome);
      if (!form.note) expect('note' in event).toBe(false);
    }
  },
  'only an assignment loads the colleagues': ({ after, calls }) => {
    for (const call of calls.filter((c) => c.src === 'loadColleagues')) expect(after.context.type).toBe('ASSIGN');
  },
  'a 403 or 409 ends in refused and announces it, never in done': ({ event, after, emitted }) => {
    if (event.type !== 'xstate.error.actor.fireEvent') return;
    const status = (event as unknown as { error: ApiFailure }).error.status;
    if (status === 403 || status === 409) {
      expect(after.value).toBe('refused');
      expect(emitted).toEqual([{ type: 'refused', failure: (event as unknown as { error: ApiFailure }).error }]);
    }
  },
  'done announces the moved pratica once': ({ after, emitted }) => {
    if (after.matches('done') && emitted.length > 0) expect(emitted).toEqual([{ type: 'moved', request: movedRequest }]);
  },
  'cancel closes the dialog and sends nothing': ({ event, after, emitted, calls }) => {
    if (event.type === 'CANCEL') {
      expect(after.value).toBe('cancelled');
      expect(emitted).toEqual([{ type: 'cancelled' }]);
      expect(calls).toEqual([]);
    }
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
  it('takes a multi-line note with real punctuation where an act needs one, and refuses control characters and overlong ones', () => {
    const note = 'Manca la "planimetria".\nCosto: 100 € (50%) — scrivere a suap@comune.it!';
    expect(checkEvent('CONCLUDE_NEGATIVE', { ...EMPTY_EVENT, note: ` ${note} ` })).toEqual({ ok: true, value: { type: 'CONCLUDE_NEGATIVE', note } });
    expect(checkEvent('REQUEST_INTEGRATION', { ...EMPTY_EVENT, note: 'ok\u0007ok' })).toEqual({
      ok: false,
      errors: { note: 'bo.pratica.errors.note-pattern' },
    });
    expect(checkEvent('REFUSE', { ...EMPTY_EVENT, note: 'x'.repeat(1001) })).toEqual({ ok: false, errors: { note: 'bo.pratica.errors.note-maxlength' } });
    expect(checkEvent('RECORD_ANSWER', EMPTY_EVENT)).toEqual({ ok: false, errors: { note: 'bo.pratica.errors.note-required' } });
    expect(checkEvent('ORDER_SUSPENSION', { ...EMPTY_EVENT, note: 'no' })).toEqual({ ok: false, errors: { note: 'bo.pratica.errors.note-minlength' } });
  });

  it('asks each event for what its form has: nothing to take in charge, a colleague to assign, an outcome (and an optional note) to propose', () => {
    expect(checkEvent('TAKE_IN_CHARGE', { note: 'ignored', assigneeId: '6', outcome: 'positive' })).toEqual({ ok: true, value: { type: 'TAKE_IN_CHARGE' } });
    expect(checkEvent('ASSIGN', EMPTY_EVENT)).toEqual({ ok: false, errors: { assigneeId: 'bo.pratica.errors.assignee' } });
    expect(checkEvent('ASSIGN', { ...EMPTY_EVENT, assigneeId: '6' })).toEqual({ ok: true, value: { type: 'ASSIGN', assigneeId: 6 } });
    expect(checkEvent('PROPOSE_OUTCOME', EMPTY_EVENT)).toEqual({ ok: false, errors: { outcome: 'bo.pratica.errors.outcome' } });
    expect(checkEvent('PROPOSE_OUTCOME', { ...EMPTY_EVENT, outcome: 'positive' })).toEqual({
      ok: true,
      value: { type: 'PROPOSE_OUTCOME', outcome: 'positive' },
    });
    expect(checkEvent('PROPOSE_OUTCOME', { ...EMPTY_EVENT, outcome: 'negative', note: 'Manca la visura.' })).toEqual({
      ok: true,
      value: { type: 'PROPOSE_OUTCOME', outcome: 'negative', note: 'Manca la visura.' },
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

  it('offers the clerk ("istruttore", profile 4) among the staff profiles', () => {
    const values = { ...EMPTY_STAFF, firstName: 'Chiara', lastName: 'Russo', email: 'chiara.russo@example.org', fiscalCode: 'RSSCHR85L59F205V' };
    expect(checkStaff({ ...values, profileId: '4' })).toMatchObject({ ok: true, value: { profile: { profileId: 4 } } });
    expect(checkStaff({ ...values, profileId: '' })).toEqual({ ok: false, errors: { profileId: 'bo.users.errors.profile' } });
  });
});

describe('back-office machines, by example', () => {
  it('sends an integration request with its note and the version seen, and announces the moved pratica', async () => {
    const sent: unknown[] = [];
    const actor = createActor(praticaActionMachine.provide({ actors: { fireEvent: fromPromise(async ({ input }) => (sent.push(input), movedRequest)) } }), {
      input: { requestId: 12, version: 2, type: 'REQUEST_INTEGRATION' },
    }).start();
    const announced: unknown[] = [];
    actor.on('moved', (event) => announced.push(event.request));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('fieldErrors');
    expect(sent).toEqual([]);
    actor.send({ type: 'SET_NOTE', note: 'La planimetria dei locali.' });
    actor.send({ type: 'SUBMIT' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.status === 'done' && resolve()));
    expect(sent).toEqual([{ requestId: 12, event: { type: 'REQUEST_INTEGRATION', note: 'La planimetria dei locali.', version: 2 } }]);
    expect(announced).toEqual([movedRequest]);
  });

  it('loads the office’s clerks before an assignment, and lets the staff member try again when they do not come', async () => {
    let attempts = 0;
    const actor = createActor(
      praticaActionMachine.provide({
        actors: { loadColleagues: fromPromise(async () => (attempts++ === 0 ? Promise.reject(refusal(0)) : colleagues)) },
      }),
      { input: { requestId: 12, version: 2, type: 'ASSIGN' } },
    ).start();
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('colleaguesFailed') && resolve()));
    actor.send({ type: 'RETRY' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('editing') && resolve()));
    expect(actor.getSnapshot().context.colleagues).toEqual(colleagues);
  });

  it('announces a refused event with the server’s failure, for the page to say why', async () => {
    const actor = createActor(praticaActionMachine.provide({ actors: { fireEvent: fromPromise(() => Promise.reject(transitionRefused)) } }), {
      input: { requestId: 12, version: 2, type: 'TAKE_IN_CHARGE' },
    }).start();
    const refused: unknown[] = [];
    actor.on('refused', (event) => refused.push(event.failure));
    actor.send({ type: 'SUBMIT' });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.status === 'done' && resolve()));
    expect(actor.getSnapshot().value).toBe('refused');
    expect(refused).toEqual([transitionRefused]);
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
