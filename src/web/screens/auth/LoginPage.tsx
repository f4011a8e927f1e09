// /auth/login: starts the front-office login (back to the remembered origin, else home) and says
// that the browser is on its way to the identity provider.
import { useEffect } from 'react';
import { useAuthCommands } from '../../auth/use-auth-commands.ts';
import { useT } from '../../i18n/use-t.ts';
import { AuthStatus } from './AuthStatus.tsx';

export function LoginPage() {
  const t = useT();
  const { login } = useAuthCommands();
  useEffect(() => {
    // A second run (StrictMode) is ignored by the auth machine, which is no longer logged out.
    login('FO');
  }, [login]);
  return <AuthStatus title={t('pages.login.title')} text={t('auth.redirecting')} />;
}
