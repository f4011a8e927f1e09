// Scroll-to-top button, present only once the page is scrolled past SCROLL_THRESHOLD_PX (spec §9).
// A keyboard user is also brought back to the top of the tab order: the button disappears under
// them once the page is at the top, so focus goes to <body>'s first stop instead of nowhere.
import { Button, type PressEvent } from 'react-aria-components';
import { SCROLL_THRESHOLD_PX } from '../../shared/constants.ts';
import { useScrolledPast } from '../hooks/useScrolledPast.ts';
import { useT } from '../i18n/useT.ts';
import { Icon } from './Icon.tsx';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function scrollToTop(event: PressEvent): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (event.pointerType === 'keyboard' || event.pointerType === 'virtual') {
    document.querySelector<HTMLElement>('.skiplinks a')?.focus({ preventScroll: true });
  }
}

export function ScrollTop() {
  const t = useT();
  const visible = useScrolledPast(SCROLL_THRESHOLD_PX);
  if (!visible) return null;
  return (
    <Button className="back-to-top back-to-top-show shadow" aria-label={t('scroll-top.label')} onPress={scrollToTop}>
      <Icon name="arrow-up" className="icon-light" />
    </Button>
  );
}
