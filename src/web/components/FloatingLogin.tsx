// Floating login button (spec §2, §9): on small screens (below the 576 px breakpoint), for visitors
// not logged in, once the page is scrolled past 150 px, so the login stays at hand after the
// header's button has scrolled away. Not on the login screens themselves nor in the back office.
// It rides above the footer's row of links once that row is in view: fixed at the bottom of a 375 px
// screen it lay over those links (the accessibility declaration among them), which no scroll could free.
import { useLocation } from 'react-router-dom';
import { selectIsLoggedIn } from '#machines/auth.ts';
import { MOBILE_BREAKPOINT_PX, SCROLL_THRESHOLD_PX } from '#shared/constants.ts';
import { AuthActor } from '../app/machines.ts';
import { useAuthCommands } from '../auth/use-auth-commands.ts';
import { useLiftAbove } from '../hooks/use-lift-above.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';
import { useT } from '../i18n/use-t.ts';
import { Mounts, isUnderMount } from '../routes/paths.ts';
import { Icon } from './Icon.tsx';

export const FLOATING_LOGIN_ID = 'floating-login-button';
export const SMALL_SCREEN_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** `avoidId`: the id of what the button must never cover (the footer's links): the button stays above it. */
export function FloatingLogin({ avoidId }: { avoidId: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const loggedIn = AuthActor.useSelector(selectIsLoggedIn);
  const canLogin = AuthActor.useSelector((snapshot) => snapshot.can({ type: 'LOGIN', area: 'FO', origin: '/' }));
  const { login } = useAuthCommands();
  const excluded = isUnderMount(pathname, Mounts.auth) || isUnderMount(pathname, Mounts.backOffice);
  const lift = useLiftAbove(avoidId, small && !loggedIn && !excluded);
  if (!small || !scrolled || loggedIn || excluded) return null;
  return (
    <button
      type="button"
      id={FLOATING_LOGIN_ID}
      className="btn btn-primary app-floating-login shadow"
      // Its resting place is 1rem from the bottom (floating-login.scss); above the footer's links when they show.
      style={lift > 0 ? { bottom: `calc(1rem + ${lift}px)` } : undefined}
      disabled={!canLogin}
      onClick={() => login('FO', FLOATING_LOGIN_ID)}
    >
      <Icon name="user" className="icon-white icon-sm me-2" />
      {t('header.login')}
    </button>
  );
}
