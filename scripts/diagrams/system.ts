// The system picture: which machine talks to which, with the events. The wiring lives in machines
// that run others (docs/architecture.md "Front end and machines"): the app's root (machines/portal.ts) for login, session,
// dialogs and spinner, the startup machine for the enrolment; this table names each link and the
// file that makes it. tests/docs/diagrams.test.ts checks that every receiving machine
// accepts the events written here and that every file named exists, so a rewired bridge shows up
// as a failing test until the table follows. Adapters (router, HTTP, storage, the screen's buttons)
// are boxes too: they are where events come from and go to outside the machines.
export const ADAPTERS = {
  router: 'Router (the address bar)',
  http: 'HTTP client (calls to the server)',
  browser: 'Browser (focus, new windows)',
  storage: 'Tab storage (sessionStorage)',
} as const;

export type SystemNode = string; // a machine id of machines/registry.ts, or a key of ADAPTERS

export interface SystemLink {
  from: SystemNode;
  to: SystemNode;
  /** 'emitted → received', or just the received event when the sender is an adapter. */
  events: readonly { emitted?: string; received: string }[];
  /** The file that forwards the events (from the repository root). */
  via: string;
}

export const SYSTEM_LINKS: readonly SystemLink[] = [
  // The app's root machine (machines/portal.ts) runs auth, session, modals and spinner and holds the
  // rules between them: each arrow between two of them is a transition of the root.
  { from: 'auth', to: 'modals', events: [{ emitted: 'modal', received: 'OPEN' }], via: 'machines/portal.ts' },
  { from: 'auth', to: 'portal', events: [{ emitted: 'navigate', received: 'auth.navigate' }], via: 'machines/support/relay.ts' },
  { from: 'portal', to: 'router', events: [{ emitted: 'navigate', received: 'go to the page' }], via: 'src/web/app/MachineBridges.tsx' },
  {
    from: 'session',
    to: 'auth',
    events: [
      { emitted: 'startLogin', received: 'LOGIN' },
      { emitted: 'restore', received: 'RESTORE' },
    ],
    via: 'machines/portal.ts',
  },
  { from: 'router', to: 'portal', events: [{ received: 'ROUTE_CHANGED' }], via: 'src/web/app/MachineBridges.tsx' },
  {
    from: 'auth',
    to: 'session',
    events: [
      { emitted: 'user changed', received: 'ROUTE_CHANGED' },
      { emitted: 'login origin chosen', received: 'REMEMBER_LOGIN_ORIGIN' },
      { emitted: 'logout origin chosen', received: 'REMEMBER_LOGOUT_ORIGIN' },
    ],
    via: 'machines/portal.ts',
  },
  { from: 'portal', to: 'session', events: [{ emitted: 'page changed', received: 'ROUTE_CHANGED' }], via: 'machines/portal.ts' },
  {
    from: 'portal',
    to: 'storage',
    events: [
      { emitted: 'storeSession', received: 'write the logged session' },
      { emitted: 'storeOrigins', received: 'write the pages to return to' },
    ],
    via: 'src/web/app/MachinesProvider.tsx',
  },
  {
    from: 'http',
    to: 'spinner',
    events: [{ received: 'REQUEST_STARTED' }, { received: 'REQUEST_ENDED' }],
    via: 'src/web/app/bridges/use-http-bridge.ts',
  },
  { from: 'http', to: 'auth', events: [{ emitted: '401', received: 'EXPIRED' }], via: 'src/web/app/bridges/use-http-bridge.ts' },
  { from: 'http', to: 'session', events: [{ emitted: '401', received: 'REMEMBER_LOGIN_ORIGIN' }], via: 'src/web/app/bridges/use-http-bridge.ts' },
  // A dialog's buttons answer the machine that opened it (its request's `replies`).
  {
    from: 'modals',
    to: 'auth',
    events: [
      { emitted: 'reply to login', received: 'LOGIN' },
      { emitted: 'reply to confirm', received: 'LOGOUT' },
    ],
    via: 'machines/modals.ts',
  },
  { from: 'modals', to: 'browser', events: [{ emitted: 'restoreFocus', received: 'focus the opener' }], via: 'machines/portal.ts' },
  // The startup process (machines/startup.ts) runs the draft and the steps as its children and hears
  // what they emit through the relay; its own rules tell the steps and the draft what happened.
  {
    from: 'draft',
    to: 'startup',
    events: [
      { emitted: 'modal', received: 'draft.modal' },
      { emitted: 'navigate', received: 'draft.navigate' },
      { emitted: 'persistDraft', received: 'draft.persistDraft' },
      { emitted: 'clearPersistedDraft', received: 'draft.clearPersistedDraft' },
      { emitted: 'stepCompleted', received: 'draft.stepCompleted' },
      { emitted: 'resetSteps', received: 'draft.resetSteps' },
      { emitted: 'submitted', received: 'draft.submitted' },
      { emitted: 'recheck', received: 'draft.recheck' },
      { emitted: 'nothingToReopen', received: 'draft.nothingToReopen' },
    ],
    via: 'machines/support/relay.ts',
  },
  { from: 'enrolment', to: 'startup', events: [{ emitted: 'navigate', received: 'enrolment.navigate' }], via: 'machines/support/relay.ts' },
  {
    from: 'startup',
    to: 'enrolment',
    events: [
      { emitted: 'completeStep', received: 'COMPLETE_STEP' },
      { emitted: 'resetSteps', received: 'RESET' },
      { emitted: 'lockSteps', received: 'SUBMITTED' },
      { emitted: 'recheckSteps', received: 'RECHECK' },
      { emitted: 'tellEnrolmentUrl', received: 'URL_CHANGED' },
    ],
    via: 'machines/startup.ts',
  },
  { from: 'startup', to: 'draft', events: [{ emitted: 'restoreEdits', received: 'CHANGE' }], via: 'machines/startup.ts' },
  // The app's root runs the startup machine while a startup page is open (STARTUP_OPENED, sent with
  // the machine by src/web/enrolment/EnrolmentProvider.tsx) and passes on what it asks for.
  {
    from: 'router',
    to: 'portal',
    events: [{ received: 'STARTUP_OPENED' }, { received: 'STARTUP_CLOSED' }],
    via: 'src/web/enrolment/EnrolmentProvider.tsx',
  },
  { from: 'portal', to: 'startup', events: [{ emitted: 'page changed', received: 'URL_CHANGED' }], via: 'machines/portal.ts' },
  { from: 'startup', to: 'modals', events: [{ emitted: 'modal', received: 'OPEN' }], via: 'machines/portal.ts' },
  { from: 'startup', to: 'portal', events: [{ emitted: 'navigate', received: 'startup.navigate' }], via: 'machines/support/relay.ts' },
  {
    from: 'startup',
    to: 'storage',
    events: [
      { emitted: 'writeStorage', received: 'write the draft to the tab’s storage' },
      { emitted: 'keepSelectedOffice', received: 'keep the chosen office' },
    ],
    via: 'src/web/actors/enrolment.ts',
  },
  { from: 'startup', to: 'browser', events: [{ emitted: 'openExternalPortal', received: 'open a new window' }], via: 'src/web/actors/enrolment.ts' },
  // The draft machine's own actor (provided by src/web/actors/enrolment.ts): it lists the citizen's
  // requests itself and decides from the answer; no bridge carries the list.
  { from: 'draft', to: 'http', events: [{ emitted: 'invokes listDrafts', received: 'list the citizen’s requests' }], via: 'src/web/actors/enrolment.ts' },
  // The process entry: the page reads ?requestId= from the address and says ENTER; the machine decides.
  { from: 'router', to: 'draft', events: [{ received: 'ENTER' }], via: 'src/web/screens/enrolment/StartupEntryPage.tsx' },
  // The dialogs answer whoever opened them with the event their request names (`replies`).
  {
    from: 'modals',
    to: 'draft',
    events: [
      { emitted: 'reply restore', received: 'RESTORE_DRAFT' },
      { emitted: 'reply discard', received: 'DISCARD_AND_START_NEW' },
      { emitted: 'reply draftFound dismissed', received: 'CANCEL' },
      { emitted: 'reply confirm-delete', received: 'CONFIRM_DISCARD' },
      { emitted: 'reply cancel, dismissed', received: 'CANCEL_DISCARD' },
      { emitted: 'reply save-and-exit', received: 'SAVE_AND_EXIT' },
      { emitted: 'reply back-to-form, dismissed', received: 'BACK_TO_FORM' },
      { emitted: 'reply abort', received: 'CONFIRM_ABORT' },
    ],
    via: 'machines/draft/rules.ts',
  },
  {
    from: 'modals',
    to: 'startup',
    events: [
      { emitted: 'reply open-external', received: 'OPEN_EXTERNAL_PORTAL' },
      { emitted: 'reply use-internal', received: 'USE_INTERNAL_OFFICE' },
    ],
    via: 'src/web/enrolment/modal-requests.ts',
  },
  { from: 'draftDeletion', to: 'modals', events: [{ emitted: 'modal', received: 'OPEN' }], via: 'src/web/screens/private-area/use-draft-deletion.ts' },
  {
    from: 'modals',
    to: 'draftDeletion',
    events: [
      { emitted: 'modalAction confirm-delete', received: 'CONFIRM' },
      { emitted: 'modalAction cancel', received: 'CANCEL' },
      { emitted: 'modalClosed draftDelete', received: 'CANCEL' },
    ],
    via: 'src/web/screens/private-area/use-draft-deletion.ts',
  },
  {
    from: 'draftDeletion',
    to: 'listQuery',
    events: [{ emitted: 'reloadRequests', received: 'RELOAD' }],
    via: 'src/web/screens/private-area/use-draft-deletion.ts',
  },
  { from: 'details', to: 'modals', events: [{ emitted: 'pdfFailed', received: 'OPEN' }], via: 'src/web/screens/private-area/RequestDetailsPage.tsx' },
  { from: 'pdfRecap', to: 'modals', events: [{ emitted: 'pdfFailed', received: 'OPEN' }], via: 'src/web/lists/use-pdf-recap.ts' },
  { from: 'details', to: 'modals', events: [{ emitted: 'pdfFailed', received: 'OPEN' }], via: 'src/web/screens/back-office/BoRequestDetailsPage.tsx' },
  {
    from: 'praticaAction',
    to: 'details',
    events: [
      { emitted: 'moved', received: 'REPLACE' },
      { emitted: 'refused', received: 'RELOAD' },
    ],
    via: 'src/web/screens/back-office/BoRequestDetailsPage.tsx',
  },
  { from: 'praticaAction', to: 'modals', events: [{ emitted: 'refused', received: 'OPEN' }], via: 'src/web/screens/back-office/BoRequestDetailsPage.tsx' },
  { from: 'storageLimit', to: 'details', events: [{ emitted: 'saved', received: 'RELOAD' }], via: 'src/web/screens/back-office/BoRequestDetailsPage.tsx' },
  // The withdrawal sends to the details actor the page hands it (sendTo): no screen carries the events.
  {
    from: 'praticaWithdrawal',
    to: 'details',
    events: [
      { emitted: 'withdrawn', received: 'REPLACE' },
      { emitted: 'refusal closed', received: 'RELOAD' },
    ],
    via: 'machines/pratica-withdrawal.ts',
  },
];

/** Mermaid flowchart of the links: one box per machine (rounded) and per adapter, one arrow per pair. */
export function toSystemMermaid(machines: readonly { id: string; title: string }[], links: readonly SystemLink[] = SYSTEM_LINKS): string {
  const lines = ['flowchart LR', '  %% system: generated from scripts/diagrams/system.ts by scripts/diagrams.ts; do not edit.'];
  for (const machine of machines) lines.push(`  ${machine.id}("${machine.title} (${machine.id})")`);
  for (const [id, title] of Object.entries(ADAPTERS)) lines.push(`  ${id}[/"${title}"/]`);
  const arrows = new Map<string, string[]>();
  for (const link of links) {
    const pair = `${link.from} ${link.to}`;
    const labels = link.events.map((event) => (event.emitted ? `${event.emitted} → ${event.received}` : event.received));
    arrows.set(pair, [...new Set([...(arrows.get(pair) ?? []), ...labels])]);
  }
  for (const [pair, labels] of arrows) {
    const [from, to] = pair.split(' ');
    lines.push(`  ${from} -->|"${labels.join('<br/>')}"| ${to}`);
  }
  return `${lines.join('\n')}\n`;
}
