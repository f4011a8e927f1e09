// The service page's login box in its three variants (spec §2), and the startup entry disabled
// without service type 1 in the configuration.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configWithoutStartup } from '#mocks/fixtures/config.ts';
import { configHandler } from '#mocks/handlers/config.ts';
import { requestListHandler } from '#mocks/handlers/public.ts';
import { browserWindow } from '#web/auth/browser.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { draftRequest, sentRequest } from './fixtures.ts';

const box = () => screen.getByRole('region', { name: 'Accedi al servizio' });

async function openServicePage() {
  const view = renderApp('/startup-service');
  await screen.findByRole('heading', { level: 1, name: 'Servizio startup' });
  await within(screen.getByRole('banner')).findByText('Comune di Esempio'); // configuration loaded
  return view;
}

/** Every value this tab's storage holds, to find where a login is set to return. */
function storedValues(): string {
  return Object.keys(window.sessionStorage)
    .map((key) => window.sessionStorage.getItem(key))
    .join('\n');
}

describe('service page login box', () => {
  it('logged out: describes the login and starts the front-office login returning to the startup mount', async () => {
    const { user } = await openServicePage();
    expect(within(box()).getByText(/accedi con la tua identità digitale \(SPID, CIE o eIDAS\)/)).toBeTruthy();
    const login = within(box()).getByRole('button', { name: 'Accedi e avvia la pratica' }) as HTMLButtonElement;
    await waitFor(() => expect(login.disabled).toBe(false));
    await user.click(login);
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalled());
    const target = new URL(String((browserWindow.leave as unknown as { mock: { calls: string[][] } }).mock.calls[0]![0]));
    expect(target.searchParams.get('client_id')).toBe('suap-fo');
    expect(storedValues()).toContain('"origin":"/startup"');
  });

  it('logged in with a draft: shows the draft-pending message with an info icon, and no start button', async () => {
    storeSession('mario');
    server.use(requestListHandler([sentRequest(), draftRequest()]));
    await openServicePage();
    const message = await within(box()).findByTestId('draft-pending');
    expect(message.textContent).toContain('Hai già una richiesta in bozza');
    expect(message.querySelector('svg.icon')).not.toBeNull();
    expect(within(box()).queryByRole('button')).toBeNull();
    expect(within(box()).getByRole('link', { name: 'Vai all’area personale' }).getAttribute('href')).toBe('/private-area');
  });

  it('logged in without a draft: shows the service description and the service button to the startup mount', async () => {
    storeSession('mario');
    server.use(requestListHandler([sentRequest()]));
    const { user, router } = await openServicePage();
    const start = (await within(box()).findByRole('button', { name: 'Avvia la pratica' })) as HTMLButtonElement;
    expect(within(box()).getByText(/Hai effettuato l’accesso: puoi avviare una nuova richiesta/)).toBeTruthy();
    expect(within(box()).queryByTestId('draft-pending')).toBeNull();
    expect(start.disabled).toBe(false);
    await user.click(start);
    await waitFor(() => expect(router.state.location.pathname).toBe('/startup'));
    // The process lists the citizen's requests and opens a new draft on its initial summary: wait
    // for that, so no call of this test is still on its way when the next one counts the calls.
    await screen.findByRole('heading', { level: 1, name: 'Riepilogo iniziale' });
  });

  it('asks for the requests of the logged citizen only, for the startup service', async () => {
    storeSession('mario');
    server.use(requestListHandler([]));
    const asked: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/request/list')) asked.push(new URL(request.url));
    });
    await openServicePage();
    await within(box()).findByRole('button', { name: 'Avvia la pratica' });
    server.events.removeAllListeners();
    expect(asked.length).toBeGreaterThan(0);
    const userId = String(JSON.parse(window.sessionStorage.getItem('suap.session')!).user.userId);
    for (const url of asked) {
      expect(url.searchParams.get('userId')).toBe(userId);
      expect(url.searchParams.get('typeOfServiceId')).toBe('1');
    }
  });
});

describe('startup entry without service type 1', () => {
  it('disables the login button of an anonymous visitor and says why', async () => {
    server.use(configHandler(configWithoutStartup));
    await openServicePage();
    const login = within(box()).getByRole('button', { name: 'Accedi e avvia la pratica' }) as HTMLButtonElement;
    const reason = within(box()).getByText('Il servizio non è al momento disponibile.');
    expect(login.disabled).toBe(true);
    expect(login.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('disables the service button of a logged citizen and says why', async () => {
    storeSession('mario');
    server.use(configHandler(configWithoutStartup), requestListHandler([]));
    await openServicePage();
    const start = (await within(box()).findByRole('button', { name: 'Avvia la pratica' })) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(start.getAttribute('aria-describedby')).toBe(within(box()).getByText('Il servizio non è al momento disponibile.').id);
  });

  it('enables the entry when the configuration lists service type 1', async () => {
    await openServicePage();
    const login = within(box()).getByRole('button', { name: 'Accedi e avvia la pratica' }) as HTMLButtonElement;
    await waitFor(() => expect(login.disabled).toBe(false));
    expect(within(box()).queryByText('Il servizio non è al momento disponibile.')).toBeNull();
  });
});
