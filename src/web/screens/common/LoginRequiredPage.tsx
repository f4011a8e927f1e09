// Shown instead of a protected screen while the login it needs is starting: the browser is about
// to leave for the identity provider. A live region says so to screen-reader users.
import { useT } from '../../i18n/use-t.ts';

export function LoginRequiredPage() {
  const t = useT();
  return (
    <div className="container my-5">
      <h1>{t('access.login-required.title')}</h1>
      <p className="lead" role="status">
        {t('auth.redirecting')}
      </p>
    </div>
  );
}
