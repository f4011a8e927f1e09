// What a document's signature says, in the language on screen (docs/architecture.md "Where
// documents are shown"): the same sentence the PDF recap writes, from the same shared rule
// (src/shared/document-display.ts), worded by the locales.
import type { SignatureReport } from '#shared/api/attachments.ts';
import { signatureStatus, signerList } from '#shared/document-display.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** "Firmato CAdES da Mario Rossi (richiedente), firma integra; certificato non verificato sulla lista di fiducia UE", or "Non firmato". */
export function signatureSummary(t: Translate, signature: SignatureReport | null): string {
  const status = signatureStatus(signature);
  if (!signature || status === 'unsigned') return t('shown-docs.unsigned');
  const signers = signerList(signature.signers, t('shown-docs.applicant'), t('shown-docs.and'));
  const who = t('shown-docs.signed-by', { format: signature.format, signers }).trim();
  return `${who}, ${t(status === 'intact' ? 'shown-docs.intact' : 'shown-docs.broken')}; ${t(signature.chainChecked ? 'shown-docs.chain-checked' : 'shown-docs.chain-unchecked')}`;
}
