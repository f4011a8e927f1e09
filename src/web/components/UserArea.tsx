// The personal-area corner of the slim header (spec §2 "Header"): a login link for anonymous
// visitors, the user menu once logged in. The login is a link to the login page (it works on the
// prerendered page before the app has loaded: docs/architecture.md "Server", plugins/spa.ts); once
// loaded, the app starts the login itself. The shell's buttons are native <button>s: react-aria's
// Button would bring ~10 KB of compressed JavaScript into every first page for nothing a native
// button does not already do (react-aria stays for the widgets: menus, listboxes, dialogs, forms).
// The user menu is react-aria's MenuTrigger, Popover and Menu: ~40 KB compressed that a signed-in
// page would otherwise load before anyone can use it. As for the language selector, a native
// button that looks and is named like the menu's trigger stands in until the person reaches for
// it: hovering or focusing it fetches the menu's chunk, pressing it (or ArrowDown / ArrowUp)
// swaps in the real menu already open, with focus where react-aria's own trigger would put it.
import { lazy, startTransition, Suspense, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { selectIsLoggedIn, selectUser } from '#machines/auth.ts';
import type { Area } from '#machines/auth/types.ts';
import type { User } from '#shared/domain.ts';
import { prefetchCode, retryable } from '../app/code-loading.ts';
import { AuthActor } from '../app/machines.ts';
import { loginPageHref } from '../auth/origins.ts';
import { useAuthCommands } from '../auth/use-auth-commands.ts';
import { useT } from '../i18n/use-t.ts';
import { Icon } from './Icon.tsx';
import { USER_MENU_BUTTON_ID, type MenuOpening } from './user-menu-trigger.ts';

const loadMenu = () => import('./UserMenu.tsx');
const UserMenu = lazy(retryable(() => loadMenu().then((m) => ({ default: m.UserMenu }))));

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
  const { pathname, search } = useLocation();
  if (loggedIn && user && area) return <UserMenuArea user={user} area={area} />;
  return (
    <a
      href={loginPageHref(`${pathname}${search}`)}
      id={LOGIN_BUTTON_ID}
      className="btn btn-primary btn-sm btn-icon app-login-link"
      aria-disabled={canLogin ? undefined : true}
      onClick={(event: MouseEvent) => {
        // A new tab or window asked for (modifier keys, middle button) follows the link.
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (canLogin) login('FO', LOGIN_BUTTON_ID);
      }}
    >
      <Icon name="user" className="icon-white icon-sm" />
      {/* Always the link's name; visually hidden below lg, where only the icon fits. */}
      <span className="app-login-text">{t('header.login')}</span>
    </a>
  );
}

/**
 * The stand-in trigger until the menu is first used, then the menu itself. The swap happens in a
 * transition: the stand-in stays on screen (and focused) until the menu's code is ready, so focus
 * never drops to the page in between.
 */
function UserMenuArea({ user, area }: { user: User; area: Area }) {
  const t = useT();
  const [opening, setOpening] = useState<MenuOpening | undefined>(undefined);
  const fullName = `${user.firstName} ${user.lastName}`;
  const open = (how: MenuOpening) => startTransition(() => setOpening(how));
  const trigger = (
    <button
      type="button"
      id={USER_MENU_BUTTON_ID}
      className="btn btn-primary btn-sm btn-icon app-user-button"
      aria-label={t('user-menu.label', { name: fullName })}
      aria-haspopup="menu"
      aria-expanded="false"
      onPointerEnter={() => prefetchCode(loadMenu)}
      onFocus={() => prefetchCode(loadMenu)}
      // A click from the keyboard (Enter, Space) has no pointer detail: react-aria's trigger then
      // focuses the first item, as it does here.
      onClick={(event: MouseEvent) => open(event.detail === 0 ? 'first' : null)}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        open(event.key === 'ArrowDown' ? 'first' : 'last');
      }}
    >
      <Icon name="user" className="icon-white icon-sm" />
      <span className="app-user-name">{fullName}</span>
      <Icon name="expand" className="icon-white icon-sm" />
    </button>
  );
  if (opening === undefined) return trigger;
  return (
    <Suspense fallback={trigger}>
      <UserMenu user={user} area={area} openWith={opening} />
    </Suspense>
  );
}
