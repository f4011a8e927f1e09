// The help-online link (opens the help area for this visitor in a new tab) and the feedback link
// to the European services portal (spec §2 "Header, footer and shared elements").
import { useLocation } from 'react-router-dom';
import { selectArea, selectIsLoggedIn } from '#machines/auth.ts';
import { useConfig } from '../app/ConfigProvider.tsx';
import { AuthActor } from '../app/machines.ts';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { useT } from '../i18n/use-t.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { feedbackHref, helpOnlineTarget } from './help-links.ts';

export function HelpOnlineLink({ className }: { className?: string }) {
  const t = useT();
  const configured = useConfig()?.settings.helpOnlineUrl;
  const loggedIn = AuthActor.useSelector(selectIsLoggedIn);
  const area = AuthActor.useSelector(selectArea);
  const target = helpOnlineTarget(configured, loggedIn ? area : null);
  // Same site, new tab: rel="opener" (not the default noopener) so the new tab receives a copy of
  // this tab's session storage, and a logged visitor is still logged in on the help page.
  return (
    <a href={target} className={className} target="_blank" rel="opener">
      {t('footer.help-online')}
      <span className="visually-hidden"> {t('common.new-tab')}</span>
    </a>
  );
}

export function FeedbackLink({ className }: { className?: string }) {
  const t = useT();
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const feedbackUrl = useConfig()?.settings.feedbackUrl;
  if (!feedbackUrl) return null;
  const referer = typeof window === 'undefined' ? null : `${window.location.origin}${pathname}`;
  return (
    <ExternalLink href={feedbackHref(feedbackUrl, language, referer)} className={className}>
      {t('footer.feedback')}
    </ExternalLink>
  );
}
