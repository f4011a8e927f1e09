// A link to another site, opened in a new tab. rel="noopener noreferrer" keeps the other page from
// reaching ours; the visually hidden note makes "opens in a new tab" part of the accessible name
// (WCAG 3.2.5 advisory, and what Designers Italia asks).
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t.ts';
import { Icon } from './Icon.tsx';

interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  showIcon?: boolean;
}

export function ExternalLink({ href, children, className, showIcon = false }: ExternalLinkProps) {
  const t = useT();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('common.new-tab')}</span>
      {showIcon && <Icon name="external-link" className="icon-sm ms-1 app-external-icon" />}
    </a>
  );
}
