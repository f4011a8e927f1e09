// The server answers 404 for a page path the SPA does not know (src/server/plugins/spa.ts), from
// the one list in src/shared/spa-paths.ts: every screen of the route tree must be on that list.
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isSpaPath } from '#shared/spa-paths.ts';
import { routes } from '#web/routes/routes.tsx';

/** Every path the route tree renders a screen at, parameters filled in. */
function screenPaths(tree: RouteObject[], parent = ''): string[] {
  return tree
    .flatMap((route) => {
      if (route.path === '*') return [];
      const here = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
      const own = route.index || (route.path !== undefined && (route.lazy || route.Component || route.element)) ? [here] : [];
      return [...own, ...screenPaths(route.children ?? [], here)];
    })
    .map((path) => path.replace(/:[A-Za-z]+/g, '7'));
}

describe('the SPA’s page paths', () => {
  it('include every screen of the route tree', () => {
    const paths = screenPaths(routes);
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) expect(isSpaPath(path), path).toBe(true);
  });

  it('leave out what the route tree does not render', () => {
    for (const path of ['/healthz', '/help-online', '/auth', '/startup/unknown', '/back-office/requests/7/more']) expect(isSpaPath(path), path).toBe(false);
  });
});
