// The pratica's lifecycle as the server and the desk use it (machines/pratica/decide.ts): who may fire
// each event (403 otherwise), what the state and the terms allow (409 otherwise, with the reason),
// each regime's clock, integration answers overdue and a term that stands still while a request waits.
import { describe, expect, it } from 'vitest';
import { allowedEvents, decide, isOverdue, startPratica, type PersistedPratica, type PraticaCommand } from '#machines/pratica/decide.ts';
import { EVENT_TYPES, FIRED_BY, type PraticaEventType } from '#machines/pratica/rules.ts';
import { praticaMachine, STATE_PATHS } from '#machines/pratica.ts';
import { listTransitions } from '#scripts/diagrams/walk.ts';
import { CLERK, PraticaState, regimeTimes, SSU_STATE, type PraticaActor, type PraticaStateId, type Regime } from '#shared/pratica.ts';
import { at, people, praticaInput, RECEIPT } from './models/pratica.model.ts';

type Step = readonly [PraticaCommand, PraticaActor];

/** Runs `steps` on a new pratica of `regime`, each one required to be accepted. */
function run(regime: Regime, steps: readonly Step[]): PersistedPratica {
  let pratica = startPratica(praticaInput(regime));
  for (const [command, actor] of steps) {
    const decision = decide(pratica, command, actor);
    if (!decision.ok) throw new Error(`${command.type} by ${String(actor.role)} refused: ${decision.status} ${decision.reason}`);
    pratica = decision.next;
  }
  return pratica;
}

const send: Step = [{ type: 'SEND', at: at(RECEIPT) }, people.applicant];
const takeInCharge: Step = [{ type: 'TAKE_IN_CHARGE', at: at('2027-03-02') }, people.clerk];
const askIntegration: Step = [{ type: 'REQUEST_INTEGRATION', at: at('2027-03-11') }, people.admin];

// The pratica in which each event is possible for the right person (SCIA, 1 March 2027, in charge of
// clerk 40 unless the event needs it unassigned), and the day it is fired on.
const ready: Record<PraticaEventType, { steps: readonly Step[]; day: string; payload?: object }> = {
  SEND: { steps: [], day: RECEIPT },
  DELETE: { steps: [], day: RECEIPT },
  CLOCK_DRAFT_EXPIRED: { steps: [], day: RECEIPT },
  WITHDRAW: { steps: [send, takeInCharge], day: '2027-03-05' },
  TAKE_IN_CHARGE: { steps: [send], day: '2027-03-02' },
  ASSIGN: { steps: [send, takeInCharge], day: '2027-03-05', payload: { assignee: people.colleague } },
  REQUEST_CORRECTION: { steps: [send, takeInCharge], day: '2027-03-05' },
  REQUEST_INTEGRATION: { steps: [send, takeInCharge], day: '2027-03-05' },
  ANSWER: { steps: [send, takeInCharge, askIntegration], day: '2027-03-15' },
  RECORD_ANSWER: { steps: [send, takeInCharge, askIntegration], day: '2027-03-15' },
  PROPOSE_OUTCOME: { steps: [send, takeInCharge], day: '2027-03-05', payload: { outcome: 'positive' } },
  REFUSE: { steps: [send, takeInCharge], day: '2027-03-05' },
  CONCLUDE_POSITIVE: { steps: [send, takeInCharge], day: '2027-03-05' },
  CONCLUDE_NEGATIVE: { steps: [send, takeInCharge], day: '2027-03-05' },
  ORDER_SUSPENSION: { steps: [send, takeInCharge], day: '2027-03-05' },
  ORDER_CONFORMATION: { steps: [send, takeInCharge], day: '2027-03-05' },
  CLOCK_INTEGRATION_OVERDUE: { steps: [send, takeInCharge, askIntegration], day: '2027-03-27' },
  CLOCK_TERM_ELAPSED: { steps: [send, takeInCharge], day: '2027-05-01' },
};

