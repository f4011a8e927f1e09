// Breadcrumb built from the matched routes' titles, plus a back link to the previous level
// (spec §2). Not shown on the home page, where the trail would be the page itself; for staff the
// home is the request desk (docs/architecture.md "The clerks' desk").
import { Link, useMatches } from 'react-router-dom';
import { useT } from '../i18n/use-t.ts';
import { crumbsOf, type Crumb } from '../routes/handle.ts';
import { useHomePath } from '../routes/use-home-path.ts';
import { Icon } from './Icon.tsx';

export function Breadcrumb() {
  const t = useT();
  const matched = crumbsOf(useMatches());
  const home: Crumb = { path: useHomePath(), titleKey: 'pages.home.title' };
  const crumbs = matched[0]?.path === home.path ? matched : [home, ...matched];
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
