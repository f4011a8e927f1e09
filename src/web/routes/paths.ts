// Every client-side path of the SPA (spec §2 route areas), in one place: routes, menus, links and
// tests take them from here. Enrolment step paths are the step names of spec §2, shared with the
// enrolment machine through src/shared/startup-paths.ts.
import { ENROLMENT_ENTRY, ENROLMENT_STEP_NAMES, STARTUP_MOUNT, STARTUP_SERVICE_PATH } from '../../shared/startup-paths.ts';

export const Mounts = {
  auth: '/auth',
  backOffice: '/back-office',
  startup: STARTUP_MOUNT,
  privateArea: '/private-area',
  helpOnline: '/help-online',
} as const;

/** The enrolment steps in spec order, each a child path of the startup mount. */
export const STARTUP_STEPS = [ENROLMENT_ENTRY, ...ENROLMENT_STEP_NAMES] as const;
export type StartupStep = (typeof STARTUP_STEPS)[number];

export function startupStepPath(step: StartupStep): string {
  return `${Mounts.startup}/${step}`;
}

export const Paths = {
  // Front office
  home: '/',
  startupService: STARTUP_SERVICE_PATH,
  helpPage: '/help-page',
  privacyPolicy: '/privacy-policy',
  privateArea: Mounts.privateArea,
  requestDetails: `${Mounts.privateArea}/request-details`,
  // Enrolment flow (empty entry path = the mount itself)
  startup: Mounts.startup,
  // Authentication
  login: `${Mounts.auth}/login`,
  backOfficeLogin: `${Mounts.auth}/back-office`,
  logout: `${Mounts.auth}/logout`,
  identityMatcher: `${Mounts.auth}/identity-matcher`,
  // Where the identity provider sends the browser back. They must equal the redirect URIs the
  // provider registers for each client (src/server/app.ts): front office, back office, logout.
  loginCallback: `${Mounts.auth}/callback`,
  backOfficeLoginCallback: `${Mounts.auth}/back-office/callback`,
  logoutCallback: `${Mounts.auth}/logout/callback`,
  // Back office
  boRequests: `${Mounts.backOffice}/requests`,
  boRequestDetails: `${Mounts.backOffice}/requests/details`,
  boUsers: `${Mounts.backOffice}/users`,
  boUserDetails: `${Mounts.backOffice}/users/details`,
  boUserCreate: `${Mounts.backOffice}/users/create`,
  boUserModify: `${Mounts.backOffice}/users/modify`,
  /** The audit log, administrators only (docs/architecture.md "Audit log"). */
  boAuditLog: `${Mounts.backOffice}/audit-log`,
  // Help online
  helpOnlinePublic: `${Mounts.helpOnline}/public-area`,
  helpOnlinePrivate: `${Mounts.helpOnline}/private-area`,
  helpOnlineBackOffice: `${Mounts.helpOnline}/back-office`,
  helpOnlineAdmin: `${Mounts.helpOnline}/admin-agid`,
  helpOnlineCollab: `${Mounts.helpOnline}/collab-agid`,
} as const;

export type AppPath = (typeof Paths)[keyof typeof Paths];

/** A request on the desk by its own address (issue #15.3): a real link, good in a new tab. */
export const boRequestPath = (requestId: number) => `${Paths.boRequests}/${requestId}`;

/** True for `mount` itself and every path under it ('/startup' and '/startup/x', not '/startup-service'). */
export function isUnderMount(path: string, mount: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname === mount || pathname.startsWith(`${mount}/`);
}
