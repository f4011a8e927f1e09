// The help-online link (right area for the visitor, new tab) and the feedback link to the European
// services portal (configured URL + lang + encoded referer_url).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { feedbackHref, helpOnlineTarget } from '#web/components/help-links.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';

const footer = () => screen.getByRole('contentinfo');

describe('feedback link', () => {
  it('adds lang and the encoded referer_url (page address without query) to the configured URL', () => {
    const href = feedbackHref('https://ec.europa.eu/your-europe/feedback', 'en', 'http://localhost:3000/startup-service?lang=en&code=secret#top');
    expect(href).toBe('https://ec.europa.eu/your-europe/feedback?lang=en&referer_url=http%3A%2F%2Flocalhost%3A3000%2Fstartup-service');
    const url = new URL(href);
    expect(url.searchParams.get('referer_url')).toBe('http://localhost:3000/startup-service');
  });

  it('leaves referer_url out when the page address is not available, and keeps parameters of the configured URL', () => {
    expect(feedbackHref('https://example.eu/feedback?source=suap', 'it', null)).toBe('https://example.eu/feedback?source=suap&lang=it');
  });

  it('is in the footer, in the current language, for the current page, in a new tab', async () => {
    renderApp('/startup-service?lang=en');
    const link = await within(footer()).findByRole('link', { name: /Rate this service on Your Europe/ });
    const url = new URL(link.getAttribute('href')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://ec.europa.eu/your-europe/feedback');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('referer_url')).toBe(`${window.location.origin}/startup-service`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain('(opens in a new tab)');
  });
});

describe('help-online link', () => {
  it('chooses the area by login', () => {
    expect(helpOnlineTarget('/help-online/public-area', null)).toBe('/help-online/public-area');
    expect(helpOnlineTarget(undefined, null)).toBe('/help-online/public-area');
    expect(helpOnlineTarget('/help-online/public-area', 'FO')).toBe('/help-online/private-area');
    expect(helpOnlineTarget('/help-online/public-area', 'BO')).toBe('/help-online/back-office');
  });

  it('points an anonymous visitor to the configured public area, in a new tab', async () => {
    renderApp('/');
    const link = await within(footer()).findByRole('link', { name: /Guida online/ });
    expect(link.getAttribute('href')).toBe('/help-online/public-area');
    expect(link.getAttribute('target')).toBe('_blank');
    // Same site: the new tab gets a copy of this tab's session, so a logged visitor stays logged.
    expect(link.getAttribute('rel')).toBe('opener');
  });

  it('points a logged citizen to the private area', async () => {
    storeSession('mario');
    renderApp('/');
    await screen.findByRole('button', { name: /Mario Rossi/ });
    expect(
      within(footer())
        .getByRole('link', { name: /Guida online/ })
        .getAttribute('href'),
    ).toBe('/help-online/private-area');
  });

  it('points logged staff to the back-office area', async () => {
    storeSession('anna');
    renderApp('/help-page');
    await screen.findByRole('button', { name: /Anna Verdi/ });
    expect(
      within(footer())
        .getByRole('link', { name: /Guida online/ })
        .getAttribute('href'),
    ).toBe('/help-online/back-office');
  });

  it('is the support page’s online help link too', async () => {
    storeSession('mario');
    renderApp('/help-page');
    await screen.findByRole('heading', { level: 1, name: 'Supporto' });
    expect(screen.getByRole('link', { name: 'Apri la guida online' }).getAttribute('href')).toBe('/help-online/private-area');
  });
});
