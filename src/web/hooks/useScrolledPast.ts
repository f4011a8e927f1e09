// Whether the page is scrolled further than a threshold (spec §9: 150 px for the scroll-to-top and
// the floating login buttons). False while React hydrates a prerendered page (the server renders
// the top of the page; a reload can restore the scroll before the app starts), the real answer
// follows at once. Re-renders only when the answer changes, so the scroll listener is cheap.
import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  window.addEventListener('scroll', changed, { passive: true });
  return () => window.removeEventListener('scroll', changed);
}

export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > threshold, () => false);
}
