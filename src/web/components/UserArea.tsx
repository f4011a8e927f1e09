// The personal-area corner of the slim header (spec §2 "Header"): a login button for anonymous
// visitors, the user menu once logged in. The shell's buttons are native <button>s: react-aria's
// Button would bring ~10 KB of compressed JavaScript into every first page for nothing a native
// button does not already do (react-aria stays for the widgets: menus, listboxes, dialogs, forms).
import { lazy, Suspense } from 'react';
import { selectIsLoggedIn, selectUser } from '../../../machines/auth.ts';
import { AuthActor } from '../app/machines.ts';
import { useAuthCommands } from '../auth/useAuthCommands.ts';
import { useT } from '../i18n/useT.ts';
import { Icon } from './Icon.tsx';
// react-aria's Menu is only for logged-in users: its code loads with the first logged-in render.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

export const LOGIN_BUTTON_ID = 'header-login-button';

export function UserArea() {
  const t = useT();
  const loggedIn = AuthActor.useSelector(selectIsLoggedIn);
  const user = AuthActor.useSelector(selectUser);
  const area = AuthActor.useSelector((snapshot) => snapshot.context.area);
  // Disabled whenever the machine would ignore a login (one is already running, or the identity
  // matcher is waiting): the machine's own answer, not a rule of this component.
  const canLogin = AuthActor.useSelector((snapshot) => snapshot.can({ type: 'LOGIN', area: 'FO', origin: '/' }));
  const { login } = useAuthCommands();
  if (loggedIn && user && area) {
    return (
      <Suspense fallback={<span className="btn btn-primary btn-sm app-user-button">{`${user.firstName} ${user.lastName}`}</span>}>
        <UserMenu user={user} area={area} />
      </Suspense>
    );
  }
  return (
    <button type="button" id={LOGIN_BUTTON_ID} className="btn btn-primary btn-sm btn-icon app-login-link" disabled={!canLogin} onClick={() => login('FO', LOGIN_BUTTON_ID)}>
      <Icon name="user" className="icon-white icon-sm" />
      {/* Always the button's name; visually hidden below lg, where only the icon fits. */}
      <span className="app-login-text">{t('header.login')}</span>
    </button>
  );
}
