// Error boundary of the screens: an exception while rendering a screen, or a screen's code that
// could not be downloaded (e.g. after a deployment replaced the hashed files), ends here, inside
// the shell. Reloading fetches the current files.
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/use-t.ts';
import { Paths } from '../../routes/paths.ts';

export function RouteErrorPage() {
  const t = useT();
  return (
    <div className="container my-5">
      <h1>{t('route-error.title')}</h1>
      <p className="lead">{t('route-error.text')}</p>
      <Link className="btn btn-primary" to={Paths.home} reloadDocument>
        {t('pages.not-found.home-link')}
      </Link>
    </div>
  );
}
