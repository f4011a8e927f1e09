// The route tree (spec §2). Every screen is loaded on demand (`lazy`), so the first download holds
// only the shell. Screens not built yet share one honest placeholder that shows the route's title.
// Every screen sits under AccessGuard, which applies the access rules of each area (access.ts).
import { Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from '../app/RootLayout.tsx';
import { PageFallback } from '../components/PageFallback.tsx';
import type { MessageKey } from '../i18n/messages.ts';
import { RootErrorPage, RouteErrorPage } from '../screens/common/RouteErrorPage.tsx';
import { retryable } from '../app/code-loading.ts';
import { AccessGuard } from './AccessGuard.tsx';
import type { RouteHandle } from './handle.ts';
import { BO_REQUEST_ROUTE, Mounts, Paths, STARTUP_STEPS, startupStepPath } from './paths.ts';

type Lazy = NonNullable<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>;

const placeholder: Lazy = () => import('../screens/common/PlaceholderPage.tsx').then((m) => ({ Component: m.PlaceholderPage }));

function page(path: string, handle: RouteHandle, lazy: Lazy = placeholder): RouteObject {
  return { path, handle, lazy };
}

function placeholderPage(path: string, titleKey: MessageKey): RouteObject {
  return page(path, { titleKey });
}

const frontOffice: RouteObject[] = [
  {
    index: true,
    handle: { titleKey: 'pages.home.title', seo: 'home', inDocumentTitle: false } satisfies RouteHandle,
    lazy: () => import('../screens/front-office/HomePage.tsx').then((m) => ({ Component: m.HomePage })),
  },
  page(Paths.startupService, { titleKey: 'pages.startup-service.title', seo: 'startup-service' }, () =>
    import('../screens/front-office/StartupServicePage.tsx').then((m) => ({ Component: m.StartupServicePage })),
  ),
  page(Paths.helpPage, { titleKey: 'pages.help-page.title', seo: 'help-page' }, () =>
    import('../screens/front-office/SupportPage.tsx').then((m) => ({ Component: m.SupportPage })),
  ),
  page(Paths.privacyPolicy, { titleKey: 'pages.privacy-policy.title', seo: 'privacy-policy' }, () =>
    import('../screens/front-office/PrivacyPolicyPage.tsx').then((m) => ({ Component: m.PrivacyPolicyPage })),
  ),
  {
    path: Paths.privateArea,
    // The private area's first render (heading, lead) is prerendered as its frame (handle.ts); the
    // details' first render depends on the request named in the query, which a build cannot know.
    handle: { titleKey: 'pages.private-area.title', frame: true } satisfies RouteHandle,
    children: [
      { index: true, lazy: () => import('../screens/private-area/PrivateAreaPage.tsx').then((m) => ({ Component: m.PrivateAreaPage })) },
      page(Paths.requestDetails, { titleKey: 'pages.request-details.title' }, () =>
        import('../screens/private-area/RequestDetailsPage.tsx').then((m) => ({ Component: m.RequestDetailsPage })),
      ),
    ],
  },
];

// The startup process: its layout runs the enrolment's machines; each step is its own screen, and
// the empty entry path and enrollment-startup both start the process.
const startupEntry: Lazy = () => import('../screens/enrolment/StartupEntryPage.tsx').then((m) => ({ Component: m.StartupEntryPage }));
const STARTUP_SCREENS: Record<(typeof STARTUP_STEPS)[number], Lazy> = {
  'enrollment-startup': startupEntry,
  'initial-summary': () => import('../screens/enrolment/InitialSummaryPage.tsx').then((m) => ({ Component: m.InitialSummaryPage })),
  'notification-contacts': () => import('../screens/enrolment/NotificationContactsPage.tsx').then((m) => ({ Component: m.NotificationContactsPage })),
  'select-initiative': () => import('../screens/enrolment/SelectInitiativePage.tsx').then((m) => ({ Component: m.SelectInitiativePage })),
  'personal-data': () => import('../screens/enrolment/PersonalDataPage.tsx').then((m) => ({ Component: m.PersonalDataPage })),
  'request-summary': () => import('../screens/enrolment/RequestSummaryPage.tsx').then((m) => ({ Component: m.RequestSummaryPage })),
  'thank-page': () => import('../screens/enrolment/ThankPage.tsx').then((m) => ({ Component: m.ThankPage })),
};

const enrolment: RouteObject = {
  path: Mounts.startup,
  handle: { titleKey: 'pages.startup.title' } satisfies RouteHandle,
  lazy: () => import('../screens/enrolment/StartupLayout.tsx').then((m) => ({ Component: m.StartupLayout })),
  children: [
    { index: true, lazy: startupEntry },
    ...STARTUP_STEPS.map((step) => page(startupStepPath(step), { titleKey: `pages.${step}.title` }, STARTUP_SCREENS[step])),
  ],
};

const auth: RouteObject[] = [
  page(Paths.login, { titleKey: 'pages.login.title' }, () => import('../screens/auth/LoginPage.tsx').then((m) => ({ Component: m.LoginPage }))),
  page(Paths.backOfficeLogin, { titleKey: 'pages.back-office-login.title' }, () =>
    import('../screens/auth/BackOfficeLoginPage.tsx').then((m) => ({ Component: m.BackOfficeLoginPage })),
  ),
  page(Paths.logout, { titleKey: 'pages.logout.title' }, () => import('../screens/auth/LogoutPage.tsx').then((m) => ({ Component: m.LogoutPage }))),
  page(Paths.identityMatcher, { titleKey: 'pages.identity-matcher.title' }, () =>
    import('../screens/auth/IdentityMatcherPage.tsx').then((m) => ({ Component: m.IdentityMatcherPage })),
  ),
  page(Paths.loginCallback, { titleKey: 'pages.login.title' }, () =>
    import('../screens/auth/CallbackPage.tsx').then((m) => ({ Component: m.FrontOfficeCallbackPage })),
  ),
  page(Paths.backOfficeLoginCallback, { titleKey: 'pages.back-office-login.title' }, () =>
    import('../screens/auth/CallbackPage.tsx').then((m) => ({ Component: m.BackOfficeCallbackPage })),
  ),
  page(Paths.logoutCallback, { titleKey: 'pages.logout.title' }, () =>
    import('../screens/auth/LogoutCallbackPage.tsx').then((m) => ({ Component: m.LogoutCallbackPage })),
  ),
];

const backOffice: RouteObject = {
  path: Mounts.backOffice,
  children: [
    // The back office has no page of its own: its landing screen is the request list (spec §4).
    { index: true, element: <Navigate to={Paths.boRequests} replace /> },
    {
      path: Paths.boRequests,
      handle: { titleKey: 'pages.bo-requests.title' } satisfies RouteHandle,
      children: [
        {
          index: true,
          // The desk's table code comes along only where the table is shown (not on a phone).
          lazy: () => import('../screens/back-office/RequestDeskPage.tsx').then(async (m) => (await m.deskReady(), { Component: m.RequestDeskPage })),
        },
        page(Paths.boRequestDetails, { titleKey: 'pages.bo-request-details.title' }, () =>
          import('../screens/back-office/BoRequestDetailsPage.tsx').then((m) => ({ Component: m.BoRequestDetailsPage })),
        ),
        // A request by its own link (docs/architecture.md "The clerks' desk"); /details above keeps the spec's session-storage choice.
        page(BO_REQUEST_ROUTE, { titleKey: 'pages.bo-request-details.title' }, () =>
          import('../screens/back-office/BoRequestDetailsPage.tsx').then((m) => ({ Component: m.BoRequestDetailsPage })),
        ),
      ],
    },
    {
      path: Paths.boUsers,
      handle: { titleKey: 'pages.bo-users.title' } satisfies RouteHandle,
      children: [
        { index: true, lazy: () => import('../screens/back-office/UserListPage.tsx').then((m) => ({ Component: m.UserListPage })) },
        page(Paths.boUserDetails, { titleKey: 'pages.bo-user-details.title' }, () =>
          import('../screens/back-office/UserDetailsPage.tsx').then((m) => ({ Component: m.UserDetailsPage })),
        ),
        page(Paths.boUserCreate, { titleKey: 'pages.bo-user-create.title' }, () =>
          import('../screens/back-office/UserCreatePage.tsx').then((m) => ({ Component: m.UserCreatePage })),
        ),
        page(Paths.boUserModify, { titleKey: 'pages.bo-user-modify.title' }, () =>
          import('../screens/back-office/UserModifyPage.tsx').then((m) => ({ Component: m.UserModifyPage })),
        ),
      ],
    },
    page(Paths.boAuditLog, { titleKey: 'pages.bo-audit-log.title' }, () =>
      import('../screens/back-office/AuditLogPage.tsx').then((m) => ({ Component: m.AuditLogPage })),
    ),
  ],
};

// One screen, five variants; the guard (access.ts) admits each area's profiles.
const help =
  (name: 'PublicHelpPage' | 'PrivateHelpPage' | 'BackOfficeHelpPage' | 'AdminHelpPage' | 'CollabHelpPage'): Lazy =>
  () =>
    import('../screens/help-online/HelpOnlinePage.tsx').then((m) => ({ Component: m[name] }));
const helpOnline: RouteObject[] = [
  page(Paths.helpOnlinePublic, { titleKey: 'pages.help-online-public.title' }, help('PublicHelpPage')),
  page(Paths.helpOnlinePrivate, { titleKey: 'pages.help-online-private.title' }, help('PrivateHelpPage')),
  page(Paths.helpOnlineBackOffice, { titleKey: 'pages.help-online-back-office.title' }, help('BackOfficeHelpPage')),
  page(Paths.helpOnlineAdmin, { titleKey: 'pages.help-online-admin.title' }, help('AdminHelpPage')),
  page(Paths.helpOnlineCollab, { titleKey: 'pages.help-online-collab.title' }, help('CollabHelpPage')),
];

const notFound: RouteObject = page('*', { titleKey: 'pages.not-found.title' }, () =>
  import('../screens/common/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
);

/**
 * Every screen's download goes through the one gate for code (app/code-loading.ts): a screen that
 * cannot be downloaded waits for the person's "Try again" instead of failing the navigation.
 */
function withRetriedDownloads(tree: RouteObject[]): RouteObject[] {
  return tree.map((route) => ({
    ...route,
    ...(typeof route.lazy === 'function' ? { lazy: retryable(route.lazy) } : {}),
    ...(route.children ? { children: withRetriedDownloads(route.children) } : {}),
  })) as RouteObject[];
}

export const routes: RouteObject[] = withRetriedDownloads([
  {
    // Providers and the shell (header, footer, skip links) wrap every screen. A failure of the
    // shell itself ends in the root's error page, which brings its own language provider.
    Component: RootLayout,
    ErrorBoundary: RootErrorPage,
    children: [
      {
        // Pathless: a failing screen is reported inside the shell (a screen whose code fails to
        // download waits for a retry instead, above), and the first lazy screen shows a spinner
        // inside the shell, not a blank page.
        ErrorBoundary: RouteErrorPage,
        HydrateFallback: PageFallback,
        children: [{ Component: AccessGuard, children: [...frontOffice, enrolment, ...auth, backOffice, ...helpOnline, notFound] }],
      },
    ],
  },
]);
