import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configFailureHandler, configHandler } from '#mocks/handlers/config.ts';
import { server } from './msw-server.ts';
import { renderApp } from './render.tsx';

describe('configuration failure', () => {
  it('shows the retrieve-error callout, keeps the page usable, and recovers on retry', async () => {
    server.use(configFailureHandler());
    const { user } = renderApp('/startup-service');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Dati non disponibili')).toBeTruthy();
    expect(within(alert).getByText('Non è stato possibile recuperare i dati del servizio. Riprova tra qualche minuto.')).toBeTruthy();
    // The page itself still renders, with the start button disabled.
    expect(await screen.findByRole('heading', { level: 1, name: 'Servizio startup' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Accedi e avvia la pratica' }) as HTMLButtonElement).disabled).toBe(true);

    server.use(configHandler());
    await user.click(within(alert).getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await within(screen.getByRole('banner')).findByText('Comune di Esempio')).toBeTruthy();
  });

  it('does not show the callout when the configuration loads', async () => {
    renderApp('/');
    await within(screen.getByRole('banner')).findByText('Comune di Esempio');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
