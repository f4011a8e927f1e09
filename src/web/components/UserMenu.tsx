// The logged user's menu (spec §2 "Header"): a react-aria MenuTrigger whose button shows the
// name. Citizens get the private-area link and logout; staff get a section headed by their name,
// fiscal code and profile description (read out as the section's label), and logout, which first
// asks for confirmation. Loaded when the person first reaches for the menu (UserArea.tsx's stand-in
// trigger), and mounted then already opening: `openWith` says how the stand-in was used.
import { useLayoutEffect, useState } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, type Key } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import type { Area } from '#machines/auth/types.ts';
import type { User } from '#shared/domain.ts';
import { useAuthCommands } from '../auth/use-auth-commands.ts';
import { useT } from '../i18n/use-t.ts';
import { Paths } from '../routes/paths.ts';
import { Icon } from './Icon.tsx';
import { USER_MENU_BUTTON_ID, type MenuOpening } from './user-menu-trigger.ts';

export { USER_MENU_BUTTON_ID };

export function UserMenu({ user, area, openWith }: { user: User; area: Area; openWith?: MenuOpening }) {
  const t = useT();
  const navigate = useNavigate();
  const { logout } = useAuthCommands();
  const [isOpen, setOpen] = useState(false);
  // Where focus goes in the menu the stand-in opened (react-aria's trigger decides it itself later).
  const [firstOpening, setFirstOpening] = useState<'first' | 'last' | true | undefined>(undefined);
  const fullName = `${user.firstName} ${user.lastName}`;
  const onAction = (key: Key) => {
    if (key === 'private-area') void navigate(Paths.privateArea);
    if (key === 'logout') logout(USER_MENU_BUTTON_ID);
  };
  // Focus first moves to this trigger, then the menu opens: the menu's focus scope then returns
  // focus here when it closes, exactly as after a press on this trigger.
  useLayoutEffect(() => {
    if (openWith === undefined) return;
    document.getElementById(USER_MENU_BUTTON_ID)?.focus();
    setFirstOpening(openWith ?? true);
    setOpen(true);
    // Once: for the press that mounted the menu.
  }, []);
  const onOpenChange = (open: boolean) => {
    setOpen(open);
    if (!open) setFirstOpening(undefined);
  };
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button id={USER_MENU_BUTTON_ID} className="btn btn-primary btn-sm btn-icon app-user-button" aria-label={t('user-menu.label', { name: fullName })}>
        <Icon name="user" className="icon-white icon-sm" />
        <span className="app-user-name">{fullName}</span>
        <Icon name="expand" className="icon-white icon-sm" />
      </Button>
      <Popover className="app-user-popover" placement="bottom end">
        <Menu className="link-list app-user-menu" onAction={onAction} autoFocus={firstOpening}>
          {area === 'BO' ? (
            <MenuSection className="app-user-section">
              <Header className="app-user-card">
                <span className="app-user-card-name">{fullName}</span>
                <span className="app-user-card-line">{t('user-menu.fiscal-code', { code: user.fiscalCode ?? '' })}</span>
                <span className="app-user-card-line">{user.profile.description ?? ''}</span>
              </Header>
              <MenuItem id="logout" className="app-user-item">
                {t('user-menu.logout')}
              </MenuItem>
            </MenuSection>
          ) : (
            <>
              <MenuItem id="private-area" className="app-user-item">
                {t('user-menu.private-area')}
              </MenuItem>
              <MenuItem id="logout" className="app-user-item">
                {t('user-menu.logout')}
              </MenuItem>
            </>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
