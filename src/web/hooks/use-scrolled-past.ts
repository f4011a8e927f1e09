// Whether the page is scrolled further than a threshold (spec §9: 150 px for the scroll-to-top and
// the floating login buttons). False while React hydrates a prerendered page (the server renders
// the top of the page; a reload can restore the scroll before the app starts), the real answer
// follows at once. Re-renders only when the answer changes, so the scroll listener is cheap.
// The scroll position is read in the scroll listener only (and once when the first component
// subscribes), never while React renders or commits: reading window.scrollY right after React has
// changed the page forces the browser to lay the whole page out there and then, once per commit
// (docs/performance.md: a wizard step's "continue" spent ~160 ms of forced layout in that read).
import { useSyncExternalStore } from 'react';

let scrollY = 0;
const listeners = new Set<() => void>();

function onScroll(): void {
  scrollY = window.scrollY;
  for (const changed of listeners) changed();
}

function subscribe(changed: () => void): () => void {
  if (listeners.size === 0) {
    scrollY = window.scrollY;
    window.addEventListener('scroll', onScroll, { passive: true });
  }
  listeners.add(changed);
  return () => {
    listeners.delete(changed);
    if (listeners.size === 0) window.removeEventListener('scroll', onScroll);
  };
}

export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => scrollY > threshold,
    () => false,
  );
}
