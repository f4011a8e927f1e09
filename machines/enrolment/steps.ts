// Spec §2 "Enrolment flow" and §3 "Navigation step": the step table (names, order, labels, urls),
// what a request must hold for each step (the facts the enrolment machine's guards test), and how a
// status is drawn and whether it is clickable. The statuses themselves are states of the enrolment
// machine (machines/enrolment.ts); nothing here decides a status.
import { StepStatus, type StepStatusValue } from '#shared/constants.ts';
import { ENROLMENT_STEP_NAMES, STARTUP_MOUNT } from '#shared/startup-paths.ts';
import { hasActivityAddress, type ActivityAddress } from '#shared/api/activity-address.ts';
import { isBusinessComplete, type Business } from '#shared/business.ts';

export { STARTUP_MOUNT, STARTUP_SERVICE_PATH } from '#shared/startup-paths.ts';

export const STEP_NAMES = ENROLMENT_STEP_NAMES;
export type StepName = (typeof STEP_NAMES)[number];

export interface NavigationStep {
  name: StepName;
  /** The step that follows; null for the final one (thank-page). */
  next: StepName | null;
  /** The step before; null for the first one (initial-summary). */
  previous: StepName | null;
  /** Locale key of the step menu entry. */
  label: string;
  url: string;
  /** Not shown in the wizard step menu (initial summary and thank page). */
  hidden: boolean;
}

/** A step with the status the enrolment machine's state gives it. */
export interface StepWithStatus extends NavigationStep {
  status: StepStatusValue;
}

/**
 * What the re-check walk reads from a request: the server's full record and a local draft both fit.
 * `selection` is the server's word on whether the chosen office and initiative still hold today
 * (spec §4 warning): absent on a local draft, which is checked when it is saved.
 */
export interface StepData {
  procedureNotification?: unknown;
  iniziative?: unknown;
  suap?: { type?: string | null } | null | unknown;
  /** The municipality of the activity (spec §3 Request `municipalityId`). */
  municipalityId?: number | null;
  personalData?: {
    firstName?: string | null;
    lastName?: string | null;
    fiscalCode?: string | null;
    activityAddress?: Partial<ActivityAddress> | null;
    /** Who the business is (src/shared/business.ts). */
    business?: Business | null;
  } | null;
  /** The business's VAT number (spec §3 Request `partitaIva`). */
  partitaIva?: string | null;
  selection?: { officeServesMunicipality?: boolean; initiativeOffered?: boolean } | null;
}

const HIDDEN_STEPS: ReadonlySet<StepName> = new Set(['initial-summary', 'thank-page']);

export function stepUrl(name: StepName): string {
  return `${STARTUP_MOUNT}/${name}`;
}

export const STEP_TABLE: readonly NavigationStep[] = STEP_NAMES.map((name, index) => ({
  name,
  next: STEP_NAMES[index + 1] ?? null,
  previous: index > 0 ? (STEP_NAMES[index - 1] ?? null) : null,
  label: `ep.steps.${name}`,
  url: stepUrl(name),
  hidden: HIDDEN_STEPS.has(name),
}));

export function findStep(name: StepName): NavigationStep {
  const step = STEP_TABLE.find((candidate) => candidate.name === name);
  if (!step) throw new Error(`enrolment: unknown step ${name}`);
  return step;
}

const isSet = (value: unknown) => value !== undefined && value !== null;

// The facts the spec §4 re-check walk tests, one per step that has data of its own. The enrolment
// machine's guards are these, by the same names.
export const hasProcedureNotification = (data: StepData | null) => isSet(data?.procedureNotification);
/** Select-initiative: the municipality of the activity, an office (one serving it: the server's rule) and an initiative. */
export const hasPlaceOfficeAndInitiative = (data: StepData | null) => isSet(data?.municipalityId) && isSet(data?.iniziative) && isSet(data?.suap);
/** Personal data: the applicant's names and fiscal code, and the business's address in that municipality. */
export const hasPersonalDataAndAddress = (data: StepData | null) => {
  const p = data?.personalData;
  return Boolean(p?.firstName && p.lastName && p.fiscalCode) && hasActivityAddress(p?.activityAddress);
};

/** Personal data: who the business is, completely (the rules of src/shared/business.ts, as the server's at send). */
export const hasBusinessIdentity = (data: StepData | null) => isBusinessComplete(data?.personalData?.business, data?.partitaIva);

// Spec §4 warning on select-initiative: the choice a draft holds no longer leads to this portal.
const officeType = (data: StepData | null) => (data?.suap && typeof data.suap === 'object' ? (data.suap as { type?: unknown }).type : undefined);
/** The office now works through its own portal (type EXT): the request cannot be sent here. */
export const isOfficeOnOwnPortal = (data: StepData | null) => officeType(data) === 'EXT';
/** The office has no PEC address configured by the administration, so it receives no request. */
export const isOfficeWithoutPec = (data: StepData | null) => officeType(data) === 'INT' && !(data?.suap as { pec?: unknown } | null | undefined)?.pec;
/** The office no longer serves the municipality the draft names. */
export const isOfficeGoneFromMunicipality = (data: StepData | null) => data?.selection?.officeServesMunicipality === false;
/** The initiative is no longer offered. */
export const isInitiativeWithdrawn = (data: StepData | null) => data?.selection?.initiativeOffered === false;

/** The step whose url is the given one (query, hash and a trailing slash ignored), or null. */
export function stepForUrl(url: string | null): StepName | null {
  if (url === null) return null;
  const pathname = (url.split(/[?#]/, 1)[0] ?? '').replace(/(.)\/+$/, '$1');
  return STEP_TABLE.find((step) => step.url === pathname)?.name ?? null;
}

/** Spec §2: a step is clickable only when its status is above to-do and below read-only. */
export function isClickable(step: Pick<StepWithStatus, 'status'>): boolean {
  return step.status > StepStatus.TO_DO && step.status < StepStatus.READONLY;
}

export type StepDrawing = 'complete' | 'warning' | 'enabled' | 'disabled';

/** Spec §4 "Wizard status drawing": complete and read-only as complete, warning as warning, to-do as disabled. */
export function stepDrawing(step: Pick<StepWithStatus, 'status'>): StepDrawing {
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
