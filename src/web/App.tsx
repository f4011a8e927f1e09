// The whole app for one router: the browser's (main.tsx) or the prerendering's memory router
// (entry-server.tsx). Both render exactly this tree, so hydration finds the markup it expects.
// StrictMode stays on: effects are written to survive being run twice (the configuration request
// is aborted and repeated, not duplicated).
import { StrictMode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { Language } from '../shared/constants.ts';
import { StartLanguageContext } from './i18n/LanguageProvider.tsx';

type Router = ReturnType<typeof createBrowserRouter>;

export function App({ router, startLanguage = null }: { router: Router; startLanguage?: Language | null }) {
  return (
    <StrictMode>
      <StartLanguageContext.Provider value={startLanguage}>
        <RouterProvider router={router} />
      </StartLanguageContext.Provider>
    </StrictMode>
  );
}
