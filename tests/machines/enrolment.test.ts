// Enrolment machine (spec §4 "Enrolment step logic", §2 step menu, §9 step navigation 10 ms): every
// model path replayed on the pure machine with the invariants below, then one example per rule.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { enrolmentMachine, selectActiveStep, selectIsNavigating, selectStepViews } from '../../machines/enrolment.ts';
import { INITIAL_STEPS, stepForUrl, stepUrl, type StepData, type StepName } from '../../machines/enrolment/steps.ts';
import { StepStatus, Timings, type StepStatusValue } from '../../src/shared/constants.ts';
import { contact, initiative, office, personalData } from './fixtures/requests.ts';
import { enrolmentModel } from './models/enrolment.model.ts';
import { drive } from './support/drive.ts';
import { defineModelSuite } from './support/harness.ts';
import type { StepCheck } from './support/runner.ts';

const { TO_DO: T, ENABLED: E, WARNING: W, COMPLETE: C, READONLY: R } = StepStatus;
type Check = StepCheck<typeof enrolmentMachine>;

const statuses = (check: Pick<Check, 'after'>) => check.after.context.steps.map((step) => step.status);
const navigations = (emitted: readonly AnyEventObject[]) => emitted.filter((event) => event.type === 'navigate');

/** Spec §4 re-check, written again from the text as an oracle for the machine. */
function expectedRecheck(request: StepData, warnings: readonly StepName[] = []): StepStatusValue[] {
  const p = request.personalData;
  const done = [true, Boolean(request.procedureNotification), Boolean(request.iniziative && request.suap), Boolean(p?.firstName && p.lastName && p.fiscalCode), false, false];
  const stop = done.indexOf(false);
  if (warnings.length) return INITIAL_STEPS.map((step) => (warnings.includes(step.name) ? W : R));
  return done.map((_, index) => (index < stop ? C : index === stop ? E : T));
}

/** Whether the machine accepted a COMPLETE_STEP (the statuses or the pending navigation changed). */
const completed = ({ event, before, after }: Check) =>
  event.type === 'COMPLETE_STEP' && before !== null && (before.context.steps !== after.context.steps || before.context.pendingNavigation !== after.context.pendingNavigation);

defineModelSuite(enrolmentModel, {
  'exactly one active step when the url matches a step, none otherwise': ({ after }) => {
    const active = selectStepViews(after).filter((view) => view.active);
    const matching = stepForUrl(after.context.steps, after.context.url);
    expect(active.map((view) => view.name)).toEqual(matching ? [matching] : []);
    expect(selectActiveStep(after)?.name ?? null).toBe(matching);
  },
  'no step is clickable unless TO_DO < status < READONLY, and drawing follows the status': ({ after }) => {
    for (const view of selectStepViews(after)) {
      expect(view.clickable).toBe(view.status > T && view.status < R);
      expect(view.drawing).toBe({ [T]: 'disabled', [E]: 'enabled', [W]: 'warning', [C]: 'complete', [R]: 'complete' }[view.status]);
    }
  },
  'the step table never changes, only statuses do': ({ after }) => {
    expect(after.context.steps.map(({ status: _status, ...rest }) => rest)).toEqual(INITIAL_STEPS.map(({ status: _status, ...rest }) => rest));
  },
  'a warning makes all other steps READONLY': ({ after }) => {
    if (!statuses({ after }).includes(W)) return;
    for (const status of statuses({ after })) expect([W, R]).toContain(status);
  },
  'a complete step is always followed by a step beyond to-do': ({ after }) => {
    statuses({ after }).forEach((status, index, all) => {
      if (status === C) expect(all[index + 1]).toBeGreaterThan(T);
    });
  },
  'completing a step marks it complete and enables the next; the step before the thank page locks all others': (check) => {
    if (!completed(check) || check.event.type !== 'COMPLETE_STEP' || !check.before) return;
    const name = (check.event.step as StepName | undefined) ?? 'initial-summary';
    const index = INITIAL_STEPS.findIndex((step) => step.name === name);
    const now = statuses(check);
    if (name === 'request-summary') {
      expect(now).toEqual([R, R, R, R, R, E]);
    } else {
      expect(now[index]).toBe(C);
      expect([E, W, C]).toContain(now[index + 1]);
    }
    expect(check.after.context.pendingNavigation).toBe(INITIAL_STEPS[index + 1]?.url);
    expect(navigations(check.emitted)).toEqual([]);
  },
  'a completion navigates to the next step only after the step navigation delay': ({ event, before, after, emitted }) => {
    if (event.type.startsWith('xstate.after.stepNavigation')) {
      expect(navigations(emitted)).toEqual([{ type: 'navigate', to: before?.context.pendingNavigation, replace: false }]);
      expect(after.context.pendingNavigation).toBeNull();
    }
    expect(selectIsNavigating(after)).toBe(after.context.pendingNavigation !== null);
  },
  're-check: statuses from the walk, one redirect to the forced or first enabled/warning step': ({ event, after, emitted }) => {
    if (event.type !== 'RECHECK') return;
    const { request, forcedStep, warnings } = event as unknown as { request: StepData; forcedStep?: StepName; warnings?: StepName[] };
    const expected = expectedRecheck(request, warnings);
    expect(statuses({ after })).toEqual(expected);
    const target = forcedStep ?? INITIAL_STEPS[expected.findIndex((status) => status === E || status === W)]?.name;
    expect(navigations(emitted)).toEqual([{ type: 'navigate', to: stepUrl(target ?? 'initial-summary'), replace: true }]);
    expect(after.context.pendingNavigation).toBeNull();
  },
  'navigations come only from a re-check or the step navigation delay': ({ event, emitted }) => {
    if (event.type !== 'RECHECK' && !event.type.startsWith('xstate.after.')) expect(navigations(emitted)).toEqual([]);
  },
  'submission locks every step but the thank page; reset restores the start': ({ event, after }) => {
    if (event.type === 'SUBMITTED') expect(statuses({ after })).toEqual([R, R, R, R, R, E]);
    if (event.type === 'RESET') expect(after.context).toEqual({ steps: INITIAL_STEPS, url: null, activeStep: null, pendingNavigation: null });
  },
});

