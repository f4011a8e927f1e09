// Spec §4 "Abort, draft found, draft delete" and the stale-version refusal: the abort link on every
// step opens the confirmation (save-and-exit for a saved draft, back-to-form for a new one), a save
// refused with 409 'stale-version' offers the latest version, never overwriting it, in an alert that
// comes into view and takes focus.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { barRistorante, marioActivityAddress, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { expectStep, headings, openDraftAt, renderEnrolment, startNewDraft, storedDraft } from './harness.tsx';

const abortDialog = () => screen.findByRole('alertdialog', { name: 'Vuoi uscire dalla richiesta?' });

describe('abort', () => {
  it('a new draft offers back-to-form, which keeps the form as it was', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByRole('button', { name: 'Annulla la richiesta' }));
    const dialog = await abortDialog();
    await within(dialog).findByText(/non è ancora stata salvata/);
    await app.user.click(await within(dialog).findByRole('button', { name: 'Torna al modulo' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.router.state.location.pathname).toBe('/startup/notification-contacts');
    // Focus returns to the abort link.
    await waitFor(() => expect(document.activeElement?.id).toBe('enrolment-abort'));
  });

  it('leaving a new draft without saving goes back to the service page and forgets it', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByRole('button', { name: 'Annulla la richiesta' }));
    await app.user.click(await within(await abortDialog()).findByRole('button', { name: 'Esci senza salvare' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/startup-service'));
    expect(storedDraft()).toBeNull();
  });

  it('a saved draft offers save-and-exit: it saves, says so, and leaves', async () => {
    const app = openDraftAt('personal-data', { ...marioDraft, iniziative: barRistorante });
    await expectStep(app.router, 'personal-data', headings.personalData);
    await app.user.type(screen.getByRole('textbox', { name: /^Telefono/ }), '06 1234567');
    await app.user.click(screen.getByRole('button', { name: 'Annulla la richiesta' }));
    const dialog = await abortDialog();
    await within(dialog).findByText(/salvare le modifiche nella bozza/);
    await app.user.click(await within(dialog).findByRole('button', { name: 'Salva ed esci' }));
    await screen.findByRole('alertdialog', { name: 'Bozza salvata' });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/startup-service'));
    expect(app.store.writes.at(-1)!.body.personalData).toMatchObject({ telephone: '06 1234567' });
  });

  it('closing the confirmation without a choice is back to the form', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByRole('button', { name: 'Annulla la richiesta' }));
    await within(await abortDialog()).findByRole('button', { name: 'Torna al modulo' });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The draft is editable again: the abort link works a second time.
    await app.user.click(screen.getByRole('button', { name: 'Annulla la richiesta' }));
    await abortDialog();
  });
});

describe('stale version', () => {
  it('a save refused as stale offers the latest version and takes it', async () => {
    // The step's data is complete (who the business is: a sole trader; its address), so the save reaches the server.
    const business = { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' } as const;
    const app = openDraftAt('personal-data', {
      ...marioDraft,
      iniziative: barRistorante,
      personalData: { ...marioPersonalData, business, activityAddress: marioActivityAddress },
    });
    await expectStep(app.router, 'personal-data', headings.personalData);
    // Someone saved the draft from another tab meanwhile.
    const stored = app.store.requests.find((request) => request.requestId === marioDraft.requestId)!;
    Object.assign(stored, { version: stored.version + 1, partitaIva: '09876543217' });
    await app.user.type(screen.getByRole('textbox', { name: /^Telefono/ }), '06 1234567');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('La bozza è stata modificata altrove')).toBeTruthy();
    // It appears at the top of the step, far from the button: it comes into view and takes focus.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(alert);
    expect(app.router.state.location.pathname).toBe('/startup/personal-data');
    await app.user.click(within(alert).getByRole('button', { name: "Carica l'ultima versione" }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Partita IVA/ }) as HTMLInputElement).value).toBe('09876543217'));
    expect(screen.queryByText('La bozza è stata modificata altrove')).toBeNull();
    // The alert that had focus is gone: the person starts again from the step's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: headings.personalData })));
    expect(app.router.state.location.pathname).toBe('/startup/personal-data');
    expect(storedDraft()?.version).toBe(stored.version);
  });
});
