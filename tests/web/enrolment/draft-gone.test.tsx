// A saved draft deleted in another tab, then saved here: the server answers 404, and the person is
// told "this draft was deleted" with the two ways on, a new request or the private area, instead
// of a generic save error (machines/draft/saving.ts, state `gone`).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barRistorante, marioActivityAddress, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { expectStep, headings, openDraftAt, storedDraft } from './harness.tsx';

async function saveAfterDeletionElsewhere() {
  // The step's data is complete (a sole trader, the business's address), so the save reaches the server.
  const business = { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' } as const;
  const personalData = { ...marioPersonalData, business, activityAddress: marioActivityAddress };
  const app = openDraftAt('personal-data', { ...marioDraft, iniziative: barRistorante, personalData });
  await expectStep(app.router, 'personal-data', headings.personalData);
  // The draft is gone from the server meanwhile (deleted in another tab): its save answers 404.
  app.store.requests.splice(
    app.store.requests.findIndex((request) => request.requestId === marioDraft.requestId),
    1,
  );
  await app.user.type(screen.getByRole('textbox', { name: /^Telefono/ }), '06 1234567');
  await app.user.click(screen.getByRole('button', { name: 'Salva bozza' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Questa bozza è stata eliminata' });
  expect(screen.queryByRole('alertdialog', { name: 'Non è stato possibile salvare la bozza' })).toBeNull();
  return { app, dialog };
}

describe('a draft deleted elsewhere', () => {
  it('says so on save and starts a new request from the first step', async () => {
    const { app, dialog } = await saveAfterDeletionElsewhere();
    await app.user.click(await within(dialog).findByRole('button', { name: 'Inizia una nuova richiesta' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/startup/initial-summary'));
    await waitFor(() => expect(storedDraft()).not.toBeNull());
    expect(storedDraft()?.requestId).toBeUndefined();
  });

  it('says so on save and leads to the private area', async () => {
    const { app, dialog } = await saveAfterDeletionElsewhere();
    await app.user.click(await within(dialog).findByRole('button', { name: "Vai all'area personale" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/private-area'));
    expect(storedDraft()).toBeNull();
  });
});
