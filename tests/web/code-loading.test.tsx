// A lazily loaded part whose code cannot be downloaded (network dropped, server restarted) opens the
// shell's "your data are still here, try again" dialog, never the router's developer page, and
// "Try again" downloads it anew (src/web/app/code-loading.ts).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { retryable, retryCodeLoading } from '#web/app/code-loading.ts';
import { Paths } from '#web/routes/paths.ts';
import { renderApp } from './render.tsx';

const downloadFailure = (file: string) => new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${file}`);

// Each module's first download fails, as if the network had dropped just before it; later ones work.
const downloads = vi.hoisted(() => ({ support: 0, modalHost: 0 }));
vi.mock('#web/screens/front-office/SupportPage.tsx', async (importOriginal) => {
  downloads.support += 1;
  if (downloads.support === 1) throw downloadFailure('SupportPage.js');
  return importOriginal();
});
vi.mock('#web/components/modals/ModalHost.tsx', async (importOriginal) => {
  downloads.modalHost += 1;
  if (downloads.modalHost === 1) throw downloadFailure('ModalHost.js');
  return importOriginal();
});

const TITLE = 'Questa parte del portale non si è caricata';

async function loadFailedDialog() {
  const dialog = await screen.findByRole('alertdialog', { name: TITLE });
  expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^I dati che hai inserito sono ancora qui/);
  const retry = within(dialog).getByRole('button', { name: 'Riprova' });
  await waitFor(() => expect(document.activeElement).toBe(retry));
  expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
  return retry;
}

describe('code that cannot be downloaded', () => {
  it('waits for "Try again" and then loads; any other failure is thrown on', async () => {
    let attempts = 0;
    const load = retryable(async () => {
      attempts += 1;
      if (attempts === 1) throw downloadFailure('Screen.js');
      return 'screen';
    });
    const loaded = load();
    await vi.waitFor(() => expect(attempts).toBe(1));
    retryCodeLoading();
    await expect(loaded).resolves.toBe('screen');
    expect(attempts).toBe(2);

    const broken = retryable(() => Promise.reject(new Error('a defect in the screen')));
    await expect(broken()).rejects.toThrow('a defect in the screen');
  });

  it('keeps the screen on view and offers to try again when a screen fails to download', async () => {
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Sportello Unico Attività Produttive' });
    void router.navigate(Paths.helpPage);
    const retry = await loadFailedDialog();
    // The page the person was on is still there, under the dialog.
    expect(screen.getByRole('heading', { level: 1, name: 'Sportello Unico Attività Produttive', hidden: true })).toBeDefined();
    await user.click(retry);
    await screen.findByRole('heading', { level: 1, name: 'Supporto' });
    expect(screen.queryByRole('alertdialog', { name: TITLE })).toBeNull();
    expect(downloads.support).toBe(2);
  });

  it('shows the first dialog once its host downloads after a retry', async () => {
    // A callback visited without a login in progress opens the authentication-failed dialog.
    const { user } = renderApp('/auth/callback');
    const retry = await loadFailedDialog();
    await user.click(retry);
    await screen.findByRole('alertdialog', { name: /^(Accesso non riuscito|Servizio di accesso non raggiungibile)$/ });
    expect(downloads.modalHost).toBe(2);
  });
});
