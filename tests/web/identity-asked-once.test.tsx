// An eIDAS citizen is asked for their fiscal code once, as the help texts say (docs/architecture.md
// "Identity"): Hans matches his code at his first login; at the next one the token answer brings
// the code the server bound, and he is let in without the identity matcher.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStoredSession, writeStoredSession } from '#web/auth/storage.ts';
import { prepareCallback } from './oidc.ts';
import { renderApp } from './render.tsx';

const banner = () => screen.getByRole('banner');

describe('identity matcher asked once', () => {
  it('lets Hans in at his second login without asking for his code again', async () => {
    const first = renderApp(await prepareCallback('FO', 'hans', { origin: '/startup-service' }));
    await screen.findByRole('heading', { level: 1, name: "Verifica dell'identità" });
    await first.user.click(screen.getByRole('combobox', { name: /^Stato di nascita/ }));
    await first.user.type(screen.getByRole('combobox', { name: /^Stato di nascita/ }), 'Germ');
    await first.user.click(await screen.findByRole('option', { name: /^Germania$/ }));
    await first.user.type(screen.getByLabelText(/^Codice fiscale/), 'MLLHNS75C02Z112L');
    await first.user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    expect(await within(banner()).findByRole('button', { name: /Hans Muller/ })).toBeTruthy();
    first.unmount();
    writeStoredSession(null);

    // Another day, another login: straight in, on the page the login began from.
    const second = renderApp(await prepareCallback('FO', 'hans', { origin: '/startup-service' }));
    expect(await within(banner()).findByRole('button', { name: /Hans Muller/ })).toBeTruthy();
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/startup-service'));
    expect(screen.queryByRole('heading', { level: 1, name: "Verifica dell'identità" })).toBeNull();
    expect(readStoredSession()?.user.fiscalCode).toBe('MLLHNS75C02Z112L');
  });

  it('still asks a Hans whose code was never bound', async () => {
    const { router } = renderApp(await prepareCallback('FO', 'hans'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/identity-matcher'));
  });
});
