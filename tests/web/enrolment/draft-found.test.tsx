// The draft-found dialog named (spec §2 "Modals", with the deviation in docs/architecture.md): it
// says which draft it offers (the latest: number, office, last change in Europe/Rome), links to the
// private area when there are more drafts, and besides restore / delete-and-start-new offers to keep
// the draft and start another request (one entrepreneur, two shops).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestState } from '#shared/constants.ts';
import { marioDraft, marioRequest } from '#mocks/fixtures/requests.ts';
import { expectStep, headings, renderEnrolment, storedDraft } from './harness.tsx';

const draftFound = () => screen.findByRole('alertdialog', { name: 'Hai già una richiesta in bozza' });
// 2025-03-01T10:00Z is 11:00 in Rome (winter time); 2025-07-01T22:30Z is already 2 July there (summer time).
const latest = { ...marioDraft, updatedOn: '2025-07-01T22:30:00.000Z' };
const older = marioRequest({ requestId: 38, updatedOn: '2025-03-01T10:00:00.000Z' });
const oldest = marioRequest({ requestId: 35, updatedOn: '2025-01-01T10:00:00.000Z' });

describe('the draft-found dialog', () => {
  it('names the latest draft: its number, its office and its last change in Europe/Rome time', async () => {
    renderEnrolment('/startup', { seed: [older, latest] });
    const dialog = await draftFound();
    await within(dialog).findByText('Bozza n.');
    const facts = dialog.querySelector('dl')!;
    expect([...facts.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Bozza n.', String(latest.requestId)],
      ['Sportello SUAP', latest.suap!.name],
      ['Ultima modifica', '02/07/2025 00:30'],
    ]);
  });

  it('says when the draft has no office yet', async () => {
    renderEnrolment('/startup', { seed: [older] });
    const dialog = await draftFound();
    expect(await within(dialog).findByText('non ancora scelto')).toBeTruthy();
    expect(within(dialog).getByText('01/03/2025 11:00')).toBeTruthy();
    // A single draft: no link to the others.
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('with more drafts, links to the private area, which the link opens', async () => {
    const app = renderEnrolment('/startup', { seed: [oldest, older, latest] });
    const dialog = await draftFound();
    expect(await within(dialog).findByText(/Hai anche altre 2 bozze/)).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'le trovi tutte nella tua area personale' });
    expect(link.getAttribute('href')).toBe('/private-area');
    await app.user.click(link);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/private-area'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Nothing was deleted.
    expect(app.store.requests.filter((request) => request.stateOfRequest.stateOfRequestId === RequestState.DRAFT)).toHaveLength(3);
  });

  it('"keep it and start another request" starts a new draft and leaves the one found as it was', async () => {
    const app = renderEnrolment('/startup', { seed: [latest] });
    const dialog = await draftFound();
    await app.user.click(await within(dialog).findByRole('button', { name: "Tienila e avvia un'altra richiesta" }));
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
    expect(storedDraft()?.requestId).toBeUndefined();
    expect(storedDraft()?.suap).toBeNull();
    const kept = app.store.requests.find((request) => request.requestId === latest.requestId);
    expect(kept?.stateOfRequest.stateOfRequestId).toBe(RequestState.DRAFT);
    expect(kept?.version).toBe(latest.version);
  });

  it("keeps spec §2's two choices and adds the third", async () => {
    renderEnrolment('/startup', { seed: [latest] });
    const dialog = await draftFound();
    await within(dialog).findByRole('button', { name: 'Riprendi la bozza' });
    const footer = dialog.querySelector('.modal-footer')!;
    expect(
      within(footer as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Elimina e inizia una nuova richiesta', "Tienila e avvia un'altra richiesta", 'Riprendi la bozza']);
  });
});
