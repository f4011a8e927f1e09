// Post-footer with the five institutional sites (spec §2). Text badges rather than copies of the
// official logos: no external images (CSP) and no altered marks; each opens in a new tab.
import type { Language } from '#shared/constants.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { useT } from '../i18n/use-t.ts';
import { ExternalLink } from './ExternalLink.tsx';

interface InstitutionalSite {
  labelKey: MessageKey;
  href: Record<Language, string>;
}

const same = (url: string): Record<Language, string> => ({ it: url, en: url });

const INSTITUTIONAL_SITES: readonly InstitutionalSite[] = [
  {
    labelKey: 'footer.eu',
    href: { it: 'https://european-union.europa.eu/index_it', en: 'https://european-union.europa.eu/index_en' },
  },
  { labelKey: 'footer.republic', href: same('https://www.governo.it/') },
  { labelKey: 'footer.agid', href: { it: 'https://www.agid.gov.it/it', en: 'https://www.agid.gov.it/en' } },
  { labelKey: 'footer.dtd', href: same('https://innovazione.gov.it/') },
  { labelKey: 'footer.designers', href: same('https://designers.italia.it/') },
];

export function PostFooter() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <div className="app-post-footer">
      <div className="container">
        <h2 className="visually-hidden">{t('footer.institutional-title')}</h2>
        <ul className="app-post-footer-list">
          {INSTITUTIONAL_SITES.map((site) => (
            <li key={site.labelKey}>
              <ExternalLink href={site.href[language]} className="app-institution-badge">
                {t(site.labelKey)}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
