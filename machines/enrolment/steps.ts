// Spec §2 "Enrolment flow", §3 "Navigation step" and §4 "Enrolment step logic" as pure functions over
// an immutable step table. The enrolment machine only decides *when* they run; what they compute is
// unit-tested on its own (tests/machines/enrolment-steps.test.ts).
import { StepStatus, type StepStatusValue } from '../../src/shared/constants.ts';
import { ENROLMENT_STEP_NAMES, STARTUP_MOUNT } from '../../src/shared/startup-paths.ts';

export { STARTUP_MOUNT, STARTUP_SERVICE_PATH } from '../../src/shared/startup-paths.ts';

export const STEP_NAMES = ENROLMENT_STEP_NAMES;
export type StepName = (typeof STEP_NAMES)[number];

export interface NavigationStep {
  name: StepName;
  /** The step that follows; null for the final one (thank-page). */
  next: StepName | null;
  /** Locale key of the step menu entry. */
  label: string;
  url: string;
  status: StepStatusValue;
  /** Not shown in the wizard step menu (initial summary and thank page). */
  hidden: boolean;
}

export type Steps = readonly NavigationStep[];

/** What the re-check walk reads from a request: the server's full record and a local draft both fit. */
export interface StepData {
  procedureNotification?: unknown;
  iniziative?: unknown;
  suap?: unknown;
  personalData?: { firstName?: string | null; lastName?: string | null; fiscalCode?: string | null } | null;
}

const HIDDEN_STEPS: ReadonlySet<StepName> = new Set(['initial-summary', 'thank-page']);

export function stepUrl(name: StepName): string {
  return `${STARTUP_MOUNT}/${name}`;
}

/** Before anything happened only the initial summary is open: it is the entry page of the process. */
export const INITIAL_STEPS: Steps = STEP_NAMES.map((name, index) => ({
  name,
  next: STEP_NAMES[index + 1] ?? null,
  label: `ep.steps.${name}`,
  url: stepUrl(name),
  status: index === 0 ? StepStatus.ENABLED : StepStatus.TO_DO,
  hidden: HIDDEN_STEPS.has(name),
}));

const isSet = (value: unknown) => value !== undefined && value !== null;

/**
 * Whether the request holds what a step asks for (spec §4 re-check). The request summary has no data
 * of its own (only sending completes it) and the thank page is never reached by the walk.
 */
const HAS_DATA: Readonly<Record<StepName, (data: StepData) => boolean>> = {
  'initial-summary': () => true,
  'notification-contacts': (data) => isSet(data.procedureNotification),
  'select-initiative': (data) => isSet(data.iniziative) && isSet(data.suap),
  'personal-data': ({ personalData: p }) => Boolean(p?.firstName && p.lastName && p.fiscalCode),
  'request-summary': () => false,
  'thank-page': () => false,
};

export function hasStepData(name: StepName, data: StepData): boolean {
  return HAS_DATA[name](data);
}

export function findStep(steps: Steps, name: StepName): NavigationStep | undefined {
  return steps.find((step) => step.name === name);
}

function withStatus(step: NavigationStep, status: StepStatusValue): NavigationStep {
  return step.status === status ? step : { ...step, status };
}

/**
 * The re-check walk (spec §4), from the first step. A step counts complete when its data is there
 * AND the walk can go on to a later step, which it thereby puts beyond to-do; otherwise the step is
 * enabled and the walk stops. So complete steps always form a prefix followed by exactly one enabled
 * step, data filled in after a gap does not count (the walk never gets there), and what the steps
 * said before is ignored: the request alone decides. Steps after the stop go back to to-do.
 */
export function walkSteps(steps: Steps, data: StepData): Steps {
  let stopped = false;
  return steps.map((step, index) => {
    if (stopped) return withStatus(step, StepStatus.TO_DO);
    const later = steps[index + 1];
    if (later && hasStepData(step.name, data)) return withStatus(step, StepStatus.COMPLETE);
    stopped = true;
    return withStatus(step, StepStatus.ENABLED);
  });
}

