// The applicant's withdrawal (machines/pratica-withdrawal.ts): offered exactly where the lifecycle
// machine allows the applicant WITHDRAW, confirmed with an optional note that keeps the notes' rule,
// sent with the version on screen; the withdrawn pratica goes to the details machine, a refusal
// keeps the dialog open with its reason and has the details read again, a lost answer may be retried.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { detailsMachine, type DetailsRecord } from '#machines/details.ts';
import { decide, startPratica, type PersistedPratica } from '#machines/pratica/decide.ts';
import { canWithdraw, praticaWithdrawalMachine, type WithdrawInput } from '#machines/pratica-withdrawal.ts';
import { apiFailure } from '#shared/api/failure.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { PraticaRole, PraticaState, REGIME_DEFAULTS, ssuStateOf, type Regime } from '#shared/pratica.ts';
import { serverRequest } from './fixtures/requests.ts';

const APPLICANT = 7;
const admin = { role: PraticaRole.BO_ADMIN, userId: 3 } as const;

function pratica(regime: Regime, ...moves: Array<{ type: 'CONCLUDE_POSITIVE' | 'REQUEST_INTEGRATION' | 'WITHDRAW'; note?: string }>): PersistedPratica {
  let stored = startPratica({ regime, times: REGIME_DEFAULTS[regime], applicantId: APPLICANT, officeId: 3 });
  for (const [index, move] of [{ type: 'SEND' as const }, ...moves].entries()) {
    const actor = move.type === 'SEND' || move.type === 'WITHDRAW' ? { role: PraticaRole.APPLICANT, userId: APPLICANT } : admin;
    const decision = decide(stored, { ...move, at: `2026-03-0${index + 2}T09:00:00Z` } as never, actor);
    if (!decision.ok) throw new Error(decision.reason);
    stored = decision.next;
  }
  return stored;
}

function requestOf(stored: PersistedPratica, version = 4): SuapRequest {
  return serverRequest({
    requestId: 70,
    version,
    stateOfRequest: { stateOfRequestId: stored.state, descriptionIt: '', descriptionEn: '' },
    ssuState: ssuStateOf(stored.state),
    pratica: stored.context,
  });
}

describe('who may withdraw', () => {
  it('is the applicant of a sent pratica not concluded, as the lifecycle machine says', () => {
    expect(canWithdraw(requestOf(pratica('SCIA')), APPLICANT)).toBe(true);
    expect(canWithdraw(requestOf(pratica('AUTORIZZAZIONE', { type: 'REQUEST_INTEGRATION', note: 'La planimetria.' })), APPLICANT)).toBe(true);
    expect(canWithdraw(requestOf(pratica('SCIA')), APPLICANT + 1)).toBe(false);
    expect(canWithdraw(requestOf(pratica('SCIA')), null)).toBe(false);
    expect(canWithdraw(requestOf(pratica('SCIA', { type: 'CONCLUDE_POSITIVE', note: 'Conforme.' })), APPLICANT)).toBe(false);
    expect(canWithdraw(requestOf(pratica('SCIA', { type: 'WITHDRAW' })), APPLICANT)).toBe(false);
    // A COMUNICAZIONE is accepted on receipt: there is nothing left to withdraw.
    expect(canWithdraw(requestOf(pratica('COMUNICAZIONE')), APPLICANT)).toBe(false);
    // A draft has no pratica yet.
    expect(canWithdraw(serverRequest({ requestId: 71, version: 1 }), APPLICANT)).toBe(false);
  });
});

describe('withdrawing', () => {
  const sent = requestOf(pratica('SCIA'));
  const withdrawn = requestOf(pratica('SCIA', { type: 'WITHDRAW' }), 5);

  function start(withdraw: (input: WithdrawInput) => Promise<SuapRequest>) {
    const loads: number[] = [];
    const details = createActor(
      detailsMachine.provide({
        actors: {
          loadDetails: fromPromise<DetailsRecord, { requestId: number }>(async ({ input }) => {
            loads.push(input.requestId);
            return { request: sent };
          }),
        },
      }),
      { input: { requestId: sent.requestId } },
    ).start();
    const sentEvents: WithdrawInput[] = [];
    const actor = createActor(
      praticaWithdrawalMachine.provide({
        actors: {
          withdrawPratica: fromPromise<SuapRequest, WithdrawInput>(({ input }) => {
            sentEvents.push(input);
            return withdraw(input);
          }),
        },
      }),
      { input: { details } },
    ).start();
    return { actor, details, loads, sentEvents };
  }

  it('is not asked where the machine does not allow it', () => {
    const { actor } = start(() => Promise.resolve(withdrawn));
    actor.send({ type: 'ASK', request: sent, userId: APPLICANT + 1 });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('keeps the dialog open on a note that breaks the rule, then sends the withdrawal with the version on screen and shows the pratica withdrawn', async () => {
    const { actor, details, sentEvents } = start(() => Promise.resolve(withdrawn));
    await waitFor(details, (snapshot) => snapshot.matches({ record: 'loaded' }));
    actor.send({ type: 'ASK', request: sent, userId: APPLICANT });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'SET_NOTE', note: 'no' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.noteError).toBe('pa.withdraw.errors.note-minlength');
    actor.send({ type: 'SET_NOTE', note: '  Ho cambiato sede.  ' });
    expect(actor.getSnapshot().context.noteError).toBeNull();
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sentEvents).toEqual([{ requestId: 70, event: { type: 'WITHDRAW', version: 4, note: 'Ho cambiato sede.' } }]);
    expect(details.getSnapshot().context.record?.request.stateOfRequest.stateOfRequestId).toBe(PraticaState.WITHDRAWN);
  });

  it('sends no note when none is written', async () => {
    const { actor, sentEvents } = start(() => Promise.resolve(withdrawn));
    actor.send({ type: 'ASK', request: sent, userId: APPLICANT });
    actor.send({ type: 'SET_NOTE', note: '   ' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sentEvents[0]!.event).toEqual({ type: 'WITHDRAW', version: 4 });
  });

  it('says why the server refused, and has the details read again once the dialog closes', async () => {
    const refusal = apiFailure({ status: 409, code: 409, errorKey: 'transition-not-allowed', message: 'Conflict' });
    const { actor, details, loads } = start(() => Promise.reject(refusal));
    await waitFor(details, (snapshot) => snapshot.matches({ record: 'loaded' }));
    actor.send({ type: 'ASK', request: sent, userId: APPLICANT });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.matches('refused'));
    expect(actor.getSnapshot().context.failure).toBe('api-errors.transition-not-allowed');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('refused');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    await waitFor(details, (snapshot) => snapshot.matches({ record: 'loaded' }) && loads.length === 2);
  });

  it('lets the applicant try again when no answer came, and cancel without sending', async () => {
    let answers = 0;
    const { actor, sentEvents } = start(() => (answers++ === 0 ? Promise.reject(apiFailure({ status: 0 })) : Promise.resolve(withdrawn)));
    actor.send({ type: 'ASK', request: sent, userId: APPLICANT });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.failure).toBe('pa.withdraw.failed');
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sentEvents).toHaveLength(2);

    const other = start(() => Promise.resolve(withdrawn));
    other.actor.send({ type: 'ASK', request: sent, userId: APPLICANT });
    other.actor.send({ type: 'SET_NOTE', note: 'Forse no.' });
    other.actor.send({ type: 'CANCEL' });
    expect(other.actor.getSnapshot().value).toBe('idle');
    expect(other.actor.getSnapshot().context.note).toBe('');
    expect(other.sentEvents).toHaveLength(0);
  });
});
