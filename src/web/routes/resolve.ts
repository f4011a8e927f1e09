// Loads the screens a location needs before the router is created: react-router would otherwise
// render the HydrateFallback first and the screen one download later. Used by the browser's first
// render (main.tsx), so a prerendered page is hydrated with the very markup the server sent, and by
// the prerendering itself (entry-server.tsx).
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { codeLoadFailed } from '../app/code-loading.ts';

export async function resolveLazyRoutes(routes: RouteObject[], location: string): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  // A screen whose code cannot be downloaded waits for a retry (app/code-loading.ts) that only the
  // rendered shell can offer: the start-up stops waiting then, leaves the route lazy, and the router
  // asks for it again once the shell (and its dialog) is on screen.
  const failed = codeLoadFailed().then(() => null);
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await Promise.race([route.lazy(), failed]);
      if (loaded === null) return;
      // The route object becomes what `lazy` described; the router then sees a ready route.
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
