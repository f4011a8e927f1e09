// The header's user menu loads when a person first reaches for it (components/UserArea.tsx): until
// then a native button stands in for react-aria's trigger. Using the stand-in from the keyboard
// must behave as react-aria's own trigger does: the menu opens with focus on its first (ArrowDown,
// Enter) or last (ArrowUp) item, and Escape gives focus back to the trigger.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_MENU_BUTTON_ID } from '#web/components/UserMenu.tsx';
import { renderApp } from './render.tsx';
import { storeSession } from './session.ts';

async function standIn() {
  storeSession('mario');
  const view = renderApp('/');
  // The page settles first: its arrival moves focus to the page.
  await screen.findByRole('heading', { level: 1 });
  const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Mario Rossi: menu utente' });
  expect(button.getAttribute('aria-haspopup')).toBe('menu');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('menu')).toBeNull();
  button.focus();
  return view;
}

const focusedItem = () => (document.activeElement?.getAttribute('role') === 'menuitem' ? document.activeElement.textContent : null);

describe('user menu stand-in', () => {
  it('opens on Enter with focus on the first item, and Escape gives focus back to the trigger', async () => {
    const { user } = await standIn();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Area personale', 'Esci']);
    await waitFor(() => expect(focusedItem()).toBe('Area personale'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe(USER_MENU_BUTTON_ID));
    // The real trigger has taken the stand-in's place, with the same name.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Mario Rossi: menu utente');
  });

  it('opens on ArrowUp with focus on the last item', async () => {
    const { user } = await standIn();
    await user.keyboard('{ArrowUp}');
    await screen.findByRole('menu');
    await waitFor(() => expect(focusedItem()).toBe('Esci'));
  });
});
