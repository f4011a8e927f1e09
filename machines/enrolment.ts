// Spec §3 "Navigation step" and §4 "Enrolment step logic": the six steps of the startup process, each
// a region whose states are its statuses (TO_DO, ENABLED, WARNING, COMPLETE, READONLY; the three a
// person may click are grouped as `clickable`, spec §2), and a `navigation` region holding the step
// navigation delay (spec §9, 10 ms). Completing a step, the re-check walk, the warning and the
// read-only lock are transitions whose guards are the spec's rules (./enrolment/steps.ts names the
// facts they test). Navigations leave the machine as emitted 'navigate' events for the app's router.
// The request summary is not completed by a save: sending the request (SUBMITTED) completes it,
// which is the spec's "when the next step is the final one, all other steps become read-only".
//
// Three events are raised by the machine itself, so that one region can react to another's move:
// WALK (a re-check or a resolved warning: every step recomputes its status from the request),
// REDIRECT (after the walk: the navigation region picks the page) and STEP_COMPLETED (a step
// accepted a completion: the next one opens and the navigation delay starts).
import { and, assign, emit, not, or, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { StepStatus, Timings, type StepStatusValue } from '#shared/constants.ts';
import {
  findStep,
  hasPlaceOfficeAndInitiative,
  hasPersonalDataAndAddress,
  hasBusinessIdentity,
  hasProcedureNotification,
  isClickable,
  isInitiativeWithdrawn,
  isOfficeGoneFromMunicipality,
  isOfficeOnOwnPortal,
  isOfficeWithoutPec,
  STEP_NAMES,
  STEP_TABLE,
  stepDrawing,
  stepForUrl,
  stepUrl,
  type StepData,
  type StepDrawing,
  type StepName,
  type StepWithStatus,
} from './enrolment/steps.ts';
import type { MachineInfo } from './support/machine-info.ts';

export interface EnrolmentContext {
  /** The request the guards read: the last re-checked draft, or the last save that resolved a warning. */
  request: StepData | null;
  /** Last url the router reported. */
  url: string | null;
  /** The step whose url is `url`, if any. */
  activeStep: StepName | null;
  /** Url the step navigation delay will send the user to. */
  pendingNavigation: string | null;
  /** The step a re-check was asked to open (private area "resume on step"). */
  forcedStep: StepName | null;
  /** The step opened with "edit" from the request summary: completing it goes back there (docs/architecture.md "The citizen's journey with real data"). */
  editedFromSummary: StepName | null;
}

export type EnrolmentEvent =
  /**
   * A save that completes a step (the draft machine's 'stepCompleted'); no step = the initial summary.
   * `request` is the draft as saved: it is what resolves a warning. The request summary and the thank
   * page take none: the summary is completed by sending the request (SUBMITTED).
   */
  | { type: 'COMPLETE_STEP'; step?: StepName; request?: StepData }
  /** A draft was retrieved or restored: recompute every status from it and redirect. */
  | { type: 'RECHECK'; request: StepData; forcedStep?: StepName | null }
  | { type: 'URL_CHANGED'; url: string }
  /** "Edit" on the request summary opens `step`; completing it returns to the summary. */
  | { type: 'EDIT_FROM_SUMMARY'; step: StepName }
  /**
   * The request was sent (the draft machine's 'submitted'): this completes the request summary, every
   * step but the thank page becomes read-only; the draft machine navigates to the thank page.
   */
  | { type: 'SUBMITTED' }
  | { type: 'RESET' }
  /** Raised by the machine: every step recomputes its status from `context.request` (spec §4 walk). */
  | { type: 'WALK' }
  /** Raised by the machine after a walk: the navigation region sends the user to the right step. */
  | { type: 'REDIRECT' }
  /** Raised by a step region that accepted a completion. */
  | { type: 'STEP_COMPLETED'; step: StepName };

export type EnrolmentEmitted = { type: 'navigate'; to: string; replace: boolean };

const initialContext: EnrolmentContext = { request: null, url: null, activeStep: null, pendingNavigation: null, forcedStep: null, editedFromSummary: null };

type StepParams = { step: StepName };

const completedStep = (event: EnrolmentEvent): StepName | null =>
  event.type === 'COMPLETE_STEP' ? (event.step ?? 'initial-summary') : event.type === 'STEP_COMPLETED' ? event.step : null;

const enrolmentSetup = setup({
  types: {
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
    emitted: {} as EnrolmentEmitted,
  },
  delays: {
    stepNavigation: Timings.stepNavigation,
  },
  guards: {
    // The spec §4 re-check walk, one fact per step with data of its own.
    hasProcedureNotification: ({ context }) => hasProcedureNotification(context.request),
    hasPlaceOfficeAndInitiative: ({ context }) => hasPlaceOfficeAndInitiative(context.request),
    hasPersonalDataAndAddress: ({ context }) => hasPersonalDataAndAddress(context.request),
    hasBusinessIdentity: ({ context }) => hasBusinessIdentity(context.request),
    // Spec §4 warning on select-initiative: the office or initiative the draft holds no longer holds.
    isOfficeOnOwnPortal: ({ context }) => isOfficeOnOwnPortal(context.request),
    isOfficeWithoutPec: ({ context }) => isOfficeWithoutPec(context.request),
    isOfficeGoneFromMunicipality: ({ context }) => isOfficeGoneFromMunicipality(context.request),
    isInitiativeWithdrawn: ({ context }) => isInitiativeWithdrawn(context.request),
    isSelectionOutdated: or(['isOfficeOnOwnPortal', 'isOfficeWithoutPec', 'isOfficeGoneFromMunicipality', 'isInitiativeWithdrawn']),
    /** The completing save still names an outdated office or initiative (read from the event). */
    isSavedSelectionOutdated: ({ event }) => {
      const request = event.type === 'COMPLETE_STEP' ? (event.request ?? null) : null;
      return isOfficeOnOwnPortal(request) || isOfficeWithoutPec(request) || isOfficeGoneFromMunicipality(request) || isInitiativeWithdrawn(request);
    },
    isThisStep: ({ event }, params: StepParams) => completedStep(event) === params.step,
    isPreviousStep: ({ event }, params: StepParams) => completedStep(event) === findStep(params.step).previous,
    isShownStep: ({ context }, params: StepParams) => context.activeStep === params.step,
    hasForcedStep: ({ context }) => context.forcedStep !== null,
  },
  actions: {
    rememberRecheck: assign((_, params: { request: StepData; forcedStep: StepName | null }) => ({
      request: params.request,
      forcedStep: params.forcedStep,
    })),
    rememberSavedRequest: assign(({ context, event }) => ({ request: event.type === 'COMPLETE_STEP' ? (event.request ?? context.request) : context.request })),
    walk: raise({ type: 'WALK' }),
    redirect: raise({ type: 'REDIRECT' }),
    announceCompletion: raise((_, params: StepParams) => ({ type: 'STEP_COMPLETED' as const, step: params.step })),
    // Replace: the url being left (often the process entry path) would only redirect again on "back".
    navigateTo: emit((_, params: StepParams) => ({ type: 'navigate' as const, to: stepUrl(params.step), replace: true })),
    navigateToForced: emit(({ context }) => {
      if (!context.forcedStep) throw new Error('enrolment: no forced step');
      return { type: 'navigate' as const, to: stepUrl(context.forcedStep), replace: true };
    }),
    planNavigation: assign(({ context, event }) => {
      const step = completedStep(event);
      const next = step && step === context.editedFromSummary ? 'request-summary' : step ? findStep(step).next : null;
      return { pendingNavigation: next ? stepUrl(next) : null, editedFromSummary: null };
    }),
    rememberEditFromSummary: assign((_, params: StepParams) => ({ editedFromSummary: params.step })),
    emitPendingNavigation: emit(({ context }) => {
      if (!context.pendingNavigation) throw new Error('enrolment: no step navigation pending');
      return { type: 'navigate' as const, to: context.pendingNavigation, replace: false };
    }),
    forgetNavigation: assign({ pendingNavigation: null, forcedStep: null }),
    setUrl: assign((_, params: { url: string }) => ({ url: params.url, activeStep: stepForUrl(params.url) })),
    reset: assign(() => initialContext),
  },
});

const isThisStep = (step: StepName) => ({ type: 'isThisStep', params: { step } }) as const;
const isPreviousStep = (step: StepName) => ({ type: 'isPreviousStep', params: { step } }) as const;
const inStatus = (step: StepName, status: 'ENABLED' | 'WARNING' | 'COMPLETE') => stateIn({ running: { steps: { [step]: { clickable: status } } } });
const isStepClickable = (step: StepName) => stateIn({ running: { steps: { [step]: 'clickable' } } });

/**
 * Spec §4 re-check walk for one step, as an ordered list of guarded transitions: an outdated office
 * or initiative puts select-initiative in WARNING and every other step READONLY; otherwise a step is
 * COMPLETE when the walk reaches it and its data is there (the request summary and thank page are
 * never completed by the walk), ENABLED when the walk stops on it, TO_DO when the walk never gets there.
 */
function walkTransitions(name: StepName) {
  const reach: Record<StepName, string[]> = {
    'initial-summary': [],
    'notification-contacts': [],
    'select-initiative': ['hasProcedureNotification'],
    'personal-data': ['hasProcedureNotification', 'hasPlaceOfficeAndInitiative'],
    'request-summary': ['hasProcedureNotification', 'hasPlaceOfficeAndInitiative', 'hasPersonalDataAndAddress', 'hasBusinessIdentity'],
    'thank-page': [],
  };
  const ownData: Partial<Record<StepName, string[]>> = {
    'notification-contacts': ['hasProcedureNotification'],
    'select-initiative': ['hasPlaceOfficeAndInitiative'],
    // Who the business is: its own fact beside the applicant's data and the business's address.
    'personal-data': ['hasPersonalDataAndAddress', 'hasBusinessIdentity'],
  };
  const guardOf = (guards: string[]) => (guards.length === 1 ? guards[0] : and(guards as never));
  const outdated =
    name === 'select-initiative' ? { guard: 'isSelectionOutdated', target: '.clickable.WARNING' } : { guard: 'isSelectionOutdated', target: '.READONLY' };
  if (name === 'initial-summary') return [outdated, { target: '.clickable.COMPLETE' }];
  if (name === 'thank-page') return [outdated, { target: '.TO_DO' }];
  const own = ownData[name];
  const complete = own ? [{ guard: guardOf([...reach[name], ...own]), target: '.clickable.COMPLETE' }] : [];
  const enabled = reach[name].length === 0 ? { target: '.clickable.ENABLED' } : { guard: guardOf(reach[name]), target: '.clickable.ENABLED' };
  return [outdated, ...complete, enabled, ...(reach[name].length === 0 ? [] : [{ target: '.TO_DO' }])];
}

const DESCRIPTION: Record<StepName, string> = {
  'initial-summary': 'Initial summary (hidden in the menu): what the process asks for; "start" completes it.',
  'notification-contacts': 'Notification contacts: the e-mail or PEC address for the procedure.',
  'select-initiative': 'Municipality, office and initiative: where the activity will be, the one-stop shop that serves it, and the initiative.',
  'personal-data': "Personal data: the applicant's master data and the business's address in the municipality of the activity.",
  'request-summary':
    'Documents and summary: the documents the initiative asks for, then everything at a glance; sending the request completes it (no save does).',
  'thank-page': 'Thank-you page (hidden in the menu): the request was sent.',
};

/** Id of the state a completion jumps to from another branch of the region (ENABLED or COMPLETE). */
const completeId = (name: StepName) => `${name}-COMPLETE`;

/**
 * One step's region: its statuses and every transition between them. A region has only the statuses
 * its step can reach: the initial summary is open from the start (no TO_DO); the request summary is
 * never "complete" (sending it locks everything) nor is the thank page; only select-initiative has a
 * WARNING (the spec leaves the source of warnings open, and the one the portal knows is an office or
 * initiative that no longer holds). A save completes the steps up to personal data; the request summary
 * and the thank page take no completion (sending the request, SUBMITTED, moves them).
 */
function stepRegion(name: StepName) {
  const step = findStep(name);
  const last = step.next === null;
  const hasToDo = name !== 'initial-summary';
  const hasWarning = name === 'select-initiative';
  const hasComplete = !last && step.next !== 'thank-page';
  const complete = hasComplete
    ? {
        COMPLETE_STEP: {
          guard: isThisStep(name),
          target: `#${completeId(name)}`,
          actions: { type: 'announceCompletion', params: { step: name } },
        },
      }
    : {};
  const warning = {
    WARNING: {
      description:
        'Warning: the office or initiative the draft holds no longer leads here (own portal, municipality ' +
        'no longer served, initiative withdrawn); every other step is read-only until another is chosen.',
      on: {
        COMPLETE_STEP: {
          guard: and([isThisStep(name), not('isSavedSelectionOutdated')]),
          target: 'COMPLETE',
          actions: ['rememberSavedRequest', 'walk', { type: 'announceCompletion', params: { step: name } }],
        },
      },
    },
  };
  // The thank page is reached by sending the request, never by completing the step before it.
  const toDo = {
    TO_DO: {
      description: 'To do: not reached yet; shown disabled, not clickable.',
      on: last ? {} : { STEP_COMPLETED: { guard: isPreviousStep(name), target: 'clickable.ENABLED' } },
    },
  };
  return {
    description: DESCRIPTION[name],
    initial: hasToDo ? 'TO_DO' : 'clickable',
    on: {
      WALK: walkTransitions(name),
      RESET: { target: hasToDo ? '.TO_DO' : '.clickable.ENABLED' },
      SUBMITTED: { target: last ? '.clickable.ENABLED' : '.READONLY' },
    },
    states: {
      ...(hasToDo ? toDo : {}),
      clickable: {
        description: 'Open: above to-do and below read-only, so the menu links to it (spec §2).',
        initial: 'ENABLED',
        states: {
          ENABLED: { description: 'Enabled: the step to fill in now.', on: complete },
          ...(hasWarning ? warning : {}),
          ...(hasComplete
            ? { COMPLETE: { id: completeId(name), description: 'Complete: its data is saved; it can be opened again to edit.', on: complete } }
            : {}),
        },
      },
      READONLY: {
        description: 'Read-only: shown as complete but locked (a warning elsewhere, or the request was sent).',
      },
    },
  };
}

/** Spec §4 after a re-check: the forced step, else the page shown if still open, else the step that needs the user. */
const redirects = [
  { guard: 'hasForcedStep', target: '.ready', actions: ['navigateToForced', 'forgetNavigation'] },
  ...STEP_NAMES.filter((name) => name !== 'thank-page').map((step) => ({
    guard: and([{ type: 'isShownStep', params: { step } }, isStepClickable(step)]),
    target: '.ready',
    actions: [{ type: 'navigateTo', params: { step } }, 'forgetNavigation'],
  })),
  ...(['notification-contacts', 'select-initiative', 'personal-data', 'request-summary'] as const).map((step) => ({
    guard: inStatus(step, 'ENABLED'),
    target: '.ready',
    actions: [{ type: 'navigateTo', params: { step } }, 'forgetNavigation'],
  })),
  {
    guard: inStatus('select-initiative', 'WARNING'),
    target: '.ready',
    actions: [{ type: 'navigateTo', params: { step: 'select-initiative' } }, 'forgetNavigation'],
  },
] as const;

export const enrolmentMachine = enrolmentSetup.createMachine({
  id: 'enrolment',
  description: 'Steps of the startup process: each step a region of statuses, plus the navigation between steps.',
  initial: 'running',
  context: initialContext,
  on: {
    URL_CHANGED: { actions: { type: 'setUrl', params: ({ event }) => ({ url: event.url }) } },
    EDIT_FROM_SUMMARY: { actions: { type: 'rememberEditFromSummary', params: ({ event }) => ({ step: event.step }) } },
    RECHECK: {
      actions: [{ type: 'rememberRecheck', params: ({ event }) => ({ request: event.request, forcedStep: event.forcedStep ?? null }) }, 'walk', 'redirect'],
    },
  },
  states: {
    running: {
      type: 'parallel',
      description: 'The navigation between steps and the six steps, side by side.',
      states: {
        navigation: {
          description: 'Moving between steps: a completion sends the user on after the step navigation delay.',
          initial: 'ready',
          on: {
            REDIRECT: redirects as never,
            SUBMITTED: { target: '.ready', actions: 'forgetNavigation' },
            RESET: { target: '.ready', actions: 'reset' },
          },
          states: {
            ready: {
              description: 'No navigation pending.',
              on: { STEP_COMPLETED: { target: 'navigating', actions: 'planNavigation' } },
            },
            navigating: {
              description: 'A step was completed; the user moves to the next one after the step navigation delay (10 ms).',
              // Another completion restarts the delay: the user lands on the step after the latest one.
              on: { STEP_COMPLETED: { target: 'navigating', reenter: true, actions: 'planNavigation' } },
              after: {
                stepNavigation: { target: 'ready', actions: ['emitPendingNavigation', 'forgetNavigation'] },
              },
            },
          },
        },
        steps: {
          type: 'parallel',
          description: 'The six steps, each with its status (spec §3).',
          states: Object.fromEntries(STEP_NAMES.map((name) => [name, stepRegion(name)])) as never,
        },
      },
    },
  },
});

type EnrolmentSnapshot = SnapshotFrom<typeof enrolmentMachine>;

const STATUS_OF_STATE: Record<string, StepStatusValue> = {
  TO_DO: StepStatus.TO_DO,
  ENABLED: StepStatus.ENABLED,
  WARNING: StepStatus.WARNING,
  COMPLETE: StepStatus.COMPLETE,
  READONLY: StepStatus.READONLY,
};

/** A step's status, read from its region's state. */
export function selectStatus(snapshot: EnrolmentSnapshot, name: StepName): StepStatusValue {
  const value = (snapshot.value as { running: { steps: Record<string, string | { clickable: string }> } }).running.steps[name];
  const state = typeof value === 'string' ? value : value?.clickable;
  const status = state === undefined ? undefined : STATUS_OF_STATE[state];
  if (status === undefined) throw new Error(`enrolment: no status for ${name}`);
  return status;
}

export function selectSteps(snapshot: EnrolmentSnapshot): StepWithStatus[] {
  return STEP_TABLE.map((step) => ({ ...step, status: selectStatus(snapshot, step.name) }));
}

export interface StepView extends StepWithStatus {
  active: boolean;
  clickable: boolean;
  drawing: StepDrawing;
}

/** The steps as the wizard menu draws them (hidden ones included; the menu filters on `hidden`). */
export function selectStepViews(snapshot: EnrolmentSnapshot): StepView[] {
  const { activeStep } = snapshot.context;
  return selectSteps(snapshot).map((step) => ({ ...step, active: step.name === activeStep, clickable: isClickable(step), drawing: stepDrawing(step) }));
}

export function selectActiveStep(snapshot: EnrolmentSnapshot): StepWithStatus | null {
  const { activeStep } = snapshot.context;
  return activeStep ? (selectSteps(snapshot).find((step) => step.name === activeStep) ?? null) : null;
}

export function selectIsNavigating(snapshot: EnrolmentSnapshot): boolean {
  return snapshot.matches({ running: { navigation: 'navigating' } } as never);
}

/** Why select-initiative is in WARNING (message keys in locales, `ep.warning.*`), or null. */
export type SelectionWarning = 'own-portal' | 'no-pec' | 'municipality' | 'initiative';
export function selectSelectionWarning(snapshot: EnrolmentSnapshot): SelectionWarning | null {
  if (!snapshot.matches({ running: { steps: { 'select-initiative': { clickable: 'WARNING' } } } } as never)) return null;
  const { request } = snapshot.context;
  if (isOfficeOnOwnPortal(request)) return 'own-portal';
  if (isOfficeWithoutPec(request)) return 'no-pec';
  if (isOfficeGoneFromMunicipality(request)) return 'municipality';
  return 'initiative';
}

/** A step page may change the draft only while its step is open and not read-only. */
export function selectIsReadOnly(snapshot: EnrolmentSnapshot, name: StepName): boolean {
  return selectStatus(snapshot, name) === StepStatus.READONLY;
}

export { isClickable, stepDrawing };

export const enrolmentMachineInfo: MachineInfo<typeof enrolmentMachine> = {
  id: 'enrolment',
  machine: enrolmentMachine,
  title: 'Enrolment steps',
  purpose:
    'Keeps the status of the six steps of the startup request (initial summary, notification contacts, ' +
    'office and initiative, personal data, request summary, thank-you page) and moves the user between ' +
    'them. Each step is a region whose states are its statuses: to do, enabled, warning, complete and ' +
    'read-only (the middle three are "clickable": the menu links to them). Saving a step with "continue" ' +
    'completes it and enables the next, then the page changes after 10 ms. The request summary is completed ' +
    'by sending the request: the thank-you page opens and every other step becomes read-only. When a draft is reopened every step ' +
    'recomputes its status from what the draft holds (the walk): a step is complete when every earlier ' +
    'step has its data and so does it, enabled when it is the first one missing data, to do after that. If ' +
    'the office the draft names now works through its own portal, no longer serves the municipality, or ' +
    'the initiative is no longer offered, the office-and-initiative step goes to warning, every other step ' +
    'becomes read-only, and the citizen is sent there and told why; choosing another office or initiative ' +
    'and continuing completes the step and recomputes all the others. A step opened with "edit" from the ' +
    'request summary goes back to the summary once it is saved with "continue". After a re-check the user goes to ' +
    'the step asked for, else stays on the page shown if it is still open, else goes to the step that ' +
    'needs them.',
  guards: {
    hasProcedureNotification: 'The draft holds a notification contact (e-mail or PEC).',
    hasPlaceOfficeAndInitiative: 'The draft names the municipality of the activity, an office and an initiative.',
    hasPersonalDataAndAddress: "The draft holds the applicant's first name, last name and fiscal code, and the business's address (street, number, postcode).",
    hasBusinessIdentity:
      "The draft says who the business is, completely: sole trader or company (a company with its name, legal form, PEC and a VAT number whose check digit holds), the ATECO code and the applicant's role.",
    isOfficeOnOwnPortal: 'The office the draft names now works through its own portal (type EXT).',
    isOfficeWithoutPec: 'The office the draft names has no PEC address configured, so it receives no request.',
    isOfficeGoneFromMunicipality: "The office no longer serves the draft's municipality.",
    isInitiativeWithdrawn: 'The initiative the draft names is no longer offered.',
    isSelectionOutdated: 'Any of the four above: the office or initiative no longer leads to this portal.',
    isSavedSelectionOutdated: 'The save that completes the step still names an outdated office or initiative.',
    isThisStep: 'The completion is of this region’s step.',
    isPreviousStep: 'The completed step is the one just before this region’s step.',
    isShownStep: 'The page on screen is this step.',
    hasForcedStep: 'The re-check asked for a specific step (private area "resume on step").',
  },
  actions: {
    rememberRecheck: 'Keeps the reopened draft, which the walk reads, and the step asked for.',
    rememberSavedRequest: 'Keeps the draft as just saved, which the walk then reads.',
    walk: 'Asks every step to recompute its status from the draft (WALK).',
    redirect: 'Asks the navigation to send the user to the right step (REDIRECT).',
    announceCompletion: 'Tells the other regions this step was completed (STEP_COMPLETED).',
    navigateTo: { says: 'Sends the user to the step’s page.', page: '/startup/<step>' },
    navigateToForced: { says: 'Sends the user to the step the re-check asked for.', page: '/startup/<step>' },
    planNavigation: 'Remembers the page to go to: the step after the completed one, or the request summary when the step was opened with "edit" from there.',
    rememberEditFromSummary: 'Remembers the step opened with "edit" from the request summary.',
    emitPendingNavigation: { says: 'Sends the user to the next step’s page.', page: '/startup/<next step>' },
    forgetNavigation: 'Forgets the pending navigation and the step asked for.',
    setUrl: 'Remembers the page on screen and which step it is.',
    reset: 'Forgets everything: a new draft starts.',
  },
};
