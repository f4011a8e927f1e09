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

  it("steps aside while the footer's links are in view, so it never covers them (the accessibility declaration among them)", async () => {
    // The browser's IntersectionObserver, driven by the test: the footer enters and leaves the view.
    const observed: Array<{ element: Element; report: (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly callback: (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void;
        constructor(callback: (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void) {
          this.callback = callback;
        }
        observe(element: Element) {
          observed.push({ element, report: this.callback });
        }
        disconnect() {}
      },
    );
    const footerInView = (isIntersecting: boolean) =>
      act(() => {
        for (const { element, report } of observed) if (element.id === 'footer-links') report([{ isIntersecting }]);
      });
    emulateWidth(375);
    renderApp('/startup-service');
    await screen.findByRole('heading', { level: 1 });
    scrollTo(400);
    expect(floating()).not.toBeNull();
    await waitFor(() => expect(observed.some(({ element }) => element.id === 'footer-links')).toBe(true));
    footerInView(true);
    expect(floating()).toBeNull();
    footerInView(false);
    expect(floating()).not.toBeNull();
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