// Who may fire each event, as the lifecycle's table says (the clerk in charge is `clerk`).
type Person = keyof typeof people;
const applicantOnly: Person[] = ['applicant'];
const clockOnly: Person[] = ['clock'];
const assigneeOrAdmin: Person[] = ['clerk', 'admin'];
const adminOnly: Person[] = ['admin'];
const mayFire: Record<PraticaEventType, Person[]> = {
  SEND: applicantOnly,
  DELETE: applicantOnly,
  CLOCK_DRAFT_EXPIRED: clockOnly,
  WITHDRAW: applicantOnly,
  // Unassigned yet: any clerk of the office may take it; a clerk of another office may not.
  TAKE_IN_CHARGE: ['clerk', 'colleague'],
  ASSIGN: adminOnly,
  REQUEST_CORRECTION: assigneeOrAdmin,
  REQUEST_INTEGRATION: assigneeOrAdmin,
  ANSWER: applicantOnly,
  RECORD_ANSWER: assigneeOrAdmin,
  PROPOSE_OUTCOME: assigneeOrAdmin,
  REFUSE: adminOnly,
  CONCLUDE_POSITIVE: adminOnly,
  CONCLUDE_NEGATIVE: adminOnly,
  ORDER_SUSPENSION: adminOnly,
  ORDER_CONFORMATION: adminOnly,
  CLOCK_INTEGRATION_OVERDUE: clockOnly,
  CLOCK_TERM_ELAPSED: clockOnly,
};

describe('who may fire what (every role × event)', () => {
  const cases = EVENT_TYPES.flatMap((type) => (Object.keys(people) as Person[]).map((person) => [type, person] as const));

  it.each(cases)('%s by %s', (type, person) => {
    const { steps, day, payload } = ready[type];
    const pratica = run('SCIA', steps);
    const decision = decide(pratica, { type, at: at(day), ...payload } as PraticaCommand, people[person]);
    if (mayFire[type].includes(person)) expect(decision).toMatchObject({ ok: true });
    else expect(decision).toMatchObject({ ok: false, status: 403 });
  });

  it.each(cases)('%s by %s on a concluded pratica: 409 for who may fire it, 403 for anyone else', (type, person) => {
    const concluded = run('SCIA', [send, takeInCharge, [{ type: 'CONCLUDE_POSITIVE', at: at('2027-03-05') }, people.admin]]);
    const { payload } = ready[type];
    const decision = decide(concluded, { type, at: at('2027-03-06'), ...payload } as PraticaCommand, people[person]);
    expect(decision).toMatchObject({ ok: false, status: mayFire[type].includes(person) ? 409 : 403 });
  });

  it('guards every transition of an event first by who fires it', () => {
    for (const transition of listTransitions(praticaMachine)) {
      if (transition.kind !== 'event') continue;
      expect(transition.guardNames[0], transition.key).toBe(FIRED_BY[transition.eventType as PraticaEventType]);
    }
  });

  it('answers 403 to a person who may never act, even on a concluded pratica', () => {
    const concluded = run('SCIA', [send, [{ type: 'CONCLUDE_POSITIVE', at: at('2027-03-05') }, people.admin]]);
    expect(decide(concluded, { type: 'CONCLUDE_NEGATIVE', at: at('2027-03-06') }, people.applicant)).toMatchObject({ ok: false, status: 403 });
    expect(decide(concluded, { type: 'CONCLUDE_NEGATIVE', at: at('2027-03-06') }, people.admin)).toEqual({
      ok: false,
      status: 409,
      reason: 'CONCLUDE_NEGATIVE is not possible in state accepted',
    });
  });

  it("answers 403 to another applicant's answer and to a clerk not in charge", () => {
    const waiting = run('SCIA', [send, takeInCharge, askIntegration]);
    expect(decide(waiting, { type: 'ANSWER', at: at('2027-03-15') }, people.otherApplicant)).toMatchObject({
      status: 403,
      reason: 'only the applicant may ANSWER',
    });
    expect(decide(waiting, { type: 'RECORD_ANSWER', at: at('2027-03-15') }, people.colleague)).toMatchObject({ status: 403 });
  });
});

