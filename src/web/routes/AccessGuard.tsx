// Route guard of every area (spec §2 "Route areas and access"): renders the matched screen when
// access.ts allows it, the not-allowed page for a profile the area does not admit, and otherwise
// starts the login that can let the visitor in. Back-office paths are the session machine's: it
// starts the staff login itself (spec §4 "Session"), so the guard only shows the notice there.
import { useContext, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { selectIsLoggedIn, selectUser } from '#machines/auth.ts';
import { isBackOfficePath } from '#machines/support/routes.ts';
import { AuthActor } from '../app/machines.ts';
import { useAuthCommands } from '../auth/use-auth-commands.ts';
import { LoginRequiredPage } from '../screens/common/LoginRequiredPage.tsx';
import { NotAllowedPage } from '../screens/common/NotAllowedPage.tsx';
import { decideAccess, requirementFor } from './access.ts';
import { useRouteHandle } from './handle.ts';
import { FRAME_ATTRIBUTE, PrerenderFrameContext } from './prerender-frame.ts';

export function AccessGuard() {
  const { pathname, search } = useLocation();
  const user = AuthActor.useSelector((snapshot) => (selectIsLoggedIn(snapshot) ? selectUser(snapshot) : null));
  const decision = decideAccess(requirementFor(pathname), user);
  const { login } = useAuthCommands();
  const loginArea = decision.kind === 'login' ? decision.area : null;
  const path = `${pathname}${search}`;
  // The build's prerendering of a signed-in page's frame: the page's own first render, marked.
  const prerendering = useContext(PrerenderFrameContext);
  const handle = useRouteHandle();
  const framing = prerendering && handle?.frame === true;

  useEffect(() => {
    // Once per page and decision: a login that fails leaves the visitor here, not in a loop. The
    // auth machine ignores the LOGIN while another login step is running.
    if (loginArea && !isBackOfficePath(path)) login(loginArea);
  }, [loginArea, path]); // `login` changes only with the path, already listed

  if (framing)
    return (
      <div {...{ [FRAME_ATTRIBUTE]: '' }}>
        <Outlet />
      </div>
    );
  if (decision.kind === 'forbidden') return <NotAllowedPage />;
  if (decision.kind === 'login') return <LoginRequiredPage />;
  return <Outlet />;
}
