// /auth/callback and /auth/back-office/callback: where the identity provider sends the browser
// back. Sends CALLBACK exactly once per callback URL, even when React runs the effect twice
// (StrictMode) or the page is rendered again: a code can be exchanged only once. The auth machine
// then navigates on (origin, request list or identity matcher); a refused login stays here with
// the authentication-failed modal on top, and a login cancelled at the provider says so.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { selectIsBusy } from '#machines/auth.ts';
import type { Area } from '#machines/auth/types.ts';
import { AuthActor } from '../../app/machines.ts';
import { useT } from '../../i18n/use-t.ts';
import { Paths } from '../../routes/paths.ts';
import { AuthStatus } from './AuthStatus.tsx';

/** Callback URLs already handed to the auth machine during this page's life. */
const handled = new Set<string>();

export function CallbackPage({ area }: { area: Area }) {
  const t = useT();
  const auth = AuthActor.useActorRef();
  const { pathname, search } = useLocation();
  const url = `${pathname}${search}`;
  const busy = AuthActor.useSelector(selectIsBusy);
  const failed = AuthActor.useSelector((snapshot) => snapshot.matches('loggedOut'));
  // The provider's own answer in the address: the person cancelled there (RFC 6749 §4.1.2.1).
  const cancelled = new URLSearchParams(search).get('error') === 'access_denied';

  useEffect(() => {
    if (handled.has(url)) return;
    handled.add(url);
    auth.send({ type: 'CALLBACK', area, url });
  }, [auth, area, url]);

  if (failed && !busy && handled.has(url)) {
    return (
      <AuthStatus
        title={t(cancelled ? 'modals.auth-failed.cancelled.title' : 'auth.callback.failed-title')}
        text={t(cancelled ? 'modals.auth-failed.cancelled.description' : 'auth.callback.failed-text')}
      >
        <Link className="btn btn-primary" to={Paths.home}>
          {t('pages.not-found.home-link')}
        </Link>
      </AuthStatus>
    );
  }
  return <AuthStatus title={t('pages.login.title')} text={t('auth.callback.checking')} />;
}

export function FrontOfficeCallbackPage() {
  return <CallbackPage area="FO" />;
}

export function BackOfficeCallbackPage() {
  return <CallbackPage area="BO" />;
}
