import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage, LANGUAGE_STORAGE_KEY, searchWithLanguage } from '#web/i18n/language.ts';
import { renderApp } from './render.tsx';

function mockBrowserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => vi.restoreAllMocks());

describe('language switch', () => {
  it('switches texts to English, sets <html lang> and ?lang=, and keeps the path', async () => {
    mockBrowserLanguages(['it-IT']);
    const { user, router } = renderApp('/startup-service?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Servizio startup' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('it');

    const banner = screen.getByRole('banner');
    await user.click(await within(banner).findByRole('button', { name: /Lingua/ }));
    await user.click(await screen.findByRole('option', { name: 'English' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Startup service' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: /Language/ }).textContent).toContain('EN');
    expect(document.documentElement.lang).toBe('en');
    expect(router.state.location.pathname).toBe('/startup-service');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('lang')).toBe('en');
    expect(params.get('x')).toBe('1');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.title).toBe('SUAP - One-Stop Shop for Business Activities - Startup service');
  });

  it('starts in the language of ?lang= and keeps it when a link without it is followed', async () => {
    mockBrowserLanguages(['it-IT']);
    const { user, router } = renderApp('/?lang=en');
    expect(await screen.findByRole('heading', { level: 1, name: 'One-Stop Shop for Business Activities' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav).getByRole('link', { name: 'Support' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(document.documentElement.lang).toBe('en');
  });

  it('uses the stored choice when the URL has none', async () => {
    mockBrowserLanguages(['it-IT']);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'One-Stop Shop for Business Activities' })).toBeTruthy();
  });
});

describe('initial language', () => {
  it('prefers ?lang=, then storage, then the browser, then Italian', () => {
    mockBrowserLanguages(['de-DE', 'en-GB']);
    expect(initialLanguage('?lang=it')).toBe('it');
    expect(initialLanguage('')).toBe('en'); // first supported browser language
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'it');
    expect(initialLanguage('')).toBe('it');
    expect(initialLanguage('?lang=en')).toBe('en');
    window.localStorage.clear();
    mockBrowserLanguages(['de-DE', 'fr']);
    expect(initialLanguage('?lang=xx')).toBe('it');
  });

  it('sets lang in the query string without losing other parameters', () => {
    expect(searchWithLanguage('?a=1&lang=it', 'en')).toBe('?a=1&lang=en');
    expect(searchWithLanguage('', 'it')).toBe('?lang=it');
  });
});
