// Prerendering of the public pages (scripts/vite-plugins.ts runs it at build time): the markup of
// each page in each language, rendered by the app itself for a visitor who is not logged in and
// whose configuration has not arrived yet, i.e. what the browser's first render shows. The server
// puts it inside #root (src/server/plugins/spa.ts) and main.tsx hydrates it. Signed-in pages that
// ask for it (RouteHandle.frame) get their frame prerendered the same way: their first render
// before anyone is known, which main.tsx renders over instead of hydrating (prerender-frame.ts).
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import type { Language } from '#shared/constants.ts';
import { App } from './App.tsx';
import { loadMessages } from './i18n/messages.ts';
import type { RouteHandle } from './routes/handle.ts';
import { PrerenderFrameContext } from './routes/prerender-frame.ts';
import { resolveLazyRoutes } from './routes/resolve.ts';
import { routes } from './routes/routes.tsx';

/** The pages search engines know (route handles with SEO texts) and the signed-in pages' frames. */
export function prerenderedPaths(tree: RouteObject[] = routes, parent = '/'): string[] {
  return tree.flatMap((route) => {
    const path = route.path ? (route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`) : parent;
    const handle = route.handle as RouteHandle | undefined;
    const own = (handle?.seo || handle?.frame) && (route.index || route.path) ? [path] : [];
    return [...own, ...prerenderedPaths(route.children ?? [], path)];
  });
}

export async function render(path: string, language: Language): Promise<string> {
  await Promise.all([resolveLazyRoutes(routes, path), loadMessages(language)]);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <PrerenderFrameContext.Provider value>
      <App router={router} startLanguage={language} />
    </PrerenderFrameContext.Provider>,
  );
}
