// A draft open in this tab and deleted from the private area (spec §4 "Abort, draft found, draft
// delete"). The startup process's draft machine does not run in the private area, and the server
// still answers a deleted request (in state "deleted"): the private-area delete drops the tab's
// session copy of that draft, so the process, entered again, neither reopens it nor offers it.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barRistorante, marioDraft } from '#mocks/fixtures/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { expectStep, headings, openDraftAt, storedDraft } from '../enrolment/harness.tsx';
import { SLOW } from './support.ts';

const withInitiative = { ...marioDraft, iniziative: barRistorante };

async function deleteFromPrivateArea(app: ReturnType<typeof openDraftAt>, requestId: number) {
  await act(() => app.router.navigate('/private-area'));
  const card = await screen.findByRole('article', { name: `Richiesta n. ${requestId}` }, SLOW);
  await app.user.click(within(card).getByRole('button', { name: 'Elimina' }));
  const confirm = await screen.findByRole('alertdialog', { name: `Vuoi eliminare la bozza n. ${requestId}?` });
  await app.user.click(await within(confirm).findByRole('button', { name: 'Elimina la bozza' }));
  const success = await screen.findByRole('alertdialog', { name: 'Bozza eliminata' });
  await app.user.click(await within(success).findByRole('button', { name: 'Chiudi' }));
  await waitFor(() => expect(within(screen.getByRole('article', { name: `Richiesta n. ${requestId}` })).getByText('Eliminata')).toBeTruthy());
}

describe('a draft open in this tab, deleted from the private area', () => {
  it('is neither reopened nor offered when the process is entered again: a new draft starts', async () => {
    const app = openDraftAt('personal-data', withInitiative);
    // The first screen loads its lazy chunks.
    await screen.findByRole('heading', { level: 1, name: headings.personalData }, SLOW);
    expect(storedDraft()?.requestId).toBe(41);

    await deleteFromPrivateArea(app, 41);
    expect(app.store.requests.find((request) => request.requestId === 41)?.stateOfRequest.stateOfRequestId).toBe(RequestState.DELETED);
    expect(storedDraft()).toBeNull();

    await act(() => app.router.navigate('/startup'));
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(storedDraft()?.requestId).toBeUndefined();
  });

  it('keeps the copy of the draft open when another draft is deleted', async () => {
    const other = { ...withInitiative, requestId: 42, updatedOn: '2025-02-01T10:00:00.000Z' };
    const app = openDraftAt('personal-data', withInitiative, { extraSeed: [other] });
    await screen.findByRole('heading', { level: 1, name: headings.personalData }, SLOW);

    await deleteFromPrivateArea(app, 42);
    expect(storedDraft()?.requestId).toBe(41);

    await act(() => app.router.navigate('/startup/personal-data'));
    await expectStep(app.router, 'personal-data', headings.personalData);
    expect(storedDraft()?.requestId).toBe(41);
  });
});
