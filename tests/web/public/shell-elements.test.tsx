// Shared shell elements of spec §2 checked from the visitor's side: the language selector offers
// the configured languages, menu entries follow the profile (negated lists included), and modals
// use the spec's widths.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configFixture } from '#mocks/fixtures/config.ts';
import { configHandler } from '#mocks/handlers/config.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';

const menuNames = () =>
  within(screen.getByRole('navigation', { name: 'Menu principale' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('language selector', () => {
  it('offers the languages of the configuration', async () => {
    server.use(configHandler({ ...configFixture, settings: { ...configFixture.settings, languages: ['it'] } }));
    const { user } = renderApp('/');
    await within(screen.getByRole('banner')).findByText('Comune di Esempio');
    await user.click(await screen.findByRole('button', { name: /Lingua/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Italiano']);
  });

  it('offers Italian and English with the default configuration', async () => {
    const { user } = renderApp('/');
    await within(screen.getByRole('banner')).findByText('Comune di Esempio');
    await user.click(await screen.findByRole('button', { name: /Lingua/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Italiano', 'English']);
  });
});

describe('menu by profile', () => {
  it('shows citizens and anonymous visitors the front-office entries ("everyone except staff")', async () => {
    storeSession('mario');
    renderApp('/');
    await screen.findByRole('button', { name: /Mario Rossi/ });
    expect(menuNames()).toEqual(['Servizio startup', 'Supporto']);
  });

  it('shows a collaborator only the requests, an administrator also the users', async () => {
    storeSession('luca');
    const luca = renderApp('/help-online/back-office');
    await screen.findByRole('button', { name: /Luca Neri/ });
    expect(menuNames()).toEqual(['Richieste']);
    luca.unmount();
    storeSession('anna');
    renderApp('/help-online/back-office');
    await screen.findByRole('button', { name: /Anna Verdi/ });
    expect(menuNames()).toEqual(['Richieste', 'Utenti', 'Registro attività']);
  });
});
