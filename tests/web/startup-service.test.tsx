import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configWithoutStartup } from '../../mocks/fixtures/config.ts';
import { configHandler } from '../../mocks/handlers/config.ts';
import { server } from './msw-server.ts';
import { renderApp } from './render.tsx';

const start = () => screen.getByRole('button', { name: 'Avvia la pratica' }) as HTMLButtonElement;

describe('startup service page', () => {
  it('enables the start button when the configuration lists service type 1, and it leads to the startup mount', async () => {
    const { user, router } = renderApp('/startup-service');
    await screen.findByRole('heading', { level: 1, name: 'Servizio startup' });
    await within(screen.getByRole('banner')).findByText('Comune di Esempio'); // configuration loaded
    expect(start().disabled).toBe(false);
    expect(screen.queryByText('Il servizio non è al momento disponibile.')).toBeNull();
    await user.click(start());
    await waitFor(() => expect(router.state.location.pathname).toBe('/startup'));
  });

  it('disables the start button and says why when service type 1 is missing', async () => {
    server.use(configHandler(configWithoutStartup));
    renderApp('/startup-service');
    await screen.findByRole('heading', { level: 1, name: 'Servizio startup' });
    await within(screen.getByRole('banner')).findByText('Comune di Esempio');
    expect(start().disabled).toBe(true);
    const reason = screen.getByText('Il servizio non è al momento disponibile.');
    expect(start().getAttribute('aria-describedby')).toBe(reason.id);
  });
});
