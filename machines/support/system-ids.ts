// The systemIds of the startup process's actors, in a module of their own so that a screen naming
// one (a dialog's `replies.to`) does not bring the machines into its bundle.

/** The startup machine (machines/startup.ts), while a startup page is open. */
export const STARTUP_SYSTEM_ID = 'startup';
/** Its draft child (machines/draft.ts). */
export const DRAFT_SYSTEM_ID = 'draft';
/** Its step statuses child (machines/enrolment.ts). */
export const ENROLMENT_SYSTEM_ID = 'enrolment';
