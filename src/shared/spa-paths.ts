// Every client-side path of the SPA (spec §2 route areas), in one place: the SPA's routes, menus,
// links and tests take them from here (through src/web/routes/paths.ts), and the server answers
// 404 for a page path that is none of them (src/server/plugins/spa.ts). Enrolment step paths are
// the step names of spec §2, shared with the enrolment machine through startup-paths.ts.
import { ENROLMENT_ENTRY, ENROLMENT_STEP_NAMES, STARTUP_MOUNT, STARTUP_SERVICE_PATH } from './startup-paths.ts';

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

/** A request on the desk by its own address (docs/architecture.md "The clerks' desk"): a real link, good in a new tab. */
export const boRequestPath = (requestId: number) => `${Paths.boRequests}/${requestId}`;

/** True for `mount` itself and every path under it ('/startup' and '/startup/x', not '/startup-service'). */
export function isUnderMount(path: string, mount: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname === mount || pathname.startsWith(`${mount}/`);
}

/** The desk's route for one request; its segment is whatever the address holds (the page checks it). */
export const BO_REQUEST_ROUTE = `${Paths.boRequests}/:requestId`;

/** Routes with a `:parameter` segment, each as the SPA's router declares it. */
export const PARAMETER_ROUTES = [BO_REQUEST_ROUTE] as const;

/** The SPA's router ignores case and a trailing slash: so does this. */
function normalise(pathname: string): string {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

let known: { paths: Set<string>; patterns: RegExp[] } | null = null;

/**
 * True when the SPA has a screen at this path (query and fragment aside): a path of `Paths`, a
 * step of the startup process, the back office's own mount (it leads to the desk) or a parameter
 * route. The server answers any other page path 404, still with the SPA, which then shows its
 * not-found page. Built on first use, so the SPA's bundle pays nothing for it.
 */
export function isSpaPath(path: string): boolean {
  known ??= {
    paths: new Set([...Object.values(Paths), Mounts.backOffice, ...STARTUP_STEPS.map(startupStepPath)].map(normalise)),
    patterns: PARAMETER_ROUTES.map((route) => new RegExp(`^${normalise(route).replace(/:[a-z]+/gi, '[^/]+')}$`)),
  };
  const pathname = normalise(path.split(/[?#]/, 1)[0] ?? '');
  return known.paths.has(pathname) || known.patterns.some((pattern) => pattern.test(pathname));
}
