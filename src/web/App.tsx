// The whole app for one router: the browser's (main.tsx) or the prerendering's memory router
// (entry-server.tsx). Both render exactly this tree, so hydration finds the markup it expects.
// StrictMode stays on: effects are written to survive being run twice (the configuration request
// is aborted and repeated, not duplicated).
import { StrictMode, useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { Language } from '#shared/constants.ts';
import { StartLanguageContext } from './i18n/LanguageProvider.tsx';

type Router = ReturnType<typeof createBrowserRouter>;

export function App({ router, startLanguage = null }: { router: Router; startLanguage?: Language | null }) {
  return (
    <StrictMode>
      <StartLanguageContext.Provider value={startLanguage}>
        <RouterProvider router={router} />
        <StartedMark />
      </StartLanguageContext.Provider>
    </StrictMode>
  );
}

/**
 * `<html data-app="started">` once the app has taken over the page: from then on every control
 * responds (a prerendered page's buttons do nothing before). Browser tests wait for it.
 */
function StartedMark() {
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return null;
}
