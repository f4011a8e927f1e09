// What a route tells the shell about itself (react-router's `handle`): its title for the <h1> of
// placeholders, the breadcrumb and document.title, and which SEO texts describe it.
import { useMatches, type UIMatch } from 'react-router-dom';
import type { MessageKey } from '../i18n/messages.ts';

/** Pages with their own SEO keys (spec §2): seo.<key>.description and seo.<key>.keywords. */
export type SeoKey = 'home' | 'startup-service' | 'help-page' | 'privacy-policy';

export interface RouteHandle {
  titleKey: MessageKey;
  seo?: SeoKey;
  /** false: document.title is the header title alone (the home page). */
  inDocumentTitle?: boolean;
  /**
   * A signed-in page whose first render (nobody known yet, nothing loaded: its heading and lead)
   * the build prerenders as its frame (entry-server.tsx): the browser paints it with the
   * stylesheet, before any script, and the app then renders the page over it (never hydrating it).
   */
  frame?: true;
}

function handleOf(match: UIMatch): RouteHandle | null {
  const handle = match.handle as RouteHandle | undefined;
  return handle?.titleKey ? handle : null;
}

/** The handle of the deepest matched route that has one (index routes inherit their parent's). */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = handleOf(matches[i]!);
    if (handle) return handle;
  }
  return null;
}

export interface Crumb {
  path: string;
  titleKey: MessageKey;
}

/** Breadcrumb trail of the matched routes, one crumb per distinct path. */
export function crumbsOf(matches: readonly UIMatch[]): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const handle = handleOf(match);
    if (!handle) continue;
    const path = match.pathname.length > 1 ? match.pathname.replace(/\/+$/, '') : match.pathname;
    const previous = crumbs[crumbs.length - 1];
    if (previous?.path === path) previous.titleKey = handle.titleKey;
    else crumbs.push({ path, titleKey: handle.titleKey });
  }
  return crumbs;
}
