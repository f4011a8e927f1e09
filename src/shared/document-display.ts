// How a stored document is summed up wherever a request is shown (docs/architecture.md "Where
// documents are shown"): the details pages, the PDF recap and the office's e-mail read its
// signature and its hash through these, so they never disagree on what "intact" means.
import type { Attachment, SignatureReport, Signer } from './api/attachments.ts';

/** unsigned: no signature; intact: every signer's signature verifies; broken: one does not (or none could be read). */
export type SignatureStatus = 'unsigned' | 'intact' | 'broken';

export function signatureStatus(signature: SignatureReport | null | undefined): SignatureStatus {
  if (!signature) return 'unsigned';
  return signature.signers.length > 0 && signature.signers.every((signer) => signer.intact) ? 'intact' : 'broken';
}

/** The signers' names, the applicant marked by `applicantMark` ("Mario Rossi (richiedente)"), joined by `and`. */
export function signerList(signers: readonly Signer[], applicantMark: string, and: string): string {
  const names = signers.map((signer) => (signer.isApplicant ? `${signer.name} (${applicantMark})` : signer.name));
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;
}

/** The hash as a screen shows it at a glance: its first and last eight digits ("3a7bd3e2…9f0c1d2e"). */
export function shortHash(hash: string): string {
  return hash.length <= 20 ? hash : `${hash.slice(0, 8)}…${hash.slice(-8)}`;
}

/** A stored document with the name of the requirement it answers, in both languages. */
export interface NamedAttachment extends Attachment {
  requirementNameIt: string;
  requirementNameEn: string;
}