describe('what the state and the file allow (409)', () => {
  it('takes in charge once: a second clerk is refused while someone is in charge, and the state stays', () => {
    const taken = run('SCIA', [send, takeInCharge]);
    expect(taken.state).toBe(PraticaState.PRESENTED);
    expect(taken.context.assigneeId).toBe(people.clerk.userId);
    expect(decide(taken, { type: 'TAKE_IN_CHARGE', at: at('2027-03-03') }, people.colleague)).toEqual({
      ok: false,
      status: 409,
      reason: 'someone is already in charge of the pratica',
    });
  });

  it('assigns only to a clerk of the pratica’s office', () => {
    const taken = run('SCIA', [send, takeInCharge]);
    const refused = decide(taken, { type: 'ASSIGN', at: at('2027-03-03'), assignee: people.otherOfficeClerk }, people.admin);
    expect(refused).toEqual({ ok: false, status: 409, reason: "the colleague is not a clerk of the pratica's office" });
    const assigned = decide(taken, { type: 'ASSIGN', at: at('2027-03-03'), assignee: people.colleague }, people.admin);
    expect(assigned.ok && assigned.next).toMatchObject({ state: PraticaState.PRESENTED, context: { assigneeId: people.colleague.userId } });
  });

  it('asks for integrations once only (L. 241/1990 art. 2 c. 7)', () => {
    const integrated = run('SCIA', [send, takeInCharge, askIntegration, [{ type: 'ANSWER', at: at('2027-03-15') }, people.applicant]]);
    expect(integrated.state).toBe(PraticaState.INTEGRATED);
    expect(decide(integrated, { type: 'REQUEST_INTEGRATION', at: at('2027-03-16') }, people.clerk)).toMatchObject({ status: 409 });
    expect(allowedEvents(integrated, people.admin, at('2027-03-16'))).not.toContain('REQUEST_INTEGRATION');
    expect(allowedEvents(integrated, people.admin, at('2027-03-16'))).toContain('CONCLUDE_POSITIVE');
  });

  it('forbids or orders conformation of a SCIA only', () => {
    const authorisation = run('AUTORIZZAZIONE', [send]);
    expect(decide(authorisation, { type: 'ORDER_SUSPENSION', at: at('2027-03-05') }, people.admin)).toEqual({
      ok: false,
      status: 409,
      reason: 'only a SCIA can be suspended or ordered to conform',
    });
    const scia = decide(run('SCIA', [send]), { type: 'ORDER_CONFORMATION', at: at('2027-03-05'), note: 'Adeguare le uscite' }, people.admin);
    expect(scia).toMatchObject({ ok: true, next: { state: PraticaState.CONFORMATION_ORDERED }, history: { note: 'Adeguare le uscite', from: 3, to: 13 } });
  });

  it('lets the applicant withdraw while it is open, waiting for an answer included, and not once concluded', () => {
    const waiting = run('SCIA', [send, askIntegration]);
    expect(decide(waiting, { type: 'WITHDRAW', at: at('2027-03-12') }, people.applicant)).toMatchObject({ ok: true, next: { state: PraticaState.WITHDRAWN } });
    const refused = run('SCIA', [send, [{ type: 'REFUSE', at: at('2027-03-03') }, people.admin]]);
    expect(refused.state).toBe(PraticaState.REFUSED);
    expect(decide(refused, { type: 'WITHDRAW', at: at('2027-03-04') }, people.applicant)).toMatchObject({ ok: false, status: 409 });
  });

  it('deletes a draft by the applicant or, past its storage limit, by the clock; a sent pratica is not deleted', () => {
    expect(run('SCIA', [[{ type: 'DELETE', at: at(RECEIPT) }, people.applicant]]).state).toBe(PraticaState.DELETED);
    expect(run('SCIA', [[{ type: 'CLOCK_DRAFT_EXPIRED', at: at(RECEIPT) }, people.clock]]).state).toBe(PraticaState.DELETED);
    expect(decide(run('SCIA', [send]), { type: 'DELETE', at: at('2027-03-02') }, people.applicant)).toMatchObject({ status: 409 });
  });

  it('takes the date from the caller’s clock only: an unreadable instant is a bug, not a refusal', () => {
    expect(() => decide(run('SCIA', []), { type: 'SEND', at: '2027-02-30T09:00:00Z' }, people.applicant)).toThrow(/no readable instant/);
    expect(() => decide(run('SCIA', []), { type: 'SEND', at: '2027-03-01' }, people.applicant)).toThrow(/no readable instant/);
  });

  it('keeps the proposal of the clerk in charge without moving the state', () => {
    const proposed = decide(run('SCIA', [send, takeInCharge]), { type: 'PROPOSE_OUTCOME', at: at('2027-03-05'), outcome: 'negative' }, people.clerk);
    expect(proposed).toMatchObject({ ok: true, next: { state: 3, context: { proposal: { outcome: 'negative', by: 40 } } }, history: { from: 3, to: 3 } });
  });
});

