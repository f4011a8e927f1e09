// Scroll-to-top button, present only once the page is scrolled past SCROLL_THRESHOLD_PX (spec §9).
// A keyboard user is also brought back to the top of the tab order: the button disappears under
// them once the page is at the top, so focus goes to <body>'s first stop instead of nowhere.
import type { MouseEvent } from 'react';
import { SCROLL_THRESHOLD_PX } from '#shared/constants.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';
import { useT } from '../i18n/use-t.ts';
import { Icon } from './Icon.tsx';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function scrollToTop(event: MouseEvent): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  // detail 0: a click that no pointer made (Enter or Space, or a screen reader's activation).
  if (event.detail === 0) {
    document.querySelector<HTMLElement>('.skiplinks a')?.focus({ preventScroll: true });
  }
}

export function ScrollTop() {
  const t = useT();
  const visible = useScrolledPast(SCROLL_THRESHOLD_PX);
  if (!visible) return null;
  return (
    <button type="button" className="back-to-top back-to-top-show shadow" aria-label={t('scroll-top.label')} onClick={scrollToTop}>
      <Icon name="arrow-up" className="icon-light" />
    </button>
  );
}
