// After a client-side navigation a screen-reader or keyboard user would otherwise stay on the link
// they activated, in a page that has changed around them. Moving focus to <main> (not on the first
// render, not when only the query string changes, e.g. a language switch) starts them at the content.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export function useFocusMainOnNavigation() {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    ref.current?.focus({ preventScroll: true });
  }, [pathname]);
  return ref;
}
