// The request's documents in the PDF recap and the office's e-mail (docs/architecture.md "Where
// documents are shown"), in both languages: the requirement, the file, its size, its SHA-256 and
// what its signature says. The screens say the same through the locales (shown-docs.*).
import type { SignatureReport } from '#shared/api/attachments.ts';
import type { Language } from '#shared/constants.ts';
import { signatureStatus, signerList, type NamedAttachment } from '#shared/document-display.ts';
import { formatFileSize } from '#shared/file-size.ts';

export const DOCUMENT_TEXT = {
  it: {
    heading: 'Documenti allegati',
    none: 'Nessun documento allegato.',
    fileName: 'File',
    size: 'Dimensione',
    hash: 'Impronta SHA-256',
    signature: 'Firma',
    unsigned: 'non firmato',
    signedBy: 'Firmato {format} da {signers}',
    applicant: 'richiedente',
    and: 'e',
    intact: 'firma integra',
    broken: 'firma non integra',
    chainUnchecked: 'certificato non verificato sulla lista di fiducia UE',
    chainChecked: 'certificato verificato sulla lista di fiducia UE',
  },
  en: {
    heading: 'Attached documents',
    none: 'No document attached.',
    fileName: 'File',
    size: 'Size',
    hash: 'SHA-256 hash',
    signature: 'Signature',
    unsigned: 'not signed',
    signedBy: 'Signed ({format}) by {signers}',
    applicant: 'applicant',
    and: 'and',
    intact: 'signature intact',
    broken: 'signature not intact',
    chainUnchecked: 'certificate not checked against the EU trusted list',
    chainChecked: 'certificate checked against the EU trusted list',
  },
} satisfies Record<Language, Record<string, string>>;

/** "Firmato CAdES da Mario Rossi (richiedente), firma integra; certificato non verificato sulla lista di fiducia UE", or "non firmato". */
export function signatureLine(signature: SignatureReport | null, language: Language): string {
  const t = DOCUMENT_TEXT[language];
  const status = signatureStatus(signature);
  if (!signature || status === 'unsigned') return t.unsigned;
  const who = t.signedBy.replace('{format}', signature.format).replace('{signers}', signerList(signature.signers, t.applicant, t.and));
  return `${who.trim()}, ${status === 'intact' ? t.intact : t.broken}; ${signature.chainChecked ? t.chainChecked : t.chainUnchecked}`;
}

/** One document's rows (label, value) after its requirement's name. */
export function documentRows(document: NamedAttachment, language: Language): [string, string][] {
  const t = DOCUMENT_TEXT[language];
  return [
    [t.fileName, document.fileName],
    [t.size, formatFileSize(document.size, language)],
    [t.hash, document.hash],
    [t.signature, signatureLine(document.signature, language)],
  ];
}

export function requirementName(document: NamedAttachment, language: Language): string {
  return language === 'it' ? document.requirementNameIt : document.requirementNameEn;
}
