// Shown to a logged-in user whose profile the area does not admit (e.g. a collaborator on the
// back-office user management): says so plainly and offers a way back.
import { Link } from 'react-router-dom';
import { selectArea } from '#machines/auth.ts';
import { AuthActor } from '../../app/machines.ts';
import { useT } from '../../i18n/use-t.ts';
import { Paths } from '../../routes/paths.ts';

export function NotAllowedPage() {
  const t = useT();
  const area = AuthActor.useSelector(selectArea);
  return (
    <div className="container my-5">
      <h1>{t('access.not-allowed.title')}</h1>
      <p className="lead">{t('access.not-allowed.text')}</p>
      <Link className="btn btn-primary" to={area === 'BO' ? Paths.boRequests : Paths.home}>
        {t(area === 'BO' ? 'access.not-allowed.back-office-link' : 'pages.not-found.home-link')}
      </Link>
    </div>
  );
}