describe('regimes and their clocks', () => {
  const clockOn = (day: string): Step => [{ type: 'CLOCK_TERM_ELAPSED', at: at(day) }, people.clock];

  it('SCIA: 60 days from receipt; at the end of the 60th day with no act the SCIA stands (14)', () => {
    const sent = run('SCIA', [send]);
    expect(sent.context).toMatchObject({ receivedOn: '2027-03-01', termEndsOn: '2027-04-30', dueOn: '2027-04-30' });
    expect(decide(sent, clockOn('2027-04-30')[0], people.clock)).toEqual({ ok: false, status: 409, reason: "the proceeding's term has not elapsed" });
    const stands = decide(sent, clockOn('2027-05-03')[0], people.clock);
    expect(stands).toMatchObject({ ok: true, next: { state: PraticaState.TIME_EXPIRED, context: { concludedOn: '2027-05-01' } } });
    // An administrator acting after the term finds it elapsed, even before the clock noticed.
    expect(decide(sent, { type: 'ORDER_SUSPENSION', at: at('2027-05-01') }, people.admin)).toEqual({
      ok: false,
      status: 409,
      reason: "the proceeding's term has elapsed: silence has decided",
    });
  });

  it('SILENZIO-ASSENSO: 30 days, then silence is consent (14)', () => {
    const sent = run('SILENZIO-ASSENSO', [send]);
    expect(sent.context.dueOn).toBe('2027-03-31');
    expect(run('SILENZIO-ASSENSO', [send, clockOn('2027-04-01')]).state).toBe(PraticaState.TIME_EXPIRED);
  });

  it('AUTORIZZAZIONE: past due it is flagged overdue and stays open; the clock never concludes it', () => {
    const sent = run('AUTORIZZAZIONE', [send]);
    expect(sent.context.dueOn).toBe('2027-03-31');
    expect(isOverdue(sent.context, '2027-03-31')).toBe(false);
    expect(isOverdue(sent.context, '2027-04-01')).toBe(true);
    const flagged = run('AUTORIZZAZIONE', [send, clockOn('2027-04-01')]);
    expect(flagged).toMatchObject({ state: PraticaState.PRESENTED, context: { overdue: true, concludedOn: null } });
    // The clock again: refused harmlessly.
    expect(decide(flagged, clockOn('2027-04-02')[0], people.clock)).toEqual({ ok: false, status: 409, reason: 'the pratica is already flagged overdue' });
    // Integrations are asked within 30 days; the decision may still come late.
    expect(decide(flagged, { type: 'REQUEST_INTEGRATION', at: at('2027-04-02') }, people.admin)).toMatchObject({
      status: 409,
      reason: 'the window for integration requests has elapsed',
    });
    expect(decide(flagged, { type: 'CONCLUDE_POSITIVE', at: at('2027-04-20') }, people.admin)).toMatchObject({
      ok: true,
      next: { state: PraticaState.ACCEPTED, context: { concludedOn: '2027-04-20' } },
    });
  });

  it('COMUNICAZIONE: no proceeding, accepted on receipt (4)', () => {
    const received = run('COMUNICAZIONE', [send]);
    expect(received).toMatchObject({ state: PraticaState.ACCEPTED, context: { receivedOn: RECEIPT, concludedOn: RECEIPT, dueOn: null } });
    expect(allowedEvents(received, people.applicant)).toEqual([]);
    expect(decide(received, clockOn('2027-06-01')[0], people.clock)).toMatchObject({ status: 409 });
  });

  it('refuses a repeated clock event in a pratica that moved on, changing nothing', () => {
    const ended = run('SCIA', [send, clockOn('2027-05-01')]);
    expect(decide(ended, clockOn('2027-05-02')[0], people.clock)).toEqual({
      ok: false,
      status: 409,
      reason: 'CLOCK_TERM_ELAPSED is not possible in state timeExpired',
    });
  });

  it("takes an initiative's own times within the law's limits", () => {
    expect(regimeTimes('AUTORIZZAZIONE', { proceedingDays: 60, integrationAnswerDays: 20 })).toMatchObject({
      ok: true,
      times: { proceedingDays: 60, integrationAnswerDays: 20 },
    });
    expect(regimeTimes('SCIA', { integrationAnswerDays: 31 })).toEqual({ ok: false, problem: 'integration-answer-days' });
    expect(regimeTimes('SCIA', { integrationRequestDays: 61 })).toEqual({ ok: false, problem: 'integration-request-days' });
    expect(regimeTimes('SCIA', { proceedingDays: 0 })).toEqual({ ok: false, problem: 'proceeding-days' });
  });
});

