import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render.tsx';

describe('header', () => {
  it('shows the administration name from the configuration in the slim band', async () => {
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('Comune di Esempio')).toBeTruthy();
  });

  it('lists startup service and support in the menu, but not home or privacy policy', async () => {
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Servizio startup', 'Supporto']);
    // Both hidden entries are still real routes.
    expect(within(nav).queryByRole('link', { name: 'Home' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Informativa privacy' })).toBeNull();
  });

  it('marks the menu entry of the current page', async () => {
    renderApp('/help-page');
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    await screen.findByRole('heading', { level: 1, name: 'Supporto' });
    expect(within(nav).getByRole('link', { name: 'Supporto' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Servizio startup' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens and closes the menu with the burger button, reflecting it in aria-expanded', async () => {
    const { user } = renderApp('/');
    const burger = screen.getByRole('button', { name: 'Menu di navigazione' });
    const panel = document.getElementById(burger.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(panel!.classList.contains('expanded')).toBe(false);

    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(panel!.classList.contains('expanded')).toBe(true);
    // Focus moves into the panel, onto its close button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chiudi il menu' }));

    await user.keyboard('{Escape}');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(panel!.classList.contains('expanded')).toBe(false);
    expect(document.activeElement).toBe(burger);
  });

  it('closes the open menu when a menu link is followed', async () => {
    const { user, router } = renderApp('/');
    const burger = screen.getByRole('button', { name: 'Menu di navigazione' });
    await user.click(burger);
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    await user.click(within(nav).getByRole('link', { name: 'Supporto' }));
    // Lazy routes: the navigation commits once the screen's code has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/help-page'));
    await waitFor(() => expect(burger.getAttribute('aria-expanded')).toBe('false'));
  });

  it('offers the personal-area login as a button', async () => {
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: "Accedi all'area personale" })).toBeTruthy();
  });
});
