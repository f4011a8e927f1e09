// Business constants of spec §9, one definition for the SPA, the server and the mocks.

export const Role = {
  FRONT_OFFICE: 1,
  BO_ADMIN: 2,
  BO_COLLAB: 3,
  /** Ours, extending spec §3's enumeration: the clerk in charge ("istruttore") who works the pratiche of their offices (docs/architecture.md "Roles and offices"). */
  CLERK: 4,
  BACK_OFFICE: 99,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';

/** Service type of the startup process (spec §4: a new request starts with service type 1). */
export const STARTUP_SERVICE_TYPE_ID = 1;

export const RequestState = {
  DRAFT: 1,
  DELETED: 2,
  SENT: 3,
  ACCEPTED: 4,
  REJECTED: 5,
} as const;

export const NotificationContactType = { EMAIL: 1, PEC: 2 } as const;

export const StepStatus = {
  TO_DO: 0,
  ENABLED: 1,
  WARNING: 2,
  COMPLETE: 3,
  READONLY: 4,
} as const;
export type StepStatusValue = (typeof StepStatus)[keyof typeof StepStatus];

/** Fallback status of spec §8 for failures that carry no better answer. */
export const GENERIC_ERROR = { code: 999, message: 'Generic Error', description: 'Generic Error' } as const;
/** How many drafts one person may keep open at once (MAX_OPEN_DRAFTS; docs/deployment.md). */
export const DEFAULT_MAX_OPEN_DRAFTS = 20;

export const PageSize = {
  requests: 5,
  users: 5,
  initiatives: 5,
  suaps: 12,
  requestCards: 3,
  /** The audit log (docs/architecture.md "Audit log"): ours, not the spec's. */
  auditLog: 10,
} as const;
export const FIRST_PAGE = 1;
/** Upper bound on any list page, so a client cannot ask the server to materialise a whole table. */
export const MAX_PAGE_SIZE = 100;

export const SearchBar = {
  minLength: 4,
  maxLength: 255,
  officeMinLength: 3,
  initiativeMinLength: 3,
} as const;

export const SCROLL_THRESHOLD_PX = 150;
export const MOBILE_BREAKPOINT_PX = 575;

/** Spec §9 timings, in milliseconds; machines name them as delays. */
export const Timings = {
  modalFocusPoll: 100,
  modalContentDelay: 100,
  saveAndExit: 500,
  reloadAfterDraftDelete: 10,
  stepNavigation: 10,
  tableSelectionUpdate: 10,
  wizardScroll: 200,
  sessionReloadGiveUp: 1000,
  sessionReloadUnsubscribe: 200,
  /** Not the spec's: the typing pause before the residence combobox asks for municipalities. */
  municipalityTypingPause: 250,
} as const;

/** Minutes without activity after which the back office signs the clerk out (BO_IDLE_MINUTES). */
export const DEFAULT_BO_IDLE_MINUTES = 30;

/**
 * Machine delays whose length the administration configures, not one of the spec §9 Timings: each
 * named with the variable that sets it (machines compute them from their context).
 */
export const ConfiguredDelays = { backOfficeIdle: 'BO_IDLE_MINUTES' } as const;

/** Designers Italia: drafts are kept at least one year. */
export const DEFAULT_DRAFT_RETENTION_DAYS = 365;
