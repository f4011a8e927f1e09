import { Link } from 'react-router-dom';
import { useT } from '../../i18n/use-t.ts';
import { Paths } from '../../routes/paths.ts';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="container my-5">
      <h1>{t('pages.not-found.title')}</h1>
      <p className="lead">{t('pages.not-found.text')}</p>
      <Link className="btn btn-primary" to={Paths.home}>
        {t('pages.not-found.home-link')}
      </Link>
    </div>
  );
}
