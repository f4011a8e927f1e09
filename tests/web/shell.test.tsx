import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Paths, STARTUP_STEPS, startupStepPath } from '#web/routes/paths.ts';
import { renderApp } from './render.tsx';
import { storeSession } from './session.ts';

describe('page structure', () => {
  it('has the landmarks and skip links of a Designers Italia page', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('contentinfo').id).toBe('footer');

    await user.click(screen.getByRole('link', { name: 'Vai ai contenuti' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
    await user.click(screen.getByRole('link', { name: 'Vai al piè di pagina' }));
    expect(document.activeElement).toBe(screen.getByRole('contentinfo'));
  });

  it('renders every route with exactly one h1', async () => {
    const paths = [...Object.values(Paths), ...STARTUP_STEPS.map(startupStepPath), '/no-such-page'];
    for (const path of paths) {
      const { unmount } = renderApp(path);
      // hidden: a callback visited without a login in progress shows the authentication-failed
      // modal, which hides the page behind it from assistive technology.
      const heading = await screen.findByRole('heading', { level: 1, hidden: true });
      expect(screen.getAllByRole('heading', { level: 1, hidden: true }), path).toHaveLength(1);
      expect(heading.textContent, path).not.toBe('');
      unmount();
    }
  });

  it('builds the breadcrumb from the route, with a back link to the previous level', async () => {
    storeSession('anna');
    renderApp(Paths.boUserCreate);
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' });
    const trail = screen.getByRole('navigation', { name: 'Percorso di navigazione' });
    const items = within(trail)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace('/', '').trim());
    expect(items).toEqual(['Home', 'Utenti', 'Nuovo utente']);
    expect(within(trail).getByText('Nuovo utente').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Torna a Utenti' }).getAttribute('href')).toBe(Paths.boUsers);
  });

  it('has no breadcrumb on the home page', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Percorso di navigazione' })).toBeNull();
  });

  it('sets the document title to "header title - page title"', async () => {
    renderApp(Paths.privacyPolicy);
    await screen.findByRole('heading', { level: 1, name: 'Informativa privacy' });
    expect(document.title).toBe('SUAP - Sportello Unico Attività Produttive - Informativa privacy');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Informativa sul trattamento dei dati personali del portale SUAP.',
    );
  });

  it('answers an unknown path with the not-found page', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeTruthy();
  });

  it('redirects the back-office mount to the request list', async () => {
    storeSession('luca');
    const { router } = renderApp('/back-office');
    expect(await screen.findByRole('heading', { level: 1, name: 'Richieste' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(Paths.boRequests);
  });
});

describe('footer', () => {
  it('links privacy policy, the accessibility statement and a hidden back-office login', async () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Informativa privacy' }).getAttribute('href')).toBe(Paths.privacyPolicy);
    const accessibility = await within(footer).findByRole('link', { name: /Dichiarazione di accessibilità/ });
    expect(accessibility.getAttribute('href')).toBe('https://form.agid.gov.it');
    const backOffice = within(footer).getByRole('link', { name: 'Accesso al back office' });
    expect(backOffice.getAttribute('href')).toBe(Paths.backOfficeLogin);
    expect(backOffice.className).toContain('visually-hidden-focusable');
  });

  it('links five institutional sites in new tabs, saying so', async () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    const external = within(footer)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') === '_blank' && link.className.includes('app-institution-badge'));
    expect(external).toHaveLength(5);
    for (const link of external) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.textContent).toContain('(si apre in una nuova scheda)');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });
});
