// Footer (spec §2): brand, privacy policy, accessibility declaration (external, from the
// configuration), the hidden back-office login link, and the post-footer of institutional sites.
import { Link } from 'react-router-dom';
import { useConfig } from '../app/ConfigProvider.tsx';
import { useT } from '../i18n/use-t.ts';
import { Paths } from '../routes/paths.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { FeedbackLink, HelpOnlineLink } from './HelpLinks.tsx';
import { Logo } from './Logo.tsx';
import { PostFooter } from './PostFooter.tsx';

/** The id of the footer's row of links (privacy, accessibility, help…): the floating login keeps off it. */
export function footerLinksId(footerId: string): string {
  return `${footerId}-links`;
}

export function Footer({ id }: { id: string }) {
  const t = useT();
  const settings = useConfig()?.settings;
  return (
    // tabIndex -1: the "skip to footer" link moves focus here.
    <footer className="it-footer" id={id} tabIndex={-1}>
      <div className="it-footer-main">
        <div className="container">
          <div className="row">
            <div className="col-12">
              <div className="it-brand-wrapper">
                <Link to={Paths.home}>
                  <Logo />
                  <div className="it-brand-text">
                    <span className="app-footer-title">{t('header.portal-name')}</span>
                    {settings && <span className="app-footer-subtitle">{settings.administrationName}</span>}
                  </div>
                </Link>
              </div>
            </div>
          </div>
        </div>
      </div>
      <div className="it-footer-small-prints clearfix" id={footerLinksId(id)}>
        <div className="container">
          <h2 className="visually-hidden">{t('footer.links-title')}</h2>
          <ul className="it-footer-small-prints-list list-inline mb-0 d-flex flex-column flex-md-row">
            <li className="list-inline-item">
              <Link to={Paths.privacyPolicy}>{t('footer.privacy')}</Link>
            </li>
            {settings?.accessibilityUrl && (
              <li className="list-inline-item">
                <ExternalLink href={settings.accessibilityUrl}>{t('footer.accessibility')}</ExternalLink>
              </li>
            )}
            <li className="list-inline-item">
              <HelpOnlineLink />
            </li>
            {settings?.feedbackUrl && (
              <li className="list-inline-item">
                <FeedbackLink />
              </li>
            )}
            <li className="list-inline-item">
              {/* Spec: a hidden back-office login link. Hidden until focused, so it stays
                  reachable by keyboard (and shows itself when it has focus). */}
              <Link className="visually-hidden-focusable" to={Paths.backOfficeLogin}>
                {t('footer.back-office-login')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <PostFooter />
    </footer>
  );
}
