// Breadcrumb built from the matched routes' titles, plus a back link to the previous level
// (spec §2). Not shown on the home page, where the trail would be the page itself.
import { Link, useMatches } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { crumbsOf, type Crumb } from '../routes/handle.ts';
import { Paths } from '../routes/paths.ts';
import { Icon } from './Icon.tsx';

const HOME_CRUMB: Crumb = { path: Paths.home, titleKey: 'pages.home.title' };

export function Breadcrumb() {
  const t = useT();
  const matched = crumbsOf(useMatches());
  const crumbs = matched[0]?.path === Paths.home ? matched : [HOME_CRUMB, ...matched];
  if (crumbs.length < 2) return null;
  const parent = crumbs[crumbs.length - 2]!;
  return (
    <div className="container app-breadcrumb">
      <nav className="breadcrumb-container" aria-label={t('breadcrumb.aria-label')}>
        <ol className="breadcrumb">
          {crumbs.map((crumb, index) =>
            index === crumbs.length - 1 ? (
              <li key={crumb.path} className="breadcrumb-item active" aria-current="page">
                {t(crumb.titleKey)}
              </li>
            ) : (
              <li key={crumb.path} className="breadcrumb-item">
                <Link to={crumb.path}>{t(crumb.titleKey)}</Link>
                <span className="separator" aria-hidden="true">
                  /
                </span>
              </li>
            ),
          )}
        </ol>
      </nav>
      <Link className="app-back-link" to={parent.path}>
        <Icon name="arrow-left" className="icon-sm icon-primary me-1" />
        {t('breadcrumb.back', { page: t(parent.titleKey) })}
      </Link>
    </div>
  );
}
