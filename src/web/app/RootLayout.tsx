// The frame around every screen: language and configuration providers, then the Designers Italia
// page structure (skip links, header, main, footer) with the shared widgets.
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { Footer } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { ScrollTop } from '../components/ScrollTop.tsx';
import { SkipLinks } from '../components/SkipLinks.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useDocumentMeta } from '../hooks/useDocumentMeta.ts';
import { useFocusMainOnNavigation } from '../hooks/useFocusMainOnNavigation.ts';
import { LanguageProvider } from '../i18n/LanguageProvider.tsx';
import { ConfigErrorCallout } from './ConfigErrorCallout.tsx';
import { ConfigProvider, useConfigState } from './ConfigProvider.tsx';

const MAIN_CONTENT_ID = 'main-content';
const FOOTER_ID = 'footer';

export function RootLayout() {
  return (
    <LanguageProvider>
      <ConfigProvider>
        <Shell />
      </ConfigProvider>
    </LanguageProvider>
  );
}

function Shell() {
  const { state } = useConfigState();
  const navigation = useNavigation();
  useDocumentMeta();
  const mainRef = useFocusMainOnNavigation();
  return (
    <>
      <SkipLinks mainId={MAIN_CONTENT_ID} footerId={FOOTER_ID} />
      <Header />
      {/* tabIndex -1: skip links and route changes move focus here without adding a tab stop. */}
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className="app-main">
        <Breadcrumb />
        <ConfigErrorCallout />
        <Outlet />
      </main>
      <Footer id={FOOTER_ID} />
      <ScrollTop />
      <Spinner visible={state.status === 'loading' || navigation.state === 'loading'} />
      <ScrollRestoration />
    </>
  );
}
