// Per-page document metadata (spec §2): title "header title - page title", the page's SEO
// description and keywords, and the canonical link (base URL, path, current `lang`).
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useConfig } from '../app/ConfigProvider.tsx';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { useT } from '../i18n/use-t.ts';
import { useRouteHandle } from '../routes/handle.ts';

/** "header title - page title", or the header title alone when the page sets none. */
export function pageTitle(headerTitle: string, title?: string | null): string {
  return title ? `${headerTitle} - ${title}` : headerTitle;
}

function setMeta(name: string, content: string | null): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

export function useDocumentMeta(): void {
  const t = useT();
  const handle = useRouteHandle();
  const config = useConfig();
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const baseUrl = config?.settings.baseUrl ?? null;

  useEffect(() => {
    const title = handle && handle.inDocumentTitle !== false ? t(handle.titleKey) : null;
    document.title = pageTitle(t('header.title'), title);
    setMeta('description', handle?.seo ? t(`seo.${handle.seo}.description`) : t('seo.default.description'));
    setMeta('keywords', handle?.seo ? t(`seo.${handle.seo}.keywords`) : null);
    if (baseUrl) setCanonical(`${baseUrl.replace(/\/+$/, '')}${pathname}?lang=${language}`);
  }, [t, handle, baseUrl, pathname, language]);
}
