// Skip links (Designers Italia): the first tab stops of every page, visible only when focused.
// The click handler moves focus explicitly: following a bare "#id" would go through the router's
// history and does not move focus in every browser.
import type { MouseEvent } from 'react';
import { useT } from '../i18n/use-t.ts';

function focusTarget(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus({ preventScroll: true });
  target.scrollIntoView?.();
}

export function SkipLinks({ mainId, footerId }: { mainId: string; footerId: string }) {
  const t = useT();
  return (
    <div className="skiplinks">
      <a className="visually-hidden-focusable" href={`#${mainId}`} onClick={(e) => focusTarget(e, mainId)}>
        {t('skiplinks.content')}
      </a>
      <a className="visually-hidden-focusable" href={`#${footerId}`} onClick={(e) => focusTarget(e, footerId)}>
        {t('skiplinks.footer')}
      </a>
    </div>
  );
}
