// Navigation band. From lg (992 px) up the menu is always visible; below it collapses behind a
// burger button that opens it as a side panel (Bootstrap Italia's .navbar-collapsable, driven
// here instead of by Bootstrap Italia's JavaScript). The panel is a disclosure: aria-expanded and
// aria-controls on the button, Escape, the close button, the backdrop, a link or moving focus out
// closes it, and focus returns to the burger when the panel took it.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useT } from '../i18n/use-t.ts';
import { selectUser } from '#machines/auth.ts';
import { AuthActor } from '../app/machines.ts';
import { headerMenu, visibleMenuItems } from '../routes/menu.ts';
import type { RoleId } from '#shared/constants.ts';
import { Icon } from './Icon.tsx';

const PANEL_ID = 'main-navigation';

export function HeaderNav() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const profileId = AuthActor.useSelector((snapshot) => (selectUser(snapshot)?.profile.profileId ?? null) as RoleId | null);
  const items = visibleMenuItems(headerMenu, profileId);

  useEffect(() => setOpen(false), [pathname]);
  // Opening moves focus into the panel, which covers the page on small screens.
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') close(true);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div className="it-header-navbar-wrapper">
      <div className="container">
        <div className="row">
          <div className="col-12">
            <nav className="navbar navbar-expand-lg" aria-label={t('nav.aria-label')}>
              <button
                type="button"
                ref={toggleRef}
                className="custom-navbar-toggler"
                aria-controls={PANEL_ID}
                aria-expanded={open}
                aria-label={t('nav.toggle')}
                onClick={() => setOpen((value) => !value)}
              >
                <Icon name="burger" />
              </button>
              <div id={PANEL_ID} className={`navbar-collapsable${open ? ' expanded' : ''}`} onKeyDown={onKeyDown} onBlur={onBlur}>
                {/* Backdrop: mouse and touch only, keyboard users have Escape and the close button. */}
                <div className="overlay" aria-hidden="true" onClick={() => close(false)} />
                <div className="close-div">
                  <button type="button" ref={closeRef} className="btn close-menu" onClick={() => close(true)}>
                    <span className="visually-hidden">{t('nav.close')}</span>
                    <Icon name="close" />
                  </button>
                </div>
                <div className="menu-wrapper">
                  <ul className="navbar-nav">
                    {items.map((item) => (
                      <li className="nav-item" key={item.path}>
                        <NavLink className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`} to={item.path}>
                          <span>{t(item.labelKey)}</span>
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            </nav>
          </div>
        </div>
      </div>
    </div>
  );
}
