// The route tree (spec §2). Every screen is loaded on demand (`lazy`), so the first download holds
// only the shell. Screens not built yet share one honest placeholder that shows the route's title.
// Every screen sits under AccessGuard, which applies the access rules of each area (access.ts).
import { Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from '../app/RootLayout.tsx';
import { PageFallback } from '../components/PageFallback.tsx';
import type { MessageKey } from '../i18n/messages.ts';
import { RouteErrorPage } from '../screens/common/RouteErrorPage.tsx';
import { AccessGuard } from './AccessGuard.tsx';
import type { RouteHandle } from './handle.ts';
import { Mounts, Paths, STARTUP_STEPS, startupStepPath } from './paths.ts';

type Lazy = NonNullable<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>;

const placeholder: Lazy = () =>
  import('../screens/common/PlaceholderPage.tsx').then((m) => ({ Component: m.PlaceholderPage }));

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
  page(Paths.helpPage, { titleKey: 'pages.help-page.title', seo: 'help-page' }),
  page(Paths.privacyPolicy, { titleKey: 'pages.privacy-policy.title', seo: 'privacy-policy' }),
  {
    path: Paths.privateArea,
    handle: { titleKey: 'pages.private-area.title' } satisfies RouteHandle,
    children: [{ index: true, lazy: placeholder }, placeholderPage(Paths.requestDetails, 'pages.request-details.title')],
  },
];

const enrolment: RouteObject = {
  path: Mounts.startup,
  handle: { titleKey: 'pages.startup.title' } satisfies RouteHandle,
  children: [
    { index: true, lazy: placeholder },
    ...STARTUP_STEPS.map((step) => placeholderPage(startupStepPath(step), `pages.${step}.title`)),
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
  page(Paths.loginCallback, { titleKey: 'pages.login.title' }, () => import('../screens/auth/CallbackPage.tsx').then((m) => ({ Component: m.FrontOfficeCallbackPage }))),
  page(Paths.backOfficeLoginCallback, { titleKey: 'pages.back-office-login.title' }, () =>
    import('../screens/auth/CallbackPage.tsx').then((m) => ({ Component: m.BackOfficeCallbackPage })),
  ),
  page(Paths.logoutCallback, { titleKey: 'pages.logout.title' }, () => import('../screens/auth/LogoutCallbackPage.tsx').then((m) => ({ Component: m.LogoutCallbackPage }))),
];

const backOffice: RouteObject = {
  path: Mounts.backOffice,
  children: [
    // The back office has no page of its own: its landing screen is the request list (spec §4).
    { index: true, element: <Navigate to={Paths.boRequests} replace /> },
    {
      path: Paths.boRequests,
      handle: { titleKey: 'pages.bo-requests.title' } satisfies RouteHandle,
      children: [{ index: true, lazy: placeholder }, placeholderPage(Paths.boRequestDetails, 'pages.bo-request-details.title')],
    },
    {
      path: Paths.boUsers,
      handle: { titleKey: 'pages.bo-users.title' } satisfies RouteHandle,
      children: [
        { index: true, lazy: placeholder },
        placeholderPage(Paths.boUserDetails, 'pages.bo-user-details.title'),
        placeholderPage(Paths.boUserCreate, 'pages.bo-user-create.title'),
        placeholderPage(Paths.boUserModify, 'pages.bo-user-modify.title'),
      ],
    },
  ],
};

const helpOnline: RouteObject[] = [
  placeholderPage(Paths.helpOnlinePublic, 'pages.help-online-public.title'),
  placeholderPage(Paths.helpOnlinePrivate, 'pages.help-online-private.title'),
  placeholderPage(Paths.helpOnlineBackOffice, 'pages.help-online-back-office.title'),
  placeholderPage(Paths.helpOnlineAdmin, 'pages.help-online-admin.title'),
  placeholderPage(Paths.helpOnlineCollab, 'pages.help-online-collab.title'),
];

const notFound: RouteObject = page('*', { titleKey: 'pages.not-found.title' }, () =>
  import('../screens/common/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
);

export const routes: RouteObject[] = [
  {
    // Providers and the shell (header, footer, skip links) wrap every screen.
    Component: RootLayout,
    children: [
      {
        // Pathless: a failing screen (or a chunk that fails to download) is reported inside the
        // shell, and the first lazy screen shows a spinner inside the shell, not a blank page.
        ErrorBoundary: RouteErrorPage,
        HydrateFallback: PageFallback,
        children: [{ Component: AccessGuard, children: [...frontOffice, enrolment, ...auth, backOffice, ...helpOnline, notFound] }],
      },
    ],
  },
];
