// /auth/login: starts the front-office login (back to the page named by `?from=`, else the
// remembered origin, else home) and says that the browser is on its way to the identity provider.
// The header's login link lands here when it is followed before the app has loaded.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { loginFromOf } from '../../auth/origins.ts';
import { useAuthCommands } from '../../auth/use-auth-commands.ts';
import { useT } from '../../i18n/use-t.ts';
import { AuthStatus } from './AuthStatus.tsx';

export function LoginPage() {
  const t = useT();
  const { login } = useAuthCommands();
  const { search } = useLocation();
  useEffect(() => {
    // A second run (StrictMode) is ignored by the auth machine, which is no longer logged out.
    login('FO', undefined, loginFromOf(search));
  }, [login, search]);
  return <AuthStatus title={t('pages.login.title')} text={t('auth.redirecting')} />;
}
