// Attaching documents on the step "Documenti e riepilogo" as a person does: the slot's own button
// opens the file chooser, the file is given to it, and the slot's status says it was uploaded
// (docs/architecture.md "Documents in the wizard"). The files are made at test time: a signed .p7m
// where the requirement asks for a signature, a JPEG where images are taken, a PDF otherwise.
import type { Locator, Page } from 'playwright-core';

/** A file given to a chooser by its bytes (playwright's setFiles payload). */
interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}
import { MARIO, makeSignedP7m, smallJpeg, smallPdf, type SignerSpec } from '#tests/support/signing-fixtures.ts';

type Language = 'it' | 'en';

const WORDS = {
  it: {
    required: 'Obbligatorio',
    choose: /^(Scegli il file|Aggiungi un altro file|Sostituisci il file)/,
    uploaded: 'caricato.',
    signed: 'firmato digitalmente',
  },
  en: { required: 'Required', choose: /^(Choose the file|Add another file|Replace the file)/, uploaded: 'uploaded.', signed: 'digitally signed' },
} as const;

/** The slot of one document, found by its heading's name (e.g. "Planimetria dei locali"). */
export function documentSlot(page: Page, name: string): Locator {
  return page.locator('li.app-document-slot').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${escape(name)}`) }) });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Gives `file` (its bytes, or a path on disk) to the slot's chooser; resolves once the chooser took it (not once it is stored). */
export async function chooseFile(page: Page, slot: Locator, file: FilePayload | string, language: Language): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await slot.getByRole('button', { name: WORDS[language].choose }).click();
  await (await chooser).setFiles(file);
}

/** Chooses the file and waits for the slot to say it is stored. */
export async function uploadTo(page: Page, slot: Locator, file: FilePayload, language: Language): Promise<void> {
  await chooseFile(page, slot, file, language);
  await slot.getByRole('status').getByText(`${file.name} ${WORDS[language].uploaded}`, { exact: true }).waitFor();
}

/** A file fitting the slot's rules as the page states them: signed when asked, an image when taken, else a PDF. */
async function fittingFile(slot: Locator, language: Language, signer: SignerSpec): Promise<FilePayload> {
  const rules = (await slot.locator('.app-document-rules').textContent()) ?? '';
  if (rules.includes(WORDS[language].signed)) {
    const content = smallPdf('Modulo firmato per la prova');
    return { name: 'modulo-firmato.pdf.p7m', mimeType: 'application/pkcs7-mime', buffer: Buffer.from(await makeSignedP7m({ content, signer })) };
  }
  if (rules.includes('.jpg')) return { name: 'planimetria.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(smallJpeg()) };
  return { name: 'documento.pdf', mimeType: 'application/pdf', buffer: Buffer.from(smallPdf('Documento di prova')) };
}

/** Attaches a fitting file to every required document still without one (signed by `signer`, Mario by default). */
export async function attachRequiredDocuments(page: Page, language: Language, signer: SignerSpec = MARIO): Promise<void> {
  const slots = page.locator('li.app-document-slot').filter({ has: page.getByText(WORDS[language].required, { exact: true }) });
  await page.locator('li.app-document-slot').first().waitFor();
  for (const slot of await slots.all()) {
    if ((await slot.getByRole('list').count()) > 0) continue;
    await uploadTo(page, slot, await fittingFile(slot, language, signer), language);
  }
}
