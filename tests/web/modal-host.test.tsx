// Spec §2 "Modals": overlay click, close button and Escape each close the modal, focus returns to
// the element that opened it, the buttons appear with the content and report their action; the
// revoke-token-failed warning (spec §8) keeps the user logged in.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { Timings } from '#shared/constants.ts';
import { authUrls } from '#mocks/handlers/auth.ts';
import { readStoredSession } from '#web/auth/storage.ts';
import { USER_MENU_BUTTON_ID } from '#web/components/UserMenu.tsx';
import { server } from './msw-server.ts';
import { renderWithProbe } from './model/probe.tsx';
import { renderApp } from './render.tsx';
import { storeSession } from './session.ts';

const CONFIRM = 'Vuoi uscire dal back office?';

async function openLogoutConfirmation() {
  storeSession('anna');
  const view = renderApp('/back-office/requests');
  await view.user.click(await within(screen.getByRole('banner')).findByRole('button', { name: /Anna Verdi/ }));
  await view.user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Esci' }));
  const dialog = await screen.findByRole('alertdialog', { name: CONFIRM });
  return { ...view, dialog };
}

const focusBackOnOpener = () => waitFor(() => expect(document.activeElement?.id).toBe(USER_MENU_BUTTON_ID));
const closed = () => waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

describe('modal host', () => {
  it('closes on the close button and gives focus back to the opener', async () => {
    const { user, dialog } = await openLogoutConfirmation();
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi la finestra' }));
    await closed();
    await focusBackOnOpener();
    expect(readStoredSession()).not.toBeNull();
  });

  it('closes on a click on the overlay', async () => {
    const { user, dialog } = await openLogoutConfirmation();
    const overlay = dialog.closest('.app-modal');
    expect(overlay).not.toBeNull();
    await user.click(overlay as HTMLElement);
    await closed();
    await focusBackOnOpener();
  });

  it('closes on Escape', async () => {
    const { user } = await openLogoutConfirmation();
    await user.keyboard('{Escape}');
    await closed();
    await focusBackOnOpener();
  });

  it('shows its buttons only once the content is ready, and an action closes it', async () => {
    // The machines' time is stepped by the test: "not yet" does not depend on how busy the machine is.
    const clock = new SimulatedClock();
    storeSession('anna');
    const { user } = renderWithProbe('/back-office/requests', clock);
    await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: /Anna Verdi/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Esci' }));
    const dialog = await screen.findByRole('alertdialog', { name: CONFIRM });
    // The frame (title, close button) is there at once; the body follows after the content delay.
    act(() => clock.increment(Timings.modalContentDelay - 1));
    expect(within(dialog).queryByRole('button', { name: 'Annulla' })).toBeNull();
    act(() => clock.increment(1));
    await user.click(await within(dialog).findByRole('button', { name: 'Annulla' }));
    await closed();
    act(() => clock.increment(Timings.modalFocusPoll));
    await focusBackOnOpener();
    expect(readStoredSession()?.user.firstName).toBe('Anna');
  });

  it('leaves focus in a menu opened again before the focus poll, rather than closing it', async () => {
    const clock = new SimulatedClock();
    storeSession('anna');
    const { user } = renderWithProbe('/back-office/requests', clock);
    await user.click(await within(await screen.findByRole('banner')).findByRole('button', { name: /Anna Verdi/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Esci' }));
    const dialog = await screen.findByRole('alertdialog', { name: CONFIRM });
    act(() => clock.increment(Timings.modalContentDelay));
    await user.click(await within(dialog).findByRole('button', { name: 'Annulla' }));
    await closed();
    // The person opens the menu again within the poll's 100 ms: the poll must not pull focus out of it.
    // (The header re-renders its button as the session settles: look it up again.)
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: /Anna Verdi/ }));
    const menu = await screen.findByRole('menu');
    act(() => clock.increment(Timings.modalFocusPoll));
    expect(menu.isConnected).toBe(true);
    expect(menu.contains(document.activeElement)).toBe(true);
  });

  it('leaves focus in a field the person started typing in before the focus poll', async () => {
    const clock = new SimulatedClock();
    storeSession('anna');
    const { user } = renderWithProbe('/back-office/requests', clock);
    const search = await screen.findByRole('searchbox');
    await user.click(await within(await screen.findByRole('banner')).findByRole('button', { name: /Anna Verdi/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Esci' }));
    const dialog = await screen.findByRole('alertdialog', { name: CONFIRM });
    act(() => clock.increment(Timings.modalContentDelay));
    await user.click(await within(dialog).findByRole('button', { name: 'Annulla' }));
    await closed();
    await user.click(search);
    await user.keyboard('Ros');
    act(() => clock.increment(Timings.modalFocusPoll));
    expect(document.activeElement).toBe(search);
    await user.keyboard('si');
    expect((search as HTMLInputElement).value).toBe('Rossi');
  });

  it('warns with modals.revoke-token-failed and keeps the session when revocation fails', async () => {
    server.use(http.delete(authUrls.revoke, () => HttpResponse.json({ code: 502, message: 'x', description: 'x' }, { status: 502 })));
    storeSession('mario');
    const { user } = renderApp('/');
    await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: /Mario Rossi/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Esci' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Non è stato possibile chiudere la sessione/ });
    expect(dialog.getAttribute('data-modal-type')).toBe('warning');
    expect(readStoredSession()?.user.firstName).toBe('Mario');
    await user.click(await within(dialog).findByRole('button', { name: 'Chiudi' }));
    await closed();
    await focusBackOnOpener();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: /Mario Rossi/ })).toBeTruthy();
  });
});
