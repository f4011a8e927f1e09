// Enrolment machine (spec §4 "Enrolment step logic", §2 step menu, §9 step navigation 10 ms): every
// model path replayed on the pure machine with the invariants below, then one example per rule.
import { isVatNumber } from '#shared/vat-number.ts';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { enrolmentMachine, selectActiveStep, selectIsNavigating, selectSelectionWarning, selectStepViews, selectSteps } from '#machines/enrolment.ts';
import { STEP_TABLE, stepForUrl, stepUrl, type StepData, type StepName } from '#machines/enrolment/steps.ts';
import { StepStatus, Timings, type StepStatusValue } from '#shared/constants.ts';
import { contact, initiative, municipalityId, office, personalData } from './fixtures/requests.ts';
import { enrolmentModel, ownPortalOffice } from './models/enrolment.model.ts';
import { drive } from './support/drive.ts';
import { defineModelSuite } from './support/harness.ts';
import type { StepCheck } from './support/runner.ts';

const { TO_DO: T, ENABLED: E, WARNING: W, COMPLETE: C, READONLY: R } = StepStatus;
type Check = StepCheck<typeof enrolmentMachine>;
type Snapshot = Check['after'];

const statusesOf = (snapshot: Snapshot) => selectSteps(snapshot).map((step) => step.status);
const navigations = (emitted: readonly AnyEventObject[]) => emitted.filter((event) => event.type === 'navigate');

/** Spec §4 re-check, written again from the text as an oracle for the machine. */
function expectedRecheck(request: StepData): StepStatusValue[] {
  const outdated =
    (request.suap as { type?: string } | undefined)?.type === 'EXT' ||
    request.selection?.officeServesMunicipality === false ||
    request.selection?.initiativeOffered === false;
  if (outdated) return STEP_TABLE.map((step) => (step.name === 'select-initiative' ? W : R));
  const p = request.personalData;
  const b = p?.business;
  const done = [
    true,
    Boolean(request.procedureNotification),
    // Where the business will be: the municipality of the activity with the office, its address with the personal data.
    Boolean(request.municipalityId && request.iniziative && request.suap),
    Boolean(p?.firstName && p.lastName && p.fiscalCode && p.activityAddress?.street && p.activityAddress.streetNumber && p.activityAddress.zipCode) &&
      // Who the business is: kind, activity code and role; a company also its name, form, PEC and a VAT number that holds.
      Boolean(
        b?.kind && b.atecoCode && b.role && (b.kind !== 'company' || (b.name && b.legalForm && b.pec && request.partitaIva && isVatNumber(request.partitaIva))),
      ),
    false,
    false,
  ];
  const stop = done.indexOf(false);
  return done.map((_, index) => (index < stop ? C : index === stop ? E : T));
}

defineModelSuite(enrolmentModel, {
  'exactly one active step when the url matches a step, none otherwise': ({ after }) => {
    const active = selectStepViews(after).filter((view) => view.active);
    const matching = stepForUrl(after.context.url);
    expect(active.map((view) => view.name)).toEqual(matching ? [matching] : []);
    expect(selectActiveStep(after)?.name ?? null).toBe(matching);
  },
  'no step is clickable unless TO_DO < status < READONLY, and drawing follows the status': ({ after }) => {
    for (const view of selectStepViews(after)) {
      expect(view.clickable).toBe(view.status > T && view.status < R);
      expect(view.drawing).toBe({ [T]: 'disabled', [E]: 'enabled', [W]: 'warning', [C]: 'complete', [R]: 'complete' }[view.status]);
    }
  },
  'a warning makes all other steps READONLY, and says why': ({ after }) => {
    const statuses = statusesOf(after);
    if (!statuses.includes(W)) {
      expect(selectSelectionWarning(after)).toBeNull();
      return;
    }
    expect(statuses).toEqual([R, R, W, R, R, R]);
    expect(selectSelectionWarning(after)).not.toBeNull();
  },
  'a complete step is always followed by a step beyond to-do': ({ after }) => {
    statusesOf(after).forEach((status, index, all) => {
      if (status === C) expect(all[index + 1]).toBeGreaterThan(T);
    });
  },
  'the request summary and the thank page take no completion: sending the request completes the summary': ({ event, before, after, emitted }) => {
    if (event.type !== 'COMPLETE_STEP' || !['request-summary', 'thank-page'].includes(event.step as string)) return;
    expect(after.value).toEqual(before?.value);
    expect(after.context).toEqual(before?.context);
    expect(emitted).toEqual([]);
  },
  'completing a step marks it complete and enables the next': ({ event, before, after, emitted }) => {
    if (
      event.type !== 'COMPLETE_STEP' ||
      !before ||
      (statusesOf(before).join() === statusesOf(after).join() && before.context.pendingNavigation === after.context.pendingNavigation)
    )
      return;
    const name = (event.step as StepName | undefined) ?? 'initial-summary';
    const index = STEP_TABLE.findIndex((step) => step.name === name);
    const now = statusesOf(after);
    expect(now[index]).toBe(C);
    expect([E, C]).toContain(now[index + 1]);
    expect(now).not.toContain(W);
    const fromSummary = before.context.editedFromSummary === name;
    expect(after.context.pendingNavigation).toBe(fromSummary ? stepUrl('request-summary') : STEP_TABLE[index + 1]?.url);
    expect(navigations(emitted)).toEqual([]);
  },
  'a completion navigates to the next step only after the step navigation delay': ({ event, before, after, emitted }) => {
    if (event.type.startsWith('xstate.after.stepNavigation')) {
      expect(navigations(emitted)).toEqual([{ type: 'navigate', to: before?.context.pendingNavigation, replace: false }]);
      expect(after.context.pendingNavigation).toBeNull();
    }
    expect(selectIsNavigating(after)).toBe(after.context.pendingNavigation !== null);
  },
  're-check: statuses from the walk, one redirect to the forced, shown or first enabled/warning step': ({ event, before, after, emitted }) => {
    if (event.type !== 'RECHECK') return;
    const { request, forcedStep } = event as unknown as { request: StepData; forcedStep?: StepName };
    const expected = expectedRecheck(request);
    expect(statusesOf(after)).toEqual(expected);
    const shown = before?.context.activeStep;
    const shownIndex = STEP_TABLE.findIndex((step) => step.name === shown);
    const keepsShown = shown && shown !== 'thank-page' && expected[shownIndex]! > T && expected[shownIndex]! < R;
    const target = forcedStep ?? (keepsShown ? shown : STEP_TABLE[expected.findIndex((status) => status === E || status === W)]?.name);
    expect(navigations(emitted)).toEqual([{ type: 'navigate', to: stepUrl(target ?? 'initial-summary'), replace: true }]);
    expect(after.context.pendingNavigation).toBeNull();
  },
  'navigations come only from a re-check or the step navigation delay': ({ event, emitted }) => {
    if (event.type !== 'RECHECK' && !event.type.startsWith('xstate.after.')) expect(navigations(emitted)).toEqual([]);
  },
  'submission locks every step but the thank page; reset restores the start': ({ event, after }) => {
    if (event.type === 'SUBMITTED') expect(statusesOf(after)).toEqual([R, R, R, R, R, E]);
    if (event.type === 'RESET') {
      expect(statusesOf(after)).toEqual([E, T, T, T, T, T]);
      expect(after.context).toEqual({ request: null, url: null, activeStep: null, pendingNavigation: null, forcedStep: null, editedFromSummary: null });
    }
  },
});

