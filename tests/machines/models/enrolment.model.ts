// Test model of the enrolment machine: the saves a step page can report (its own step, the initial
// summary's "start"; on the request summary and the thank page, which take no completion, a probe),
// re-checks of drafts at every stage
// (with a forced step, with an office that moved to its own portal, one that left the municipality,
// a withdrawn initiative, a draft that does not say who the business is), saves that resolve a warning or not, the urls the router can report,
// submission and reset. WALK, REDIRECT and STEP_COMPLETED are raised by the machine itself, never sent.
import { enrolmentMachine, selectSteps } from '#machines/enrolment.ts';
import { stepUrl, type StepData, type StepName } from '#machines/enrolment/steps.ts';
import { StepStatus } from '#shared/constants.ts';
import { contact, initiative, municipalityId, office, personalData } from '../fixtures/requests.ts';
import type { ModelSpec } from '../support/model.ts';

export const ownPortalOffice = { ...office, type: 'EXT' as const, url: 'https://suap.example.org' };
const complete = { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId, personalData };

export const recheckCases: ReadonlyArray<{ request: StepData; forcedStep?: StepName }> = [
  { request: {} },
  { request: { procedureNotification: contact } },
  { request: { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId } },
  { request: complete },
  // Where the business will be: an office and an initiative without the municipality of the activity,
  // and everything but the business's address.
  { request: { procedureNotification: contact, iniziative: initiative, suap: office } },
  { request: { ...complete, personalData: { ...personalData, activityAddress: null } } },
  // Who the business is: everything but the business, then a company without its VAT number.
  { request: { ...complete, personalData: { ...personalData, business: null } } },
  {
    request: {
      ...complete,
      personalData: {
        ...personalData,
        business: { kind: 'company', name: 'Bar Rossi S.n.c.', legalForm: 'snc', pec: 'bar@pec.example.org', atecoCode: '56.30.00', role: 'intermediary' },
      },
    },
  },
  { request: { procedureNotification: contact, iniziative: initiative, suap: office, municipalityId }, forcedStep: 'notification-contacts' },
  { request: { ...complete, suap: ownPortalOffice } },
  { request: { ...complete, selection: { officeServesMunicipality: false, initiativeOffered: true } } },
  {
    request: {
      procedureNotification: contact,
      iniziative: initiative,
      suap: office,
      municipalityId,
      selection: { officeServesMunicipality: true, initiativeOffered: false },
    },
  },
];

export const enrolmentModel: ModelSpec<typeof enrolmentMachine> = {
  machine: enrolmentMachine,
  inputs: [{ name: 'start', input: undefined }],
  // Events are offered where the app would send them, which keeps the model small enough to walk
  // every edge: re-checks and resets happen on the process entry path or on a step page (a reload),
  // a page reports the save of its own step, the router reports where a navigation or the menu went.
  payloads: {
    COMPLETE_STEP: ({ context }) => {
      const active = context.activeStep;
      if (active === null || active === 'initial-summary') return [{}];
      if (active === 'select-initiative') {
        // A save that still names the office on its own portal, and one that chose another office.
        return [
          { step: active, request: { ...context.request, suap: ownPortalOffice } },
          { step: active, request: { ...complete, suap: office, selection: null } },
        ];
      }
      // The request summary is completed by sending it (SUBMITTED) and the thank page has nothing
      // after it: on those pages a "completion" probes the guard, which refuses it.
      return [{ step: active }];
    },
    // On the process entry every case; on a step page (a reload) a complete draft and a short one.
    RECHECK: ({ context }) => (context.activeStep === null ? recheckCases : context.activeStep === 'thank-page' ? [] : [recheckCases[1]!, recheckCases[3]!]),
    URL_CHANGED: (snapshot) => {
      const { context } = snapshot;
      const open = selectSteps(snapshot).find((step) => step.status === StepStatus.ENABLED || step.status === StepStatus.WARNING);
      const urls = new Set([context.pendingNavigation ?? open?.url, context.activeStep ? '/startup' : undefined]);
      urls.delete(undefined);
      if (context.activeStep) urls.delete(stepUrl(context.activeStep));
      return [...urls].map((url) => ({ url }));
    },
    // The draft machine reports a submission only from the request summary.
    SUBMITTED: ({ context }) => (context.activeStep === 'request-summary' ? [{}] : []),
    // A new draft resets the steps (the draft machine's resetSteps), on the process entry path.
    RESET: ({ context }) => (context.activeStep === null ? [{}] : []),
    // "Edit" links of the request summary, which reports the step it opens.
    EDIT_FROM_SUMMARY: ({ context }) => (context.activeStep === 'request-summary' ? [{ step: 'personal-data' }] : []),
    WALK: [],
    REDIRECT: [],
    STEP_COMPLETED: [],
  },
  project: (snapshot) => ({
    statuses: selectSteps(snapshot)
      .map((step) => step.status)
      .join(''),
    activeStep: snapshot.context.activeStep,
    pendingNavigation: snapshot.context.pendingNavigation,
    editedFromSummary: snapshot.context.editedFromSummary,
    outdated: Boolean(snapshot.context.request?.selection || (snapshot.context.request?.suap as { type?: string } | undefined)?.type === 'EXT'),
  }),
};
