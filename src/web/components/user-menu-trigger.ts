// What the header's user-menu stand-in (UserArea.tsx) and the menu it loads (UserMenu.tsx) share,
// in a module of its own so the shell does not import the menu's chunk for them.

/** Stable id of the menu's trigger (stand-in or real): focus returns here when a modal opened from the menu closes. */
export const USER_MENU_BUTTON_ID = 'user-menu-button';

/** How the stand-in was used: from the keyboard, focus the first or last item; a pointer press (null) focuses the menu. */
export type MenuOpening = 'first' | 'last' | null;
