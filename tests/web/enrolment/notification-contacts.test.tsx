// Step "notification contacts" (spec §2, §4 "Draft save", §5 e-mail pattern): prefilled with the
// identity's e-mail, e-mail or PEC, validated with the shared pattern, the first save creates the
// draft, "save draft" stays and says so, "continue" completes the step.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationContactType } from '../../../src/shared/constants.ts';
import { expectStep, headings, renderEnrolment, startNewDraft, storedDraft } from './harness.tsx';

const address = () => screen.getByRole('textbox', { name: /^Indirizzo/ });

describe('notification contacts', () => {
  it('starts from the e-mail of the identity, so nobody types it again', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    expect((address() as HTMLInputElement).value).toBe('mario.rossi@example.it');
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
    const message = await screen.findByText('Inserisci un indirizzo valido, ad esempio nome@dominio.it.');
    expect(address().getAttribute('aria-invalid')).toBe('true');
    expect(address().getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(address());
    expect(app.store.writes).toHaveLength(0);
    await app.user.clear(address());
    await screen.findByText('Questo campo è obbligatorio.');
  });

  it('"save draft" creates the draft, stays on the step and says the draft is saved', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByText('Posta elettronica certificata (PEC)'));
    expect(screen.getByRole('textbox', { name: /^Indirizzo PEC/ })).toBeTruthy();
    await app.user.clear(address());
    await app.user.type(address(), 'mario.rossi@pec.example.it');
    await app.user.click(screen.getByRole('button', { name: 'Salva bozza' }));
    await screen.findByRole('alertdialog', { name: 'Bozza salvata' });
    expect(app.store.writes).toEqual([
      { method: 'POST', body: expect.objectContaining({ procedureNotification: { type: NotificationContactType.PEC, value: 'mario.rossi@pec.example.it' } }) },
    ]);
    expect(app.router.state.location.pathname).toBe('/startup/notification-contacts');
    await waitFor(() => expect(storedDraft()?.requestId).toBe(100));
  });

  it('"continue" saves (update once the draft exists) and opens the next step', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByRole('button', { name: 'Salva bozza' }));
    const saved = await screen.findByRole('alertdialog', { name: 'Bozza salvata' });
    await app.user.click(await within(saved).findByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    expect(app.store.writes.map((write) => write.method)).toEqual(['POST', 'PUT']);
    expect(app.store.writes[1]!.body).toMatchObject({ requestId: 100, version: 1 });
  });
});