describe('enrolment rules', () => {
  it('completes the initial summary when no step is given, then navigates after 10 ms', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'COMPLETE_STEP' });
    expect(selectStepViews(wizard.snapshot()).map((step) => step.status)).toEqual([C, E, T, T, T, T]);
    wizard.clock.increment(Timings.stepNavigation - 1);
    expect(wizard.emittedOf('navigate')).toEqual([]);
    wizard.clock.increment(1);
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/notification-contacts', replace: false }]);
  });

  it('walks the whole wizard to the thank page, locking every other step at the end', () => {
    const wizard = drive(enrolmentMachine);
    for (const step of ['initial-summary', 'notification-contacts', 'select-initiative', 'personal-data', 'request-summary'] as const) {
      wizard.actor.send({ type: 'COMPLETE_STEP', step });
      wizard.clock.increment(Timings.stepNavigation);
    }
    expect(wizard.snapshot().context.steps.map((step) => step.status)).toEqual([R, R, R, R, R, E]);
    expect(wizard.emittedOf('navigate').at(-1)).toEqual({ type: 'navigate', to: '/startup/thank-page', replace: false });
    expect(selectStepViews(wizard.snapshot()).filter((step) => step.clickable).map((step) => step.name)).toEqual(['thank-page']);
    // A late save of a locked step cannot reopen the wizard.
    wizard.actor.send({ type: 'COMPLETE_STEP', step: 'personal-data' });
    expect(selectIsNavigating(wizard.snapshot())).toBe(false);
  });

  it('lands on the step after the latest completion when completions overlap the delay', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'COMPLETE_STEP' });
    wizard.clock.increment(5);
    wizard.actor.send({ type: 'COMPLETE_STEP', step: 'notification-contacts' });
    wizard.clock.increment(Timings.stepNavigation);
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/select-initiative', replace: false }]);
  });

  it('re-checks a retrieved draft and redirects to its first incomplete step', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact, iniziative: initiative, suap: office } });
    expect(wizard.snapshot().context.steps.map((step) => step.status)).toEqual([C, C, C, E, T, T]);
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/personal-data', replace: true }]);
  });

  it('redirects to a forced step instead', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact, iniziative: initiative, suap: office, personalData }, forcedStep: 'select-initiative' });
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/select-initiative', replace: true }]);
  });

  it('makes all other steps read-only when a step has a warning, and sends the user there', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact }, warnings: ['notification-contacts'] });
    expect(wizard.snapshot().context.steps.map((step) => step.status)).toEqual([R, W, R, R, R, R]);
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/notification-contacts', replace: true }]);
  });

  it('cancels a pending step navigation when a re-check redirects', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'COMPLETE_STEP' });
    wizard.actor.send({ type: 'RECHECK', request: {} });
    wizard.clock.increment(Timings.stepNavigation);
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/notification-contacts', replace: true }]);
  });

  it('sets the active step from the url, and none for other urls', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'URL_CHANGED', url: '/startup/select-initiative?lang=en' });
    expect(selectActiveStep(wizard.snapshot())?.name).toBe('select-initiative');
    wizard.actor.send({ type: 'URL_CHANGED', url: '/private-area' });
    expect(selectActiveStep(wizard.snapshot())).toBeNull();
  });

  it('marks the request as sent without navigating (the draft machine does)', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact, iniziative: initiative, suap: office, personalData } });
    wizard.actor.send({ type: 'SUBMITTED' });
    expect(wizard.snapshot().context.steps.map((step) => step.status)).toEqual([R, R, R, R, R, E]);
    expect(wizard.emittedOf('navigate')).toHaveLength(1);
  });

  it('resets everything, a pending navigation included', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'URL_CHANGED', url: '/startup/initial-summary' });
    wizard.actor.send({ type: 'COMPLETE_STEP' });
    wizard.actor.send({ type: 'RESET' });
    wizard.clock.increment(Timings.stepNavigation);
    expect(wizard.emittedOf('navigate')).toEqual([]);
    expect(wizard.snapshot().context).toEqual({ steps: INITIAL_STEPS, url: null, activeStep: null, pendingNavigation: null });
  });
});