describe('integration answers', () => {
  it('are due 15 days after the request; an answer past that is refused and the clock closes the pratica (11)', () => {
    const waiting = run('SCIA', [send, takeInCharge, askIntegration]);
    expect(waiting).toMatchObject({ state: PraticaState.INTEGRATION_REQUESTED, context: { integrationDueOn: '2027-03-26', suspendedSince: '2027-03-11' } });
    expect(decide(waiting, { type: 'CLOCK_INTEGRATION_OVERDUE', at: at('2027-03-26') }, people.clock)).toMatchObject({ status: 409 });
    expect(decide(waiting, { type: 'ANSWER', at: at('2027-03-27') }, people.applicant)).toEqual({
      ok: false,
      status: 409,
      reason: 'the integration answer is overdue',
    });
    expect(decide(waiting, { type: 'CLOCK_INTEGRATION_OVERDUE', at: at('2027-03-29') }, people.clock)).toMatchObject({
      ok: true,
      next: { state: PraticaState.INTEGRATION_EXPIRED, context: { concludedOn: '2027-03-27' } },
    });
  });

  it('take an initiative’s own answer days', () => {
    const times = regimeTimes('SCIA', { integrationAnswerDays: 25 });
    if (!times.ok) throw new Error('times refused');
    let pratica = startPratica({ ...praticaInput('SCIA'), times: times.times });
    for (const [command, actor] of [send, askIntegration]) {
      const decision = decide(pratica, command, actor);
      if (!decision.ok) throw new Error(decision.reason);
      pratica = decision.next;
    }
    expect(pratica.context.integrationDueOn).toBe('2027-04-05');
  });

  it('may be recorded by the clerk in charge when they came by other means', () => {
    const waiting = run('SCIA', [send, takeInCharge, askIntegration]);
    const recorded = decide(waiting, { type: 'RECORD_ANSWER', at: at('2027-03-20'), note: 'Received by PEC' }, people.clerk);
    expect(recorded).toMatchObject({ ok: true, next: { state: PraticaState.INTEGRATED }, history: { actorRole: 4, actorUserId: 40, note: 'Received by PEC' } });
  });
});

describe('a term that stands still while a request waits', () => {
  it('gives back the days left from the answer day (SCIA: 50 days left on 11 March, answered 21 March → 10 May)', () => {
    const waiting = run('SCIA', [send, askIntegration]);
    expect(waiting.context).toMatchObject({ suspendedSince: '2027-03-11', daysLeftWhenSuspended: 50 });
    const resumed = run('SCIA', [send, askIntegration, [{ type: 'ANSWER', at: at('2027-03-21') }, people.applicant]]);
    expect(resumed.context).toMatchObject({ termEndsOn: '2027-05-10', dueOn: '2027-05-10', pausedDays: 10, suspendedSince: null, daysLeftWhenSuspended: null });
    expect(decide(resumed, { type: 'CLOCK_TERM_ELAPSED', at: at('2027-05-10') }, people.clock)).toMatchObject({ status: 409 });
    expect(decide(resumed, { type: 'CLOCK_TERM_ELAPSED', at: at('2027-05-11') }, people.clock)).toMatchObject({
      ok: true,
      next: { state: PraticaState.TIME_EXPIRED },
    });
  });

  it('does not run while it stands still: the clock finds nothing to do, the conclusions wait', () => {
    const waiting = run('SCIA', [send, [{ type: 'REQUEST_CORRECTION', at: at('2027-03-02') }, people.admin]]);
    expect(waiting.state).toBe(PraticaState.CORRECTION_REQUESTED);
    expect(decide(waiting, { type: 'CLOCK_TERM_ELAPSED', at: at('2027-06-01') }, people.clock)).toMatchObject({ status: 409 });
    expect(decide(waiting, { type: 'CONCLUDE_POSITIVE', at: at('2027-03-03') }, people.admin)).toMatchObject({ status: 409 });
    const corrected = run('SCIA', [
      send,
      [{ type: 'REQUEST_CORRECTION', at: at('2027-03-02') }, people.admin],
      [{ type: 'ANSWER', at: at('2027-06-01') }, people.applicant],
    ]);
    // 59 days were left on 2 March; from 1 June they end on 30 July.
    expect(corrected).toMatchObject({ state: PraticaState.CORRECTED, context: { termEndsOn: '2027-07-30', dueOn: '2027-07-30', pausedDays: 91 } });
  });

  it('moves the window for integration requests by the days it stood still', () => {
    // AUTORIZZAZIONE: 30 days from 1 March; a correction from 5 to 15 March moves the window to 10 April.
    const corrected = run('AUTORIZZAZIONE', [
      send,
      [{ type: 'REQUEST_CORRECTION', at: at('2027-03-05') }, people.admin],
      [{ type: 'ANSWER', at: at('2027-03-15') }, people.applicant],
    ]);
    expect(corrected.context.dueOn).toBe('2027-04-10'); // a Saturday: a working day
    expect(decide(corrected, { type: 'REQUEST_INTEGRATION', at: at('2027-04-10') }, people.admin)).toMatchObject({ ok: true });
    expect(decide(corrected, { type: 'REQUEST_INTEGRATION', at: at('2027-04-11') }, people.admin)).toMatchObject({ status: 409 });
  });

  it('ends on the next working day when the resumed term ends on a holiday', () => {
    // SCIA from 1 March (term ends 30 April), paused on 20 April for one day: ends 1 May, a holiday,
    // then Sunday 2 May: due Monday 3 May.
    const resumed = run('SCIA', [
      send,
      [{ type: 'REQUEST_CORRECTION', at: at('2027-04-20') }, people.admin],
      [{ type: 'ANSWER', at: at('2027-04-21') }, people.applicant],
    ]);
    expect(resumed.context).toMatchObject({ termEndsOn: '2027-05-01', dueOn: '2027-05-03' });
  });
});

