// Spec §2 "Enrolment flow" and §4 "Wizard status drawing": the step menu shows the four visible
// steps, draws complete (and read-only) as complete and to-do as disabled, lets the user click a
// step only while it is open, marks the step of the page as current, and moves focus to the new
// step's heading.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { marioDraft } from '#mocks/fixtures/requests.ts';
import { expectStep, headings, openDraftAt } from './harness.tsx';

const menu = () => screen.getByRole('navigation', { name: 'Passaggi della richiesta' });
const drawing = () =>
  within(menu())
    .getAllByRole('listitem')
    .map((item) => `${item.getAttribute('data-step')}:${item.getAttribute('data-drawing')}`);

describe('wizard step menu', () => {
  it('draws each step from its status and links only the open ones', async () => {
    const app = openDraftAt('select-initiative', marioDraft);
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    expect(drawing()).toEqual(['notification-contacts:complete', 'select-initiative:enabled', 'personal-data:disabled', 'request-summary:disabled']);
    expect(
      within(menu())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Recapiti (completato)']);
    const current = within(menu()).getByText('Sportello e iniziativa').closest('[aria-current]');
    expect(current?.getAttribute('aria-current')).toBe('step');
    expect(within(menu()).getByText('Dati anagrafici').textContent).toContain('non ancora disponibile');
  });

  it('goes to a clicked step, follows the url, and moves focus to the step heading', async () => {
    const app = openDraftAt('select-initiative', marioDraft);
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    await app.user.click(within(menu()).getByRole('link', { name: /Recapiti/ }));
    const heading = await expectStep(app.router, 'notification-contacts', headings.contacts);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(menu()).getByText('Recapiti').closest('[aria-current]')?.getAttribute('aria-current')).toBe('step');
    // The step just left is open (enabled): now it is the link.
    expect(
      within(menu())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Sportello e iniziativa (da completare)']);
  });

  it('keeps a user who types the url of a step not reached yet away from it', async () => {
    const app = openDraftAt('request-summary', marioDraft);
    // The re-check of the draft sends them to the first unfinished step.
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
  });
});
