// Spec §4 rules → the transition that implements each and the test that exercises it, for the index
// page (docs/machines/README.md). A transition is named by its key (scripts/diagrams/walk.ts:
// 'source | event | #alternative'), exactly as the machine's page lists it. tests/docs/diagrams.test.ts
// fails when a row names a transition the machine no longer has or a test file that does not exist:
// whoever renames a state or an event updates the row.
export interface SpecRule {
  /** Spec §4 subsection. */
  section: string;
  /** The rule in the spec's words, shortened. */
  rule: string;
  machine: string;
  /** Transition keys; the first is the one that decides, the others complete it. */
  transitions: readonly string[];
  /** Test file (from the repository root) that drives these transitions. */
  test: string;
}

export const SPEC_RULES: readonly SpecRule[] = [
  {
    section: 'Enrolment step logic',
    rule: 'Completing a step marks it complete, enables the next and navigates to it after 10 ms.',
    machine: 'enrolment',
    transitions: [
      'running.steps.notification-contacts.clickable.ENABLED | COMPLETE_STEP | #0',
      'running.steps.select-initiative.TO_DO | STEP_COMPLETED | #0',
      'running.navigation.navigating | xstate.after.stepNavigation.enrolment.running.navigation.navigating | #0',
    ],
    test: 'tests/machines/enrolment.test.ts',
  },
  {
    section: 'Enrolment step logic',
    rule: 'When the next step is the final one, all other steps become read-only.',
    machine: 'enrolment',
    // The request summary, whose next step is the final one, is completed by sending the request.
    transitions: [
      'running.steps.request-summary | SUBMITTED | #0',
      'running.steps.personal-data | SUBMITTED | #0',
      'running.steps.thank-page | SUBMITTED | #0',
    ],
    test: 'tests/machines/enrolment.test.ts',
  },
  {
    section: 'Enrolment step logic',
    rule: "Re-check walks the steps from the start: notification-contacts complete only if procedureNotification is set, select-initiative only if the municipality of the activity, iniziative and suap are set, personal-data only if first name, last name, fiscal code, the business's address (street, number, postcode) and who the business is (sole trader or company with its data, ATECO code, the applicant's role) are set.",
    machine: 'enrolment',
    transitions: [
      '(root) | RECHECK | #0',
      'running.steps.notification-contacts | WALK | #1',
      'running.steps.select-initiative | WALK | #1',
      'running.steps.personal-data | WALK | #1',
    ],
    test: 'tests/machines/enrolment.test.ts',
  },
  {
    section: 'Enrolment step logic',
    rule: 'If any step has warning status, all others become read-only.',
    machine: 'enrolment',
    transitions: [
      'running.steps.select-initiative | WALK | #0',
      'running.steps.personal-data | WALK | #0',
      'running.steps.select-initiative.clickable.WARNING | COMPLETE_STEP | #0',
    ],
    test: 'tests/machines/enrolment.test.ts',
  },
  {
    section: 'Enrolment step logic',
    rule: 'The user is redirected to the first enabled (or warning) step, or to a forced step.',
    machine: 'enrolment',
    transitions: ['running.navigation | REDIRECT | #0', 'running.navigation | REDIRECT | #6', 'running.navigation | REDIRECT | #10'],
    test: 'tests/machines/enrolment.test.ts',
  },
  {
    section: 'Enrolment step logic',
    rule: 'Draft save: on notification-contacts create if there is no requestId, else update.',
    machine: 'draft',
    transitions: ['running.lifecycle.saving.choosing | (always) | #0', 'running.lifecycle.saving.choosing | (always) | #1'],
    test: 'tests/machines/draft-save.test.ts',
  },
  {
    section: 'Enrolment step logic',
    rule: 'A new unsaved draft is kept in session and restored on reload; an existing one is refetched.',
    machine: 'draft',
    transitions: [
      'running.lifecycle.restoring | xstate.done.actor.loadPersistedDraft | #1',
      'running.lifecycle.restoring | xstate.done.actor.loadPersistedDraft | #0',
    ],
    test: 'tests/machines/draft.test.ts',
  },
  {
    section: 'Search form (select office)',
    rule: 'Changing region resets and enables province and clears and disables municipality.',
    machine: 'officeSearch',
    transitions: ['running.form.area | SELECT_REGION | #0', 'running.provinces.idle | SELECT_REGION | #0'],
    test: 'tests/machines/office-search.test.ts',
  },
  {
    section: 'Search form (select office)',
    rule: 'Changing province resets and enables municipality.',
    machine: 'officeSearch',
    transitions: ['running.form.area | SELECT_PROVINCE | #0', 'running.municipalities.idle | SELECT_PROVINCE | #0'],
    test: 'tests/machines/office-search.test.ts',
  },
  {
    section: 'Search form (select office)',
    rule: 'Choosing a municipality loads the offices for it.',
    machine: 'officeSearch',
    transitions: ['running.offices | SELECT_MUNICIPALITY | #0'],
    test: 'tests/machines/office-search.test.ts',
  },
  {
    section: 'Search form (select office)',
    rule: 'Switching to free search reloads offices and clears the address; switching to area search clears office data.',
    machine: 'officeSearch',
    transitions: [
      'running.form.area | SET_TYPE | #0',
      'running.form.free | SET_TYPE | #0',
      'running.offices | SET_TYPE | #0',
      'running.offices | SET_TYPE | #1',
    ],
    test: 'tests/machines/office-search.test.ts',
  },
  {
    section: 'Search form (select office)',
    rule: 'Lists reset when filters are cleared.',
    machine: 'officeSearch',
    transitions: ['running.form | CLEAR | #0'],
    test: 'tests/machines/office-search.test.ts',
  },
  {
    section: 'Login',
    rule: 'Front office: a fiscal code leads to the user-info lookup; a missing fiscal code leads to the identity matcher (once: a code bound at an earlier login leads to the lookup, a deviation in docs/architecture.md "Identity").',
    machine: 'auth',
    transitions: ['routing | (always) | #0', 'routing | (always) | #2', 'routing | (always) | #1'],
    test: 'tests/machines/auth-login.test.ts',
  },
  {
    section: 'Login',
    rule: 'Back office: accepted only if login began from the back-office root and the token has a fiscal code.',
    machine: 'auth',
    transitions: ['routing | (always) | #3', 'routing | (always) | #4'],
    test: 'tests/machines/auth-login.test.ts',
  },
  {
    section: 'Login',
    rule: 'The user is accepted only if the lookup returns 200, active is 1 and the profile is allowed; else the authentication-failed modal and logout.',
    machine: 'auth',
    transitions: ['fetchingUser | xstate.done.actor.fetchUserInfo | #0', 'fetchingUser | xstate.done.actor.fetchUserInfo | #1'],
    test: 'tests/machines/auth-login.test.ts',
  },
  {
    section: 'Login',
    rule: 'After login: front office goes to the stored origin or home; back office goes to the request list in the first configured language.',
    machine: 'auth',
    transitions: ['fetchingUser | xstate.done.actor.fetchUserInfo | #0'],
    test: 'tests/machines/auth-login.test.ts',
  },
  {
    section: 'Login',
    rule: 'Token exchange failure logs the user out.',
    machine: 'auth',
    // #0 is the declined silent sign-in (back-office links, docs/architecture.md "The clerks' desk"), which asks for a real one.
    transitions: ['exchanging | xstate.error.actor.exchangeCode | #1'],
    test: 'tests/machines/auth-login.test.ts',
  },
  {
    section: 'Logout',
    rule: "The access token is revoked, then the session is cleared and the user goes to the provider's logout page; if revocation fails a warning shows and the session stays.",
    machine: 'auth',
    transitions: [
      'loggingOut | xstate.done.actor.revokeToken | #1',
      'loggingOut | xstate.done.actor.revokeToken | #0',
      'loggingOut | xstate.error.actor.revokeToken | #0',
    ],
    test: 'tests/machines/auth-logout.test.ts',
  },
  {
    section: 'Logout',
    rule: 'Afterwards the user returns to startup, home or the stored origin.',
    machine: 'auth',
    transitions: ['endingProviderSession | xstate.done.actor.endProviderSession | #0', 'endingProviderSession | xstate.error.actor.endProviderSession | #0'],
    test: 'tests/machines/auth-logout.test.ts',
  },
  {
    section: 'Logout',
    rule: 'Without a user the session is cleared and the user goes to the app root.',
    machine: 'auth',
    transitions: ['loggedOut | LOGOUT | #0'],
    test: 'tests/machines/auth-logout.test.ts',
  },
  {
    section: 'Session',
    rule: 'Restored from stored data on reload; a front-office user is not restored on back-office paths.',
    machine: 'session',
    transitions: ['restoring | (always) | #0', 'restoring | (always) | #1'],
    test: 'tests/machines/session.test.ts',
  },
  {
    section: 'Session',
    rule: 'A back-office path requires a back-office user, else back-office login starts.',
    machine: 'session',
    transitions: ['guarding | (always) | #0'],
    test: 'tests/machines/session.test.ts',
  },
  {
    section: 'Abort, draft found, draft delete',
    rule: 'Abort of a draft (has requestId) offers save-and-exit; a new request offers back-to-form.',
    machine: 'draft',
    transitions: ['running.lifecycle.aborting.choosing | (always) | #0', 'running.lifecycle.aborting.choosing | (always) | #1'],
    test: 'tests/machines/draft-flows.test.ts',
  },
  {
    section: 'Abort, draft found, draft delete',
    rule: 'Save-and-exit saves and leaves after 500 ms.',
    machine: 'draft',
    transitions: ['running.lifecycle.aborting.leaving | xstate.after.saveAndExit.draft.running.lifecycle.aborting.leaving | #0'],
    test: 'tests/machines/draft-flows.test.ts',
  },
  {
    section: 'Abort, draft found, draft delete',
    rule: 'Draft found offers restore, or delete and create new.',
    machine: 'draft',
    transitions: ['running.lifecycle.draftFound | RESTORE_DRAFT | #0', 'running.lifecycle.draftFound | DISCARD_AND_START_NEW | #0'],
    test: 'tests/machines/draft-flows.test.ts',
  },
  {
    section: 'Abort, draft found, draft delete',
    rule: 'Draft delete success shows a success alert and reloads the request list after 10 ms.',
    machine: 'draftDeletion',
    transitions: ['deleting | xstate.done.actor.deleteDraft | #0', 'deleted | xstate.after.reloadAfterDraftDelete.draftDeletion.deleted | #0'],
    test: 'tests/machines/citizen.test.ts',
  },
  {
    section: 'Spinner',
    rule: 'Shown per request id; visible while at least one request is active.',
    machine: 'spinner',
    transitions: ['hidden | REQUEST_STARTED | #0', 'visible | REQUEST_ENDED | #0', 'visible | REQUEST_ENDED | #1'],
    test: 'tests/machines/spinner.test.ts',
  },
];
