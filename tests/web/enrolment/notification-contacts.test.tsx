// Step "notification contacts" (spec §2, §4 "Draft save", §5 e-mail pattern): prefilled with the
// identity's e-mail, e-mail or PEC, validated with the shared pattern, the first save creates the
// draft, "save draft" stays and says so, "continue" completes the step.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationContactType } from '#shared/constants.ts';
import { expectStep, headings, renderEnrolment, startNewDraft, storedDraft } from './harness.tsx';

const address = () => screen.getByRole('textbox', { name: /^Indirizzo/ });

describe('notification contacts', () => {
  it('starts from the e-mail of the identity, so nobody types it again', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    expect((address() as HTMLInputElement).value).toBe('mario.rossi@example.org');
    expect((screen.getByRole('radio', { name: 'E-mail' }) as HTMLInputElement).checked).toBe(true);
    // Required fields are marked, and the focus is on the step's heading.
    expect(screen.getByText('Indirizzo e-mail').textContent).toContain('*');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: headings.contacts })));
  });

  it('refuses an invalid address with a message tied to the field, and saves nothing', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.clear(address());
    await app.user.type(address(), 'mario@example');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    // The error summary at the top takes focus and links to the field (docs/architecture.md "The citizen's journey with real data").
    const summary = await screen.findByRole('group', { name: 'C’è un problema' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const text = 'Inserisci un indirizzo valido, ad esempio nome@dominio.it.';
    const message = within(address().closest('.app-field')!).getByText(text);
    expect(address().getAttribute('aria-invalid')).toBe('true');
    expect(address().getAttribute('aria-describedby')).toContain(message.id);
    await app.user.click(within(summary).getByRole('link', { name: `Indirizzo e-mail: ${text}` }));
    expect(document.activeElement).toBe(address());
    expect(app.store.writes).toHaveLength(0);
    await app.user.clear(address());
    await within(summary).findByRole('link', { name: 'Indirizzo e-mail: Questo campo è obbligatorio.' });
  });

  it('shows a required-field error once the field is left, not while typing', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.clear(address());
    expect(screen.queryByText('Questo campo è obbligatorio.')).toBeNull();
    await app.user.tab();
    await screen.findByText('Questo campo è obbligatorio.');
    expect(address().getAttribute('aria-invalid')).toBe('true');
    // No summary before a submit.
    expect(screen.queryByRole('group', { name: 'C’è un problema' })).toBeNull();
    await app.user.type(address(), 'mario@example.org');
    await waitFor(() => expect(screen.queryByText('Questo campo è obbligatorio.')).toBeNull());
  });

  it('"save draft" creates the draft, stays on the step and says so in a status message, focus kept on the button', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByText('Posta elettronica certificata (PEC)'));
    expect(screen.getByRole('textbox', { name: /^Indirizzo PEC/ })).toBeTruthy();
    await app.user.clear(address());
    await app.user.type(address(), 'mario.rossi@pec.example.org');
    await app.user.click(screen.getByRole('button', { name: 'Salva bozza' }));
    expect((await screen.findByText(/^Bozza salvata alle \d\d:\d\d$/)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Salva bozza' })));
    expect(app.store.writes).toEqual([
      { method: 'POST', body: expect.objectContaining({ procedureNotification: { type: NotificationContactType.PEC, value: 'mario.rossi@pec.example.org' } }) },
    ]);
    expect(app.router.state.location.pathname).toBe('/startup/notification-contacts');
    await waitFor(() => expect(storedDraft()?.requestId).toBe(100));
  });

  it('"continue" saves (update once the draft exists) and opens the next step', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByRole('button', { name: 'Salva bozza' }));
    await screen.findByText(/^Bozza salvata alle/);
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    expect(app.store.writes.map((write) => write.method)).toEqual(['POST', 'PUT']);
    expect(app.store.writes[1]!.body).toMatchObject({ requestId: 100, version: 1 });
  });

  it.each([
    ['E-mail', NotificationContactType.EMAIL, /^Indirizzo e-mail/, "d'angelo@example.studio"],
    ['Posta elettronica certificata (PEC)', NotificationContactType.PEC, /^Indirizzo PEC/, "mario.d'amico@pec.example.legal"],
  ])('takes a real %s address (any top-level domain, an apostrophe before the @) and saves it as typed', async (choice, type, label, value) => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByRole('radio', { name: choice }));
    const field = screen.getByRole('textbox', { name: label });
    await app.user.clear(field);
    await app.user.type(field, value);
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    expect(screen.queryByText('Inserisci un indirizzo valido, ad esempio nome@dominio.it.')).toBeNull();
    expect(app.store.writes[0]).toEqual({ method: 'POST', body: expect.objectContaining({ procedureNotification: { type, value } }) });
  });
});
