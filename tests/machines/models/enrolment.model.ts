// Test model of the enrolment machine: the saves a step page can report (its own step, the initial
// summary's "start", the thank page that has nothing after it), re-checks of drafts at every stage
// (with a forced step and with a warning), the urls the router can report, submission and reset.
import { enrolmentMachine } from '../../../machines/enrolment.ts';
import { stepUrl, type StepData, type StepName } from '../../../machines/enrolment/steps.ts';
import { StepStatus } from '../../../src/shared/constants.ts';
import { contact, initiative, office, personalData } from '../fixtures/requests.ts';
import type { ModelSpec } from '../support/model.ts';

export const recheckCases: ReadonlyArray<{ request: StepData; forcedStep?: StepName; warnings?: StepName[] }> = [
  { request: {} },
  { request: { procedureNotification: contact } },
  { request: { procedureNotification: contact, iniziative: initiative, suap: office, personalData } },
  { request: { procedureNotification: contact, iniziative: initiative, suap: office }, forcedStep: 'notification-contacts' },
  { request: { procedureNotification: contact }, warnings: ['select-initiative'] },
];

export const enrolmentModel: ModelSpec<typeof enrolmentMachine> = {
  machine: enrolmentMachine,
  inputs: [{ name: 'start', input: undefined }],
  // Events are offered where the app would send them, which keeps the model small enough to walk
  // every edge: re-checks and resets happen on the process entry path (no active step), a page
  // reports the save of its own step, the router reports where a navigation or the menu went.
  payloads: {
    COMPLETE_STEP: ({ context }) => {
      const active = context.activeStep;
      if (active === null || active === 'initial-summary') return [{}];
      // The thank page has nothing after it: its "completion" probes the guard.
      return [{ step: active }];
    },
    RECHECK: ({ context }) => (context.activeStep === null ? recheckCases : []),
    URL_CHANGED: ({ context }) => {
      const open = context.steps.find((step) => step.status === StepStatus.ENABLED || step.status === StepStatus.WARNING);
      const urls = new Set([context.pendingNavigation ?? open?.url, context.activeStep ? '/startup' : undefined]);
      urls.delete(undefined);
      if (context.activeStep) urls.delete(stepUrl(context.activeStep));
      return [...urls].map((url) => ({ url }));
    },
    // The draft machine reports a submission only from the request summary.
    SUBMITTED: ({ context }) => (context.activeStep === 'request-summary' ? [{}] : []),
    // A new draft resets the steps (the draft machine's resetSteps), on the process entry path.
    RESET: ({ context }) => (context.activeStep === null ? [{}] : []),
  },
  project: ({ context }) => ({
    statuses: context.steps.map((step) => step.status).join(''),
    activeStep: context.activeStep,
    pendingNavigation: context.pendingNavigation,
  }),
};
