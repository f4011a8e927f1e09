// The floating login button (spec §2, §9): small screens only (below 576 px), logged-out visitors
// only, after more than 150 px of scroll.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserWindow } from '#web/auth/browser.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { emulateWidth } from './media.ts';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

const floating = () => document.getElementById('floating-login-button');

afterEach(() => {
  vi.unstubAllGlobals();
  scrollTo(0);
});

describe('floating login button', () => {
  it('appears on a 375 px screen only past 150 px of scroll, and starts the login', async () => {
    emulateWidth(375);
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(floating()).toBeNull();
    scrollTo(150);
    expect(floating()).toBeNull();
    scrollTo(151);
    expect(floating()).not.toBeNull();
    expect(floating()!.textContent).toBe("Accedi all'area personale");
    await waitFor(() => expect((floating() as HTMLButtonElement).disabled).toBe(false));
    await user.click(floating()!);
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalled());
    scrollTo(10);
    expect(floating()).toBeNull();
  });

  it('is not shown from the 576 px breakpoint up, whatever the scroll', async () => {
    emulateWidth(576);
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    scrollTo(800);
    expect(floating()).toBeNull();
  });

  it('is shown at 575 px, the last small width', async () => {
    emulateWidth(575);
    renderApp('/startup-service');
    await screen.findByRole('heading', { level: 1 });
    scrollTo(400);
    expect(floating()).not.toBeNull();
  });

  it("rides above the footer's links once they are in view, so it never covers them (the accessibility declaration among them)", async () => {
    emulateWidth(375);
    renderApp('/startup-service');
    await screen.findByRole('heading', { level: 1 });
    const links = await waitFor(() => {
      const row = document.getElementById('footer-links');
      expect(row).not.toBeNull();
      return row!;
    });
    // The layout jsdom has not: where the footer's links row starts on the screen (768 px tall).
    let top = 2000;
    vi.spyOn(links, 'getBoundingClientRect').mockImplementation(() => ({ top }) as DOMRect);
    scrollTo(400);
    await waitFor(() => expect(floating()).not.toBeNull());
    // The row is below the screen: the button rests where its stylesheet puts it.
    await waitFor(() => expect(floating()!.style.bottom).toBe(''));
    // The row comes into view, 600 px down: the button rises by the 168 px it takes.
    top = 600;
    scrollTo(900);
    await waitFor(() => expect(floating()!.style.bottom).toMatch(/^calc\((1rem \+ 168px|168px \+ 1rem)\)$/));
    // Scrolled back up, it rests again.
    top = 1500;
    scrollTo(300);
    await waitFor(() => expect(floating()!.style.bottom).toBe(''));
  });

  it('is not shown to a logged-in visitor', async () => {
    emulateWidth(375);
    storeSession('mario');
    renderApp('/');
    await screen.findByRole('button', { name: /Mario Rossi/ });
    scrollTo(800);
    expect(floating()).toBeNull();
  });
});