describe('enrolment rules', () => {
  it('starts with only the initial summary open, every step a region of statuses', () => {
    const wizard = drive(enrolmentMachine);
    expect(statusesOf(wizard.snapshot())).toEqual([E, T, T, T, T, T]);
    expect(wizard.snapshot().value).toEqual({
      running: {
        navigation: 'ready',
        steps: {
          'initial-summary': { clickable: 'ENABLED' },
          'notification-contacts': 'TO_DO',
          'select-initiative': 'TO_DO',
          'personal-data': 'TO_DO',
          'request-summary': 'TO_DO',
          'thank-page': 'TO_DO',
        },
      },
    });
  });

  it('completes the initial summary when no step is given, then navigates after 10 ms', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'COMPLETE_STEP' });
    expect(statusesOf(wizard.snapshot())).toEqual([C, E, T, T, T, T]);
    wizard.clock.increment(Timings.stepNavigation - 1);
    expect(wizard.emittedOf('navigate')).toEqual([]);
    wizard.clock.increment(1);
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/notification-contacts', replace: false }]);
  });

  it('walks the whole wizard to the summary; sending the request opens the thank page and locks every other step', () => {
    const wizard = drive(enrolmentMachine);
    for (const step of ['initial-summary', 'notification-contacts', 'select-initiative', 'personal-data'] as const) {
      wizard.actor.send({ type: 'COMPLETE_STEP', step });
      wizard.clock.increment(Timings.stepNavigation);
    }
    expect(statusesOf(wizard.snapshot())).toEqual([C, C, C, C, E, T]);
    expect(wizard.emittedOf('navigate').at(-1)).toEqual({ type: 'navigate', to: '/startup/request-summary', replace: false });
    // No save completes the summary (its page has none): a completion of it is refused.
    const before = wizard.snapshot();
    wizard.actor.send({ type: 'COMPLETE_STEP', step: 'request-summary' });
    expect(wizard.snapshot().value).toEqual(before.value);
    expect(selectIsNavigating(wizard.snapshot())).toBe(false);
    wizard.actor.send({ type: 'SUBMITTED' });
    expect(statusesOf(wizard.snapshot())).toEqual([R, R, R, R, R, E]);
    expect(
      selectStepViews(wizard.snapshot())
        .filter((step) => step.clickable)
        .map((step) => step.name),
    ).toEqual(['thank-page']);
    // A late save of a locked step cannot reopen the wizard.
    wizard.actor.send({ type: 'COMPLETE_STEP', step: 'personal-data' });
    expect(selectIsNavigating(wizard.snapshot())).toBe(false);
  });

  it('completing an earlier step again never lowers a later one', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId } });
    wizard.actor.send({ type: 'COMPLETE_STEP', step: 'notification-contacts' });
    expect(statusesOf(wizard.snapshot())).toEqual([C, C, C, E, T, T]);
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
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId } });
    expect(statusesOf(wizard.snapshot())).toEqual([C, C, C, E, T, T]);
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/personal-data', replace: true }]);
  });

  it('ignores data filled in after a gap: the walk stops at the first step missing its data', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'RECHECK', request: { iniziative: initiative, suap: office, municipalityId, personalData } });
    expect(statusesOf(wizard.snapshot())).toEqual([C, E, T, T, T, T]);
  });

  it('redirects to a forced step instead', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({
      type: 'RECHECK',
      request: { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData },
      forcedStep: 'select-initiative',
    });
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/select-initiative', replace: true }]);
  });

  it('keeps the page shown after a reload when its step is still open, else sends the user on', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'URL_CHANGED', url: '/startup/notification-contacts' });
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId } });
    expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/notification-contacts', replace: true }]);
    wizard.actor.send({ type: 'URL_CHANGED', url: '/startup/request-summary' });
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact } });
    expect(wizard.emittedOf('navigate').at(-1)).toEqual({ type: 'navigate', to: '/startup/select-initiative', replace: true });
  });

  for (const [why, request, reason] of [
    ['works through its own portal', { suap: ownPortalOffice }, 'own-portal'],
    ['has no PEC address configured, so it receives no request', { suap: { ...office, pec: null } }, 'no-pec'],
    ['no longer serves the municipality', { selection: { officeServesMunicipality: false, initiativeOffered: true } }, 'municipality'],
    ['names an initiative no longer offered', { selection: { officeServesMunicipality: true, initiativeOffered: false } }, 'initiative'],
  ] as const) {
    it(`puts select-initiative in WARNING and every other step READONLY when the office ${why}; another choice releases the lock`, () => {
      const wizard = drive(enrolmentMachine);
      const draft = { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData, ...request };
      wizard.actor.send({ type: 'RECHECK', request: draft });
      expect(statusesOf(wizard.snapshot())).toEqual([R, R, W, R, R, R]);
      expect(selectSelectionWarning(wizard.snapshot())).toBe(reason);
      expect(wizard.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup/select-initiative', replace: true }]);
      // Read-only steps cannot be completed; the same outdated choice saved again keeps the warning.
      wizard.actor.send({ type: 'COMPLETE_STEP', step: 'personal-data' });
      wizard.actor.send({ type: 'COMPLETE_STEP', step: 'select-initiative', request: draft });
      expect(statusesOf(wizard.snapshot())).toEqual([R, R, W, R, R, R]);
      expect(selectIsNavigating(wizard.snapshot())).toBe(false);
      // Another office: the step completes, every step is walked again, the user moves on.
      wizard.actor.send({
        type: 'COMPLETE_STEP',
        step: 'select-initiative',
        request: { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData },
      });
      expect(statusesOf(wizard.snapshot())).toEqual([C, C, C, C, E, T]);
      expect(selectSelectionWarning(wizard.snapshot())).toBeNull();
      wizard.clock.increment(Timings.stepNavigation);
      expect(wizard.emittedOf('navigate').at(-1)).toEqual({ type: 'navigate', to: '/startup/personal-data', replace: false });
    });
  }

  it('returns to the request summary after a step opened with "edit" from there is continued', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData } });
    wizard.actor.send({ type: 'EDIT_FROM_SUMMARY', step: 'notification-contacts' });
    wizard.actor.send({ type: 'COMPLETE_STEP', step: 'notification-contacts' });
    wizard.clock.increment(Timings.stepNavigation);
    expect(wizard.emittedOf('navigate').at(-1)).toEqual({ type: 'navigate', to: '/startup/request-summary', replace: false });
    // Only once: the next completion goes on as usual.
    wizard.actor.send({ type: 'COMPLETE_STEP', step: 'notification-contacts' });
    wizard.clock.increment(Timings.stepNavigation);
    expect(wizard.emittedOf('navigate').at(-1)).toEqual({ type: 'navigate', to: '/startup/select-initiative', replace: false });
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
    wizard.actor.send({ type: 'RECHECK', request: { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData } });
    wizard.actor.send({ type: 'SUBMITTED' });
    expect(statusesOf(wizard.snapshot())).toEqual([R, R, R, R, R, E]);
    expect(wizard.emittedOf('navigate')).toHaveLength(1);
  });

  it('resets everything, a pending navigation included', () => {
    const wizard = drive(enrolmentMachine);
    wizard.actor.send({ type: 'URL_CHANGED', url: '/startup/initial-summary' });
    wizard.actor.send({ type: 'COMPLETE_STEP' });
    wizard.actor.send({ type: 'RESET' });
    wizard.clock.increment(Timings.stepNavigation);
    expect(wizard.emittedOf('navigate')).toEqual([]);
    expect(statusesOf(wizard.snapshot())).toEqual([E, T, T, T, T, T]);
    expect(wizard.snapshot().context).toEqual({
      request: null,
      url: null,
      activeStep: null,
      pendingNavigation: null,
      forcedStep: null,
      editedFromSummary: null,
    });
  });
});
