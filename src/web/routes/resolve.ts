// Loads the screens a location needs before the router is created: react-router would otherwise
// render the HydrateFallback first and the screen one download later. Used by the browser's first
// render (main.tsx), so a prerendered page is hydrated with the very markup the server sent, and by
// the prerendering itself (entry-server.tsx).
import { matchRoutes, type RouteObject } from 'react-router-dom';

export async function resolveLazyRoutes(routes: RouteObject[], location: string): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      // The route object becomes what `lazy` described; the router then sees a ready route.
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
