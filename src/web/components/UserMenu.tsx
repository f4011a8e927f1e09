// The logged user's menu (spec §2 "Header"): a react-aria MenuTrigger whose button shows the
// name. Citizens get the private-area link and logout; staff get a section headed by their name,
// fiscal code and profile description (read out as the section's label), and logout, which first
// asks for confirmation.
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, type Key } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import type { Area } from '../../../machines/auth/types.ts';
import type { User } from '../../shared/domain.ts';
import { useAuthCommands } from '../auth/useAuthCommands.ts';
import { useT } from '../i18n/useT.ts';
import { Paths } from '../routes/paths.ts';
import { Icon } from './Icon.tsx';

/** Stable id: focus returns here when a modal opened from the menu closes. */
export const USER_MENU_BUTTON_ID = 'user-menu-button';

export function UserMenu({ user, area }: { user: User; area: Area }) {
  const t = useT();
  const navigate = useNavigate();
  const { logout } = useAuthCommands();
  const fullName = `${user.firstName} ${user.lastName}`;
  const onAction = (key: Key) => {
    if (key === 'private-area') void navigate(Paths.privateArea);
    if (key === 'logout') logout(USER_MENU_BUTTON_ID);
  };
  return (
    <MenuTrigger>
      <Button id={USER_MENU_BUTTON_ID} className="btn btn-primary btn-sm btn-icon app-user-button" aria-label={t('user-menu.label', { name: fullName })}>
        <Icon name="user" className="icon-white icon-sm" />
        <span className="app-user-name">{fullName}</span>
        <Icon name="expand" className="icon-white icon-sm" />
      </Button>
      <Popover className="app-user-popover" placement="bottom end">
        <Menu className="link-list app-user-menu" onAction={onAction}>
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
