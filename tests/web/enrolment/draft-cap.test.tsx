// The cap on open drafts (docs/deployment.md, MAX_OPEN_DRAFTS): when the server refuses a new draft
// with 'too-many-drafts', the wizard says why in a dialog, in the person's language, and keeps what
// was typed.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { LANGUAGE_STORAGE_KEY } from '#web/i18n/language.ts';
import { fail } from '#mocks/handlers/envelope.ts';
import { requestUrls } from '#mocks/handlers/requests.ts';
import { expectStep, renderEnrolment, startNewDraft, storedDraft } from './harness.tsx';

const refuseCreation = http.post(requestUrls.create, () => fail(409, ErrorKey.tooManyDrafts, 'You already have 20 open drafts, the most allowed (20).'));

describe('the cap on open drafts', () => {
  it('says in Italian that the most drafts are open and how to go on, keeping the step as typed', async () => {
    const app = renderEnrolment('/startup', { handlers: [refuseCreation] });
    await startNewDraft(app);
    const address = () => screen.getByRole('textbox', { name: /^Indirizzo/ }) as HTMLInputElement;
    await app.user.clear(address());
    await app.user.type(address(), 'mario.bozze@example.it');
    await app.user.click(screen.getByRole('button', { name: 'Salva bozza' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Non è stato possibile salvare la bozza' });
    await within(dialog).findByText(/Hai già il numero massimo di bozze aperte: invia o elimina una bozza dalla tua area personale/);
    await app.user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    expect(app.router.state.location.pathname).toBe('/startup/notification-contacts');
    expect(storedDraft()?.requestId ?? null).toBeNull();
    expect(address().value).toBe('mario.bozze@example.it');
  });

  it('says it in English to a person reading English', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const app = renderEnrolment('/startup', { handlers: [refuseCreation] });
    await expectStep(app.router, 'initial-summary', 'Initial summary');
    await app.user.click(screen.getByRole('button', { name: 'Start' }));
    await expectStep(app.router, 'notification-contacts', 'Contact details for notifications');
    await app.user.click(screen.getByRole('button', { name: 'Save draft' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'The draft could not be saved' });
    await within(dialog).findByText(/You already have the most open drafts allowed: send or delete a draft in your private area/);
  });
});
