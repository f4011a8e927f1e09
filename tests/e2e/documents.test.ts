// Documents from the citizen to the clerk, in Chromium (docs/architecture.md "Documents"): Mario
// chooses the bar, sees the documents it needs, attaches a signed .p7m SCIA form, a PAdES-signed
// notification and a JPEG floor plan; a renamed executable and a 25 MB file are refused with their
// own messages; a reload in the middle of an upload names the file to choose again and keeps what
// was stored; he sends. Anna opens the request, reads each document's fingerprint and signature
// report, downloads one, and its bytes hash to what the PDF recap says. axe on every new screen.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPath } from '#shared/api/paths.ts';
import type { Attachment } from '#shared/api/attachments.ts';
import { boRequestPath } from '#shared/spa-paths.ts';
import { MARIO as MARIO_SIGNER, makePadesPdf, makeSignedP7m, renamedExecutable, smallJpeg, smallPdf } from '#tests/support/signing-fixtures.ts';
import { apiGet, readPdf } from './support/api.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { chooseFile, documentSlot, uploadTo } from './support/documents.ts';
import { withoutDrafts } from './support/drafts.ts';
import { chooseIdentity, loginToBackOffice } from './support/identity.ts';

const MARIO = 'Mario Rossi';
const MB = 1024 * 1024;