/** Spec §4: if any step has warning status, all others become read-only. */
export function applyWarningRule(steps: Steps): Steps {
  if (!steps.some((step) => step.status === StepStatus.WARNING)) return steps;
  return steps.map((step) => (step.status === StepStatus.WARNING ? step : withStatus(step, StepStatus.READONLY)));
}

/**
 * Full re-check: the walk, then the steps the app flags as needing attention become WARNING (the
 * spec leaves their source open; the app passes them with RECHECK), then the warning rule.
 */
export function recheckSteps(steps: Steps, data: StepData, warnings: readonly StepName[] = []): Steps {
  const walked = walkSteps(steps, data).map((step) => (warnings.includes(step.name) ? withStatus(step, StepStatus.WARNING) : step));
  return applyWarningRule(walked);
}

/** Where a re-check sends the user: the forced step, else the first enabled or warning step. */
export function redirectTarget(steps: Steps, forcedStep?: StepName | null): StepName | null {
  if (forcedStep) return forcedStep;
  return steps.find((step) => step.status === StepStatus.ENABLED || step.status === StepStatus.WARNING)?.name ?? null;
}

/**
 * A step may be completed when it exists, has a next step, and is not read-only: after the final step
 * was reached everything is read-only, so a late save cannot reopen the wizard.
 */
export function canCompleteStep(steps: Steps, name: StepName): boolean {
  const step = findStep(steps, name);
  return step !== undefined && step.next !== null && step.status !== StepStatus.READONLY;
}

/** A step the user already reached keeps its status when an earlier one is completed again. */
const isOpen = (status: StepStatusValue) =>
  status === StepStatus.ENABLED || status === StepStatus.WARNING || status === StepStatus.COMPLETE;

/**
 * Spec §4: completing a step marks it complete and enables the next; when the next step is the final
 * one, every other step becomes read-only. "Enables" never lowers a step that is already open
 * (enabled, warning or complete): going back to edit an earlier step must not undo later progress.
 * Returns the steps unchanged when the step cannot be completed.
 */
export function completeStep(steps: Steps, name: StepName): Steps {
  const step = findStep(steps, name);
  const next = step?.next ? findStep(steps, step.next) : undefined;
  if (!next || !canCompleteStep(steps, name)) return steps;
  if (next.next === null) return lockForFinalStep(steps);
  return steps.map((step) => {
    if (step.name === name) return withStatus(step, StepStatus.COMPLETE);
    if (step.name === next.name && !isOpen(step.status)) return withStatus(step, StepStatus.ENABLED);
    return step;
  });
}

/** Spec §4: once the final step is next, it is the only open one; every other step is read-only. */
export function lockForFinalStep(steps: Steps): Steps {
  return steps.map((step) => withStatus(step, step.next === null ? StepStatus.ENABLED : StepStatus.READONLY));
}

/** The step whose url is the given one (query, hash and a trailing slash ignored), or null. */
export function stepForUrl(steps: Steps, url: string | null): StepName | null {
  if (url === null) return null;
  const pathname = (url.split(/[?#]/, 1)[0] ?? '').replace(/(.)\/+$/, '$1');
  return steps.find((step) => step.url === pathname)?.name ?? null;
}

/** Spec §2: a step is clickable only when its status is above to-do and below read-only. */
export function isClickable(step: Pick<NavigationStep, 'status'>): boolean {
  return step.status > StepStatus.TO_DO && step.status < StepStatus.READONLY;
}

export type StepDrawing = 'complete' | 'warning' | 'enabled' | 'disabled';

/** Spec §4 "Wizard status drawing": complete and read-only as complete, warning as warning, to-do as disabled. */
export function stepDrawing(step: Pick<NavigationStep, 'status'>): StepDrawing {
  switch (step.status) {
    case StepStatus.COMPLETE:
    case StepStatus.READONLY:
      return 'complete';
    case StepStatus.WARNING:
      return 'warning';
    case StepStatus.TO_DO:
      return 'disabled';
    default:
      return 'enabled';
  }
}
