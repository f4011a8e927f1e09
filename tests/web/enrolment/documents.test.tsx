// Step "Documenti e riepilogo" (docs/architecture.md "Documents in the wizard"): the documents the
// initiative asks for, an upload with its progressbar while the server has not answered, the
// server's refusal on the slot and in the error summary (which takes focus), the size refused before
// any byte leaves, removal after a confirmation, "send" disabled until every required document is
// there, a language switch that does not cancel an upload, and the file a reload interrupted.
import { screen, waitFor, within } from '@testing-library/react';
import { http, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { inFlightKey } from '#machines/documents.ts';
import type { Requirement } from '#shared/api/attachments.ts';
import { barRistorante, marioActivityAddress, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { attachmentHandlers, attachmentUrls, createAttachmentStore, type AttachmentStore } from '#mocks/handlers/attachments.ts';
import { fail } from '#mocks/handlers/envelope.ts';
import { requirementListHandler } from '#mocks/handlers/requirements.ts';
import { expectStep, headings, openDraftAt, storedDocument } from './harness.tsx';

const business = { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' } as const;
const draft = {
  ...marioDraft,
  iniziative: barRistorante,
  personalData: { ...marioPersonalData, telephone: '+39 06 1234567', business, activityAddress: marioActivityAddress },
};

function requirement(code: string, nameIt: string, parts: Partial<Requirement> = {}): Requirement {
  return {
    requirementCode: code,
    nameIt,
    nameEn: `${nameIt} (en)`,
    descriptionIt: `Descrizione di ${nameIt}.`,
    descriptionEn: `Description of ${nameIt}.`,
    required: true,
    requiredWhen: null,
    acceptedTypes: ['pdf', 'p7m'],
    maxBytes: 1000,
    maxFiles: 1,
    signatureRequired: false,
    ...parts,
  };
}

const form = requirement('SCIA_FORM', 'Modulo SCIA');
const plan = requirement('FLOOR_PLAN', 'Planimetria', { acceptedTypes: ['pdf', 'png'], maxFiles: 2 });
const receipt = requirement('FEES_RECEIPT', 'Ricevuta dei diritti', { required: false });
const requirements = [form, plan, receipt];

const pdf = (name: string, size = 4) => new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf' });

/** A gate for the upload: the request waits until the test releases it. */
function heldUploads() {
  let release: () => void = () => {};
  let arrived: () => void = () => {};
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler = http.post(attachmentUrls.list, async () => {
    arrived();
    await gate;
    return undefined; // on to the store's handler
  });
  return { handler, release: () => release(), arrival };
}

async function openDocuments(store: AttachmentStore, extra: RequestHandler[] = []) {
  const app = openDraftAt('request-summary', draft, {
    handlers: [...extra, requirementListHandler(() => requirements), ...attachmentHandlers(store, { requirementsFor: () => requirements })],
  });
  await expectStep(app.router, 'request-summary', headings.summary);
  await screen.findByRole('heading', { level: 3, name: /Modulo SCIA/ });
  return app;
}

const slot = (name: RegExp) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
const fileInput = (within: HTMLElement) => within.querySelector('input[type="file"]') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Invia la richiesta' });

describe('documents on the last step', () => {
  it('keeps "send" disabled until every required document is stored, showing the upload’s progress meanwhile', async () => {
    const store = createAttachmentStore();
    const held = heldUploads();
    const app = await openDocuments(store, [held.handler]);
    expect(sendButton()).toHaveProperty('disabled', true);
    const missing = document.getElementById(sendButton().getAttribute('aria-describedby') ?? '');
    expect(missing?.textContent).toContain('Mancano 2 documenti obbligatori: Modulo SCIA, Planimetria');
    expect(within(slot(/Ricevuta dei diritti/)).getByText('Facoltativo')).toBeTruthy();

    await app.user.upload(fileInput(slot(/Modulo SCIA/)), pdf('modulo.pdf'));
    await held.arrival;
    const progress = await within(slot(/Modulo SCIA/)).findByRole('progressbar', { name: 'Caricamento di modulo.pdf' });
    expect(progress.getAttribute('aria-valuemax')).toBe('100');
    // One change at a time: the other slots wait.
    expect(within(slot(/Planimetria/)).getByRole('button', { name: /Scegli il file/ })).toHaveProperty('disabled', true);
    held.release();
    const status = await within(slot(/Modulo SCIA/)).findByText('modulo.pdf caricato.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(within(slot(/Modulo SCIA/)).queryByRole('progressbar')).toBeNull();
    expect(store.byRequest.get(draft.requestId)?.map((attachment) => [attachment.requirementCode, attachment.fileName])).toEqual([['SCIA_FORM', 'modulo.pdf']]);
    expect(sendButton()).toHaveProperty('disabled', true);

    await app.user.upload(fileInput(slot(/Planimetria/)), pdf('pianta.pdf'));
    await within(slot(/Planimetria/)).findByText('pianta.pdf caricato.');
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', false));
    expect(screen.getByText('Tutti i documenti obbligatori sono allegati.')).toBeTruthy();
    await app.user.click(sendButton());
    await expectStep(app.router, 'thank-page', headings.thanks);
  });

  it('shows the server’s refusal on its slot and in the error summary, which takes focus; a file too large is refused before it is sent', async () => {
    const store = createAttachmentStore();
    const posts: string[] = [];
    const refuse = http.post(attachmentUrls.list, () => {
      posts.push('POST');
      return fail(415, 'file-type-not-accepted', 'Not a PDF.');
    });
    const app = await openDocuments(store, [refuse]);
    await app.user.upload(fileInput(slot(/Modulo SCIA/)), pdf('foto.pdf'));
    const message = 'Il file non è di un tipo accettato per questo documento';
    await waitFor(() => expect(within(slot(/Modulo SCIA/)).getByText(new RegExp(message))).toBeTruthy());
    const summary = await screen.findByRole('group', { name: 'C’è un problema' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: new RegExp(`Modulo SCIA: ${message}`) })).toBeTruthy();
    // Not something another try mends: no "retry".
    expect(within(slot(/Modulo SCIA/)).queryByRole('button', { name: /Riprova/ })).toBeNull();
    expect(store.byRequest.get(draft.requestId) ?? []).toEqual([]);

    await app.user.upload(fileInput(slot(/Planimetria/)), pdf('enorme.pdf', 5000));
    await waitFor(() => expect(within(slot(/Planimetria/)).getByText(/supera la dimensione massima/)).toBeTruthy());
    expect(posts).toEqual(['POST']);
  });

  it('removes a stored document after the confirmation, and "send" is disabled again', async () => {
    const store = createAttachmentStore({ [draft.requestId]: [storedDocument(5, 'SCIA_FORM', 'modulo.pdf'), storedDocument(6, 'FLOOR_PLAN', 'pianta.pdf')] });
    const app = await openDocuments(store);
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', false));
    await app.user.click(within(slot(/Planimetria/)).getByRole('button', { name: /^Rimuovi\s*pianta\.pdf$/ }));
    const question = within(slot(/Planimetria/)).getByText('Vuoi rimuovere pianta.pdf dalla richiesta?');
    await waitFor(() => expect(document.activeElement).toBe(question));
    // Keyboard only: Tab to "Rimuovi", Enter.
    await app.user.tab();
    expect(document.activeElement?.textContent).toBe('Rimuovi');
    await app.user.keyboard('{Enter}');
    const status = await within(slot(/Planimetria/)).findByText('pianta.pdf rimosso.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(store.byRequest.get(draft.requestId)?.map((attachment) => attachment.attachmentId)).toEqual([5]);
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', true));
    // A single-file document offers a replacement, not a second file.
    expect(within(slot(/Modulo SCIA/)).getByRole('button', { name: /Sostituisci il file/ })).toBeTruthy();
  });

  it('keeps an upload going across a language switch', async () => {
    const store = createAttachmentStore();
    const held = heldUploads();
    const app = await openDocuments(store, [held.handler]);
    await app.user.upload(fileInput(slot(/Modulo SCIA/)), pdf('modulo.pdf'));
    await held.arrival;
    await within(slot(/Modulo SCIA/)).findByRole('progressbar', { name: 'Caricamento di modulo.pdf' });
    const banner = screen.getByRole('banner');
    await app.user.click(await within(banner).findByRole('button', { name: /Lingua/ }));
    await app.user.click(await screen.findByRole('option', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: 'Documents and summary' });
    expect(await screen.findByRole('progressbar', { name: 'Uploading modulo.pdf' })).toBeTruthy();
    held.release();
    expect(await screen.findByText('modulo.pdf uploaded.')).toBeTruthy();
    expect(store.byRequest.get(draft.requestId)?.map((attachment) => attachment.fileName)).toEqual(['modulo.pdf']);
  });

  it('names the file whose upload a reload interrupted', async () => {
    window.sessionStorage.setItem(inFlightKey(draft.requestId), JSON.stringify({ requirementCode: 'FLOOR_PLAN', fileName: 'pianta.pdf' }));
    await openDocuments(createAttachmentStore());
    expect(within(slot(/Planimetria/)).getByText('Il caricamento di pianta.pdf si è interrotto: scegli di nuovo il file.')).toBeTruthy();
  });
});
