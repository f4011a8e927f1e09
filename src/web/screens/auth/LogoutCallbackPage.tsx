// /auth/logout/callback: the identity provider has ended its session; go on to the logout origin
// (spec §4 "Logout": startup, home or the stored origin).
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SessionActor } from '../../app/machines.ts';
import { useConfigState } from '../../app/ConfigProvider.tsx';
import { browserWindow } from '../../auth/browser.ts';
import { logoutReturnPath } from '../../auth/logout-return.ts';
import { DRAFT_STORAGE_KEY } from '#machines/draft/rules.ts';
import { writeItem, writeSelectedSuap } from '../../enrolment/storage.ts';
import { useT } from '../../i18n/use-t.ts';
import { AuthStatus } from './AuthStatus.tsx';

export function LogoutCallbackPage() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { state } = useConfigState();
  const session = SessionActor.useActorRef();
  const remembered = SessionActor.useSelector((snapshot) => snapshot.context.logoutOrigin);

  useEffect(() => {
    if (state.status === 'loading') return;
    let cancelled = false;
    const settings = state.status === 'ready' ? state.config.settings.oidc : null;
    void logoutReturnPath(settings, `${browserWindow.origin()}${pathname}${search}`, remembered).then((to) => {
      if (cancelled) return;
      // Logout leaves nothing: the draft, the chosen office and the origins of the
      // person who left are not kept for the next one (a session that merely expired keeps them).
      writeItem(DRAFT_STORAGE_KEY, null);
      writeSelectedSuap(null);
      session.send({ type: 'FORGET_ORIGINS' });
      void navigate(to, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [state, pathname, search, remembered, navigate, session]);

  return <AuthStatus title={t('pages.logout.title')} text={t('auth.logout.done')} />;
}
