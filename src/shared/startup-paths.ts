// Client paths of the startup process, in one place for the two sides that may not import each
// other: the enrolment machine (machines/enrolment) and the SPA's routes (src/web/routes/paths.ts).

/** Where the enrolment wizard is mounted. */
export const STARTUP_MOUNT = '/startup';
/** The public service page that leads to it. */
export const STARTUP_SERVICE_PATH = '/startup-service';

/** The wizard's entry page, where an existing draft is looked for (not a step of the menu). */
export const ENROLMENT_ENTRY = 'enrollment-startup';

/** The enrolment steps of spec §2 in order; each is a child path of the startup mount. */
export const ENROLMENT_STEP_NAMES = [
  'initial-summary',
  'notification-contacts',
  'select-initiative',
  'personal-data',
  'request-summary',
  'thank-page',
] as const;
