// The frame around every screen: language, configuration and machine providers, then the
// Designers Italia page structure (skip links, header, main, footer) with the shared widgets: the
// spinner and the modal host are bound to their machines; the dialog for code that could not be
// downloaded is the shell's own (app/code-loading.ts).
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { Footer, footerLinksId } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { FloatingLogin } from '../components/FloatingLogin.tsx';
import { ScrollTop } from '../components/ScrollTop.tsx';
import { SkipLinks } from '../components/SkipLinks.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useDocumentMeta } from '../hooks/use-document-meta.ts';
import { useFocusMainOnNavigation } from '../hooks/use-focus-main-on-navigation.ts';
import { selectIsBusy } from '#machines/auth.ts';
import { selectIsSpinnerVisible } from '#machines/spinner.ts';
import { LazyModalHost } from '../components/modals/LazyModalHost.tsx';
import { LoadFailedDialog } from '../components/modals/LoadFailedDialog.tsx';
import { LanguageProvider } from '../i18n/LanguageProvider.tsx';
import { ConfigErrorCallout } from './ConfigErrorCallout.tsx';
import { ConfigProvider } from './ConfigProvider.tsx';
import { AuthActor, SpinnerActor } from './machines.ts';
import { MachinesProvider } from './MachinesProvider.tsx';

const MAIN_CONTENT_ID = 'main-content';
const FOOTER_ID = 'footer';

export function RootLayout() {
  return (
    <LanguageProvider>
      <ConfigProvider>
        <MachinesProvider>
          <Shell />
        </MachinesProvider>
      </ConfigProvider>
    </LanguageProvider>
  );
}

function Shell() {
  const mainRef = useFocusMainOnNavigation();
  // The shell itself subscribes to nothing that changes while the page loads (configuration,
  // requests in flight, login steps): those belong to the small components that show them, so a
  // change re-renders them alone, not the header and footer.
  return (
    <>
      <DocumentMeta />
      <SkipLinks mainId={MAIN_CONTENT_ID} footerId={FOOTER_ID} />
      <Header />
      {/* tabIndex -1: skip links and route changes move focus here without adding a tab stop. */}
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className="app-main">
        <Breadcrumb />
        <ConfigErrorCallout />
        {/* Suspense boundaries around the two big static parts: a prerendered page hydrates them
            separately from the shell (main.tsx), so no single task does the whole page. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer id={FOOTER_ID} />
      </Suspense>
      <FloatingLogin avoidId={footerLinksId(FOOTER_ID)} />
      <ScrollTop />
      <GlobalSpinner />
      <LazyModalHost />
      <LoadFailedDialog />
      <ScrollRestoration />
    </>
  );
}

function DocumentMeta() {
  useDocumentMeta();
  return null;
}

/** Every API call in flight (the configuration included), every login or logout step, and a screen loading. */
function GlobalSpinner() {
  const navigation = useNavigation();
  const requests = SpinnerActor.useSelector(selectIsSpinnerVisible);
  const authBusy = AuthActor.useSelector(selectIsBusy);
  return <Spinner visible={requests || authBusy || navigation.state === 'loading'} />;
}