describe('what the screens offer', () => {
  const taken = () => run('SCIA', [send, takeInCharge]);

  it('offers each person only their own actions', () => {
    expect(allowedEvents(taken(), people.applicant)).toEqual(['WITHDRAW']);
    expect(allowedEvents(taken(), people.collaborator)).toEqual([]);
    expect(allowedEvents(taken(), people.otherApplicant)).toEqual([]);
    expect(allowedEvents(taken(), people.clerk)).toEqual(['REQUEST_CORRECTION', 'REQUEST_INTEGRATION', 'PROPOSE_OUTCOME']);
    expect(allowedEvents(taken(), people.colleague)).toEqual([]);
    expect(allowedEvents(run('SCIA', [send]), people.colleague)).toEqual(['TAKE_IN_CHARGE']);
    expect(allowedEvents(taken(), people.admin)).toEqual([
      'ASSIGN',
      'REQUEST_CORRECTION',
      'REQUEST_INTEGRATION',
      'PROPOSE_OUTCOME',
      'REFUSE',
      'CONCLUDE_POSITIVE',
      'CONCLUDE_NEGATIVE',
      'ORDER_SUSPENSION',
      'ORDER_CONFORMATION',
    ]);
  });

  it('checks the terms when given the day', () => {
    expect(allowedEvents(taken(), people.admin, at('2027-05-01'))).toEqual(['ASSIGN', 'PROPOSE_OUTCOME']);
    expect(allowedEvents(taken(), people.clock, at('2027-04-30'))).toEqual([]);
    expect(allowedEvents(taken(), people.clock, at('2027-05-01'))).toEqual(['CLOCK_TERM_ELAPSED']);
  });

  it('maps every state id to a state of the machine, described with its id and its Catalogo SSU name', () => {
    expect(Object.keys(STATE_PATHS).map(Number)).toEqual(Object.values(PraticaState));
    for (const [id, path] of Object.entries(STATE_PATHS)) {
      const node = praticaMachine.getStateNodeById(`pratica.${path}`);
      const ssu = SSU_STATE[Number(id) as PraticaStateId];
      expect(node.description, path).toMatch(new RegExp(`^${id} · ${ssu ?? ''}`));
      expect(['atomic', 'final'], path).toContain(node.type);
    }
  });

  it('knows the clerk as profile 4, the one a clerk of the office acts with', () => {
    expect(CLERK).toBe(4);
    expect(decide(run('SCIA', [send]), { type: 'TAKE_IN_CHARGE', at: at('2027-03-02') }, { role: CLERK, userId: 50, officeIds: [7] })).toMatchObject({
      ok: true,
    });
  });
});