async function step(page: Page, path: string, heading: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/startup/${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

function card(page: Page, list: string, text: string) {
  return page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
}

async function search(page: Page, bar: string, text: string): Promise<void> {
  const form = page.getByRole('search', { name: bar });
  await form.getByRole('searchbox').fill(text);
  await form.getByRole('button', { name: 'Cerca', exact: true }).click();
}

/** Mario's way to the documents step: Tivoli, its office, the bar, his company's details. */
async function reachDocuments(page: Page): Promise<void> {
  await step(page, 'initial-summary', 'Riepilogo iniziale');
  await page.getByRole('button', { name: 'Inizia' }).click();
  await step(page, 'notification-contacts', 'Recapiti per le comunicazioni');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await step(page, 'select-initiative', 'Sportello e iniziativa');
  const place = page.getByRole('combobox', { name: /^Comune dell’attività/ });
  await place.pressSequentially('Tivoli');
  await page.getByRole('option', { name: 'Tivoli (RM)', exact: true }).click();
  await search(page, 'Cerca lo sportello per nome o comune', 'Tivoli');
  const office = card(page, 'Sportelli', 'SUAP associato della Provincia di Roma');
  await office.getByRole('button', { name: 'Scegli' }).click();
  await office.getByText('Scelto').waitFor();
  await search(page, "Cerca l'iniziativa", 'Bar');
  const bar = card(page, 'Iniziative', 'Bar e ristorante');
  await bar.getByRole('button', { name: 'Scegli' }).click();
  await bar.getByText('Scelto').waitFor();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await step(page, 'personal-data', 'Dati anagrafici');
  await page.getByRole('textbox', { name: /^Via o piazza/ }).fill('Piazza del Plebiscito');
  await page.getByRole('textbox', { name: /^Numero civico/ }).fill('7');
  await page.getByRole('textbox', { name: /^Codice di avviamento postale/ }).fill('00019');
  await page.getByText('Società', { exact: true }).click();
  await page.getByRole('textbox', { name: /^Denominazione della società/ }).fill('Bar Rossi S.n.c.');
  await page.getByRole('combobox', { name: /^Forma giuridica/ }).selectOption('snc');
  await page.getByRole('textbox', { name: /^PEC della società/ }).fill('bar.rossi@pec.example.legal');
  await page.getByRole('textbox', { name: /^Codice ATECO 2025/ }).fill('56.30.00');
  await page.getByText('Legale rappresentante della società', { exact: true }).click();
  await page.getByRole('textbox', { name: /^Partita IVA/ }).fill('09876543217');
  await page.getByText(/^Verificato: il registro delle imprese ti indica/).waitFor();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await step(page, 'request-summary', 'Documenti e riepilogo');
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('documents from the citizen to the clerk, in Chromium', () => {
  const browser = useBrowser();
  const base = () => browser.baseUrl();

  it('Mario attaches signed and plain documents, is refused bad ones, reloads mid-upload and sends; Anna checks fingerprints and signatures', async () => {
    await withoutDrafts(await browser.page(), base(), MARIO);
    const page = await browser.page({ width: 1280 });
    await page.goto(`${base()}/startup-service`);
    await page.getByRole('button', { name: 'Accedi e avvia la pratica' }).click();
    await chooseIdentity(page, MARIO);
    await reachDocuments(page);

    // What the bar needs: the signed form, the floor plan and the food notification are required;
    // the power of attorney only for an intermediary; the fees' receipt is optional.
    const form = documentSlot(page, 'Modulo SCIA / istanza');
    const plan = documentSlot(page, 'Planimetria dei locali');
    const notification = documentSlot(page, 'Notifica sanitaria');
    await form.getByText('Obbligatorio', { exact: true }).waitFor();
    await form.getByText(/Deve essere firmato digitalmente/).waitFor();
    await plan.getByText('Obbligatorio', { exact: true }).waitFor();
    await notification.getByText('Obbligatorio', { exact: true }).waitFor();
    await documentSlot(page, 'Procura speciale')
      .getByText(/^Obbligatorio se presenti la richiesta per conto dell.impresa$/)
      .waitFor();
    await documentSlot(page, 'Ricevuta del pagamento dei diritti').getByText('Facoltativo', { exact: true }).waitFor();
    const send = page.getByRole('button', { name: 'Invia la richiesta' });
    expect(await send.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'documents and summary, nothing attached');

    // A program renamed as a JPEG: the server reads the bytes and refuses it; nothing is stored.
    await chooseFile(page, plan, { name: 'planimetria.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(renamedExecutable()) }, 'it');
    await plan.getByText(/Il file non è di un tipo accettato per questo documento/).waitFor();
    expect(await plan.getByRole('list').count()).toBe(0);
    await expectNoAxeViolations(page, 'documents with a refused file');

    // 25 MB is over the 20 MB a document may weigh: refused before a byte is sent.
    // (Given by path: a 25 MB buffer would cross the DevTools protocol slower than the chooser waits.)
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-e2e-big-'));
    const big = path.join(dir, 'notifica-enorme.pdf');
    await fs.writeFile(big, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(25 * MB - 9, 0x20)]));
    await chooseFile(page, notification, big, 'it');
    await fs.rm(dir, { recursive: true, force: true });
    await notification.getByText(/Il file supera la dimensione massima consentita/).waitFor();

    // The signed SCIA form (.p7m around a PDF) and the notification signed in the PDF (PAdES).
    const scia = await makeSignedP7m({ content: smallPdf('Modulo SCIA del bar'), signer: MARIO_SIGNER });
    await uploadTo(page, form, { name: 'modulo-scia.pdf.p7m', mimeType: 'application/pkcs7-mime', buffer: Buffer.from(scia) }, 'it');
    const pades = await makePadesPdf({ signer: MARIO_SIGNER, text: 'Notifica sanitaria del bar' });
    await uploadTo(page, notification, { name: 'notifica-sanitaria.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pades) }, 'it');

    // A reload while the floor plan is on its way: the upload never reaches the server (held
    // here), the page comes back with the two stored documents and names the file to choose again.
    const jpeg = smallJpeg();
    await page.route('**/attachments', (route) => (route.request().method() === 'POST' ? undefined : route.fallback()));
    await chooseFile(page, plan, { name: 'planimetria.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg) }, 'it');
    // The bar at 0 % has no width yet: it is there, not visible.
    await plan.getByRole('progressbar', { name: 'Caricamento di planimetria.jpg' }).waitFor({ state: 'attached' });
    await page.reload();
    await step(page, 'request-summary', 'Documenti e riepilogo');
    // (Released only now: a route removed earlier would let the held upload through.)
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await plan.getByText('Il caricamento di planimetria.jpg si è interrotto: scegli di nuovo il file.', { exact: true }).waitFor();
    await form
      .getByRole('list')
      .getByText(/^modulo-scia\.pdf\.p7m \(/)
      .waitFor();
    await notification
      .getByRole('list')
      .getByText(/^notifica-sanitaria\.pdf \(/)
      .waitFor();
    await uploadTo(page, plan, { name: 'planimetria.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg) }, 'it');
    await page.getByText('Tutti i documenti obbligatori sono allegati.').waitFor();
    await expectNoAxeViolations(page, 'documents complete');
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();

    await step(page, 'thank-page', 'Richiesta inviata');
    const numberText = await page.getByText(/^Numero della richiesta: \d+$/).textContent();
    const requestId = Number(/(\d+)$/.exec(numberText ?? '')?.[1]);
    const listed = (await (await apiGet(page, base(), apiPath('attachmentList', { id: requestId }))).json()) as { attachmentList: Attachment[] };
    const byName = new Map(listed.attachmentList.map((attachment) => [attachment.fileName, attachment]));
    expect(byName.get('modulo-scia.pdf.p7m')?.hash).toBe(sha256(scia));
    expect(byName.get('notifica-sanitaria.pdf')?.hash).toBe(sha256(pades));
    expect(byName.get('planimetria.jpg')?.hash).toBe(sha256(jpeg));
    expect(byName.get('modulo-scia.pdf.p7m')?.signature).toMatchObject({
      format: 'CAdES',
      signers: [{ name: 'Mario Rossi', isApplicant: true, intact: true }],
    });
    expect(byName.get('notifica-sanitaria.pdf')?.signature).toMatchObject({ format: 'PAdES', signers: [{ isApplicant: true, intact: true }] });
    const recap = (await readPdf(page, base(), apiPath('requestPdf', { id: requestId }), 'pdftotext')).replace(/\s+/g, '');
    for (const attachment of listed.attachmentList) expect(recap).toContain(attachment.hash);

    // Anna reads the fingerprints and the signature reports, and downloads the plan.
    const desk = await browser.page({ width: 1280 });
    await loginToBackOffice(desk, base(), 'Anna Verdi');
    await desk.goto(`${base()}${boRequestPath(requestId)}`);
    const documents = desk.getByRole('table', { name: /documenti/i }).first();
    await documents.waitFor();
    for (const attachment of listed.attachmentList) await desk.getByText(attachment.fileName).first().waitFor();
    await desk
      .getByText(/firma integra/i)
      .first()
      .waitFor();
    await desk
      .getByText(/non verificato sulla lista di fiducia/i)
      .first()
      .waitFor();
    await expectNoAxeViolations(desk, 'back-office details with documents');
    const download = desk.waitForEvent('download');
    await desk.getByRole('button', { name: 'Scarica planimetria.jpg' }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const downloaded = sha256(Buffer.concat(chunks));
    expect(downloaded).toBe(byName.get('planimetria.jpg')?.hash);
    expect(recap).toContain(downloaded);
  });
});
