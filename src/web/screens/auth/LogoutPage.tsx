// /auth/logout: logs out the current user the way the header does (staff confirm first; without
// a user the auth machine just clears the session and goes home).
import { useEffect } from 'react';
import { useAuthCommands } from '../../auth/use-auth-commands.ts';
import { useT } from '../../i18n/use-t.ts';
import { AuthStatus } from './AuthStatus.tsx';

export function LogoutPage() {
  const t = useT();
  const { logout } = useAuthCommands();
  // Once per visit, not on every re-render. A second StrictMode run is harmless: the machine is
  // already logging out, or the confirmation modal's stable id is already queued.
  useEffect(() => logout(), []);
  return <AuthStatus title={t('pages.logout.title')} text={t('auth.logout.in-progress')} />;
}
