// The help-online areas, support and privacy pages: real content in both languages, behind the
// guards of spec §2 (public open; private for citizens; staff areas by profile).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';

const index = () => screen.getByRole('navigation', { name: 'Indice della pagina' });

describe('help-online areas', () => {
  it('public area: open to everyone, with login, filling in, drafts kept 365 days and contacts', async () => {
    renderApp('/help-online/public-area');
    await screen.findByRole('heading', { level: 1, name: 'Guida in linea - area pubblica' });
    const sections = within(index())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(sections).toEqual([
      'Come accedere',
      'Come compilare la richiesta',
      'Le bozze e la loro conservazione',
      'Dopo l’invio',
      'Lingua e accessibilità',
      'Contatti',
    ]);
    expect(screen.getByText(/conservata per 365 giorni dall’ultima modifica/)).toBeTruthy();
  });

  it('index links move focus to their section heading', async () => {
    const { user } = renderApp('/help-online/public-area');
    await screen.findByRole('heading', { level: 1 });
    await user.click(within(index()).getByRole('link', { name: 'Contatti' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Contatti' }));
  });

  it('private area: a citizen reads about the personal area', async () => {
    storeSession('mario');
    renderApp('/help-online/private-area?lang=en');
    await screen.findByRole('heading', { level: 1, name: 'Online help - personal area' });
    expect(screen.getByRole('heading', { level: 2, name: 'Resuming or deleting a draft' })).toBeTruthy();
  });

  it('staff areas: the administrator reads user management, the collaborator the request desk', async () => {
    storeSession('anna');
    const admin = renderApp('/help-online/admin-agid');
    await screen.findByRole('heading', { level: 1, name: 'Guida in linea - amministratori' });
    expect(screen.getByRole('heading', { level: 2, name: 'Gestione degli utenti' })).toBeTruthy();
    admin.unmount();

    storeSession('luca');
    renderApp('/help-online/collab-agid');
    await screen.findByRole('heading', { level: 1, name: 'Guida in linea - collaboratori' });
    expect(screen.getByRole('heading', { level: 2, name: 'Lo sportello delle richieste' })).toBeTruthy();
  });

  it('back-office area: staff read access, desk and profiles', async () => {
    storeSession('luca');
    renderApp('/help-online/back-office');
    await screen.findByRole('heading', { level: 1, name: 'Guida in linea - back office' });
    expect(screen.getByRole('heading', { level: 2, name: 'Profili' })).toBeTruthy();
  });
});

describe('support and privacy pages', () => {
  it('support page says where to get help', async () => {
    renderApp('/help-page');
    await screen.findByRole('heading', { level: 1, name: 'Supporto' });
    expect(screen.getByRole('heading', { level: 2, name: 'Domande sulla tua richiesta' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /SPID - Sistema Pubblico di Identità Digitale/ }).getAttribute('target')).toBe('_blank');
  });

  it('privacy policy names the administration as controller and lists rights and retention', async () => {
    renderApp('/privacy-policy?lang=en');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    expect(await screen.findByText(/The data controller is Comune di Esempio\./)).toBeTruthy();
    for (const name of ['Purposes and legal basis', 'How long we keep the data', 'Your rights']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByText(/kept for 365 days after their last change/)).toBeTruthy();
  });
});
