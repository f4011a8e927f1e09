// Spec §4 "Enrolment step logic": the six steps of the startup process, their statuses, the active
// step and where the user goes next. The rules themselves are pure functions in ./enrolment/steps.ts;
// the machine decides when they apply and holds the step navigation delay (spec §9, 10 ms).
// Navigations leave the machine as emitted 'navigate' events for the app's router.
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { Timings } from '../src/shared/constants.ts';
import {
  canCompleteStep,
  completeStep,
  findStep,
  INITIAL_STEPS,
  isClickable,
  lockForFinalStep,
  recheckSteps,
  redirectTarget,
  stepDrawing,
  stepForUrl,
  stepUrl,
  type NavigationStep,
  type StepData,
  type StepDrawing,
  type StepName,
  type Steps,
} from './enrolment/steps.ts';
import type { MachineInfo } from './support/machine-info.ts';

export interface EnrolmentContext {
  steps: Steps;
  /** Last url the router reported. */
  url: string | null;
  /** The step whose url is `url`, if any. */
  activeStep: StepName | null;
  /** Url the step navigation delay will send the user to. */
  pendingNavigation: string | null;
}

export type EnrolmentEvent =
  /** A save that completes a step (the draft machine's 'stepCompleted'); no step = the initial summary. */
  | { type: 'COMPLETE_STEP'; step?: StepName }
  /** A draft was retrieved or restored: recompute every status from it and redirect. */
  | { type: 'RECHECK'; request: StepData; forcedStep?: StepName | null; warnings?: readonly StepName[] }
  | { type: 'URL_CHANGED'; url: string }
  /** The request was sent (the draft machine's 'submitted'); the draft machine navigates to the thank page. */
  | { type: 'SUBMITTED' }
  | { type: 'RESET' };

export type EnrolmentEmitted = { type: 'navigate'; to: string; replace: boolean };

const initialContext: EnrolmentContext = { steps: INITIAL_STEPS, url: null, activeStep: null, pendingNavigation: null };

export const enrolmentMachine = setup({
  types: {
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
    emitted: {} as EnrolmentEmitted,
  },
  delays: {
    stepNavigation: Timings.stepNavigation,
  },
  guards: {
    canComplete: ({ context }, params: { step: StepName }) => canCompleteStep(context.steps, params.step),
  },
  actions: {
    complete: assign(({ context }, params: { step: StepName }) => {
      const next = findStep(context.steps, params.step)?.next;
      return { steps: completeStep(context.steps, params.step), pendingNavigation: next ? stepUrl(next) : null };
    }),
    recheck: assign(({ context }, params: { request: StepData; warnings: readonly StepName[] }) => ({
      steps: recheckSteps(context.steps, params.request, params.warnings),
      // A re-check redirects at once: a navigation still waiting from an earlier completion is obsolete.
      pendingNavigation: null,
    })),
    // Replace: the url being left (often the process entry path) would only redirect again on "back".
    emitRedirect: emit(({ context }, params: { forcedStep: StepName | null }) => {
      const target = redirectTarget(context.steps, params.forcedStep);
      if (!target) throw new Error('enrolment: a re-check left no step to go to');
      return { type: 'navigate' as const, to: stepUrl(target), replace: true };
    }),
    emitPendingNavigation: emit(({ context }) => {
      if (!context.pendingNavigation) throw new Error('enrolment: no step navigation pending');
      return { type: 'navigate' as const, to: context.pendingNavigation, replace: false };
    }),
    forgetPendingNavigation: assign({ pendingNavigation: null }),
    // As after completing the request summary, whatever the statuses were (a warning may have made
    // it read-only); the draft machine does the navigation.
    markSubmitted: assign(({ context }) => ({ steps: lockForFinalStep(context.steps), pendingNavigation: null })),
    setUrl: assign(({ context }, params: { url: string }) => ({ url: params.url, activeStep: stepForUrl(context.steps, params.url) })),
    reset: assign(() => initialContext),
  },
}).createMachine({
  id: 'enrolment',
  description: 'Steps of the startup process: statuses, active step, navigation.',
  initial: 'ready',
  context: initialContext,
  on: {
    URL_CHANGED: { actions: { type: 'setUrl', params: ({ event }) => ({ url: event.url }) } },
    RECHECK: {
      target: '.ready',
      actions: [
        { type: 'recheck', params: ({ event }) => ({ request: event.request, warnings: event.warnings ?? [] }) },
        { type: 'emitRedirect', params: ({ event }) => ({ forcedStep: event.forcedStep ?? null }) },
      ],
    },
    SUBMITTED: { target: '.ready', actions: 'markSubmitted' },
    RESET: { target: '.ready', actions: 'reset' },
  },
  states: {
    ready: {
      description: 'Statuses up to date, no navigation pending.',
      on: {
        COMPLETE_STEP: {
          guard: { type: 'canComplete', params: ({ event }) => ({ step: event.step ?? 'initial-summary' }) },
          target: 'navigating',
          actions: { type: 'complete', params: ({ event }) => ({ step: event.step ?? 'initial-summary' }) },
        },
      },
    },
    navigating: {
      description: 'A step was completed; the user moves to the next one after the step navigation delay.',
      on: {
        // Another completion restarts the delay: the user lands on the step after the latest one.
        COMPLETE_STEP: {
          guard: { type: 'canComplete', params: ({ event }) => ({ step: event.step ?? 'initial-summary' }) },
          target: 'navigating',
          reenter: true,
          actions: { type: 'complete', params: ({ event }) => ({ step: event.step ?? 'initial-summary' }) },
        },
      },
      after: {
        stepNavigation: { target: 'ready', actions: ['emitPendingNavigation', 'forgetPendingNavigation'] },
      },
    },
  },
});

type EnrolmentSnapshot = SnapshotFrom<typeof enrolmentMachine>;

export interface StepView extends NavigationStep {
  active: boolean;
  clickable: boolean;
  drawing: StepDrawing;
}

/** The steps as the wizard menu draws them (hidden ones included; the menu filters on `hidden`). */
export function selectStepViews(snapshot: EnrolmentSnapshot): StepView[] {
  const { steps, activeStep } = snapshot.context;
  return steps.map((step) => ({ ...step, active: step.name === activeStep, clickable: isClickable(step), drawing: stepDrawing(step) }));
}

export function selectActiveStep(snapshot: EnrolmentSnapshot): NavigationStep | null {
  const { steps, activeStep } = snapshot.context;
  return activeStep ? (findStep(steps, activeStep) ?? null) : null;
}

export function selectIsNavigating(snapshot: EnrolmentSnapshot): boolean {
  return snapshot.matches('navigating');
}

export { isClickable, stepDrawing };

export const enrolmentMachineInfo: MachineInfo<typeof enrolmentMachine> = {
  id: 'enrolment',
  machine: enrolmentMachine,
  title: 'Enrolment steps',
  purpose:
    'Keeps the status of the six steps of the startup request (initial summary, notification contacts, ' +
    'office and initiative, personal data, request summary, thank-you page) and moves the user between ' +
    'them. Saving a step with "continue" completes it and opens the next one, then the page changes ' +
    'after 10 ms; once the next step is the thank-you page every other step becomes read-only. When a ' +
    'draft is reopened the statuses are recomputed from what it holds, from the first step on: a step ' +
    'counts as done only if its data is there and the walk can move on, the first step still missing ' +
    'data is the one the user is sent to (unless a specific step is asked for), and a step flagged as ' +
    'needing attention makes every other step read-only. A step can be clicked in the menu only while ' +
    'it is open and not read-only.',
};
