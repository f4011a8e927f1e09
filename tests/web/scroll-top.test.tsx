import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render.tsx';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

const button = () => screen.queryByRole('button', { name: "Torna all'inizio della pagina" });

describe('scroll-to-top button', () => {
  it('appears only once the page is scrolled past 150 px, and scrolls back to the top', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(button()).toBeNull();
    scrollTo(150);
    expect(button()).toBeNull();
    scrollTo(151);
    expect(button()).not.toBeNull();

    await user.click(button()!);
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

    scrollTo(0);
    expect(button()).toBeNull();
  });
});
