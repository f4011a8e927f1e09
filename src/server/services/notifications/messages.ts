// The notifications of the request lifecycle, in the applicant's language (Italian for offices).
import type { SuapRequest } from '#shared/api/requests.ts';
import { formatCalendarDay } from '#shared/dates.ts';
import { STARTUP_MOUNT } from '#shared/startup-paths.ts';
import { activityAddressLine } from '#shared/api/activity-address.ts';
import type { NamedAttachment } from '#shared/document-display.ts';
import { formatFileSize } from '#shared/file-size.ts';
import { DOCUMENT_TEXT, signatureLine } from '../pdf/document-texts.ts';

export interface OutgoingMessage {
  kind: 'receipt' | 'office-new-request' | 'decision' | 'draft-expiry-warning';
  to: string;
  subject: string;
  text: string;
  /** `content` null: rendered later, before delivery (office-recap.ts). */
  attachment?: { name: string; content: Buffer | null };
}

function activity(request: SuapRequest): string {
  return request.iniziative?.activityIt ?? '';
}

/** Where the business will be: its address in the municipality of the activity ("Via Roma 12, 00019 Tivoli (RM)"). */
function place(request: SuapRequest): string {
  const municipality = request.municipality;
  const name = municipality ? `${municipality.nameIt} (${municipality.province.code})` : null;
  return activityAddressLine(request.personalData?.activityAddress, name);
}

export function receiptForApplicant(request: SuapRequest, portalUrl: string): OutgoingMessage | null {
  const to = request.procedureNotification?.value;
  if (!to) return null;
  return {
    kind: 'receipt',
    to,
    subject: `Richiesta n. ${request.requestId} inviata / Request no. ${request.requestId} sent`,
    text: [
      `Gentile ${request.user.firstName} ${request.user.lastName},`,
      `la sua richiesta n. ${request.requestId} (${activity(request)}) è stata inviata a ${request.suap?.name ?? ''}.`,
      `Sede dell'attività: ${place(request)}.`,
      `Può seguirne lo stato nella sua area personale: ${portalUrl}/private-area`,
      '',
      `Dear ${request.user.firstName} ${request.user.lastName},`,
      `your request no. ${request.requestId} (${request.iniziative?.activityEn ?? ''}) has been sent to ${request.suap?.name ?? ''}.`,
      `Business address: ${place(request)}.`,
      `You can follow it in your private area: ${portalUrl}/private-area?lang=en`,
    ].join('\n'),
  };
}

/**
 * The documents sent with the request, as the office's e-mail lists them (docs/architecture.md
 * "Where documents are shown"): each one's requirement, file, size, full SHA-256 and signature; the
 * files themselves stay on the portal, where the desk downloads them and checks them against the hash.
 */
function documentList(documents: readonly NamedAttachment[]): string[] {
  const t = DOCUMENT_TEXT.it;
  if (documents.length === 0) return [t.none];
  return [
    `${t.heading} (${documents.length}), da scaricare dalla scrivania del portale:`,
    ...documents.flatMap((document, index) => [
      `${index + 1}. ${document.requirementNameIt}: ${document.fileName} (${formatFileSize(document.size, 'it')})`,
      `   ${t.hash}: ${document.hash}`,
      `   ${t.signature}: ${signatureLine(document.signature, 'it')}`,
    ]),
  ];
}

export function noticeForOffice(
  request: SuapRequest,
  recap: { name: string; content: Buffer | null },
  documents: readonly NamedAttachment[] = [],
): OutgoingMessage | null {
  if (!request.suap?.pec) return null;
  return {
    kind: 'office-new-request',
    to: request.suap.pec,
    subject: `Nuova richiesta n. ${request.requestId}: ${activity(request)}`,
    text: [
      `È pervenuta la richiesta n. ${request.requestId} di ${request.user.firstName} ${request.user.lastName}`,
      `per l'iniziativa "${activity(request)}" (${request.iniziative?.code ?? ''}).`,
      `Sede dell'attività: ${place(request)}.`,
      'Il riepilogo è allegato in PDF.',
      '',
      ...documentList(documents),
    ].join('\n'),
    attachment: recap,
  };
}

export function decisionForApplicant(request: SuapRequest, portalUrl: string): OutgoingMessage | null {
  const to = request.procedureNotification?.value;
  if (!to) return null;
  const accepted = request.stateOfRequest.stateOfRequestId === 4;
  return {
    kind: 'decision',
    to,
    subject: accepted
      ? `Richiesta n. ${request.requestId} accettata / Request no. ${request.requestId} accepted`
      : `Richiesta n. ${request.requestId} rifiutata / Request no. ${request.requestId} rejected`,
    text: [
      `La richiesta n. ${request.requestId} è stata ${accepted ? 'accettata' : 'rifiutata'}. Motivazione: ${request.decisionReason ?? ''}`,
      `Dettagli: ${portalUrl}/private-area`,
      '',
      `Request no. ${request.requestId} has been ${accepted ? 'accepted' : 'rejected'}. Reason: ${request.decisionReason ?? ''}`,
      `Details: ${portalUrl}/private-area?lang=en`,
    ].join('\n'),
  };
}

/** A draft about to reach its storage limit, as the warning job reads it (retention.ts). */
export interface ExpiringDraft {
  requestId: number;
  /** The last day it is kept (YYYY-MM-DD). */
  storageLimit: string;
  /** The language it was created in; null (older drafts) writes both. */
  language: 'it' | 'en' | null;
  to: string;
  firstName: string;
  lastName: string;
}

/**
 * The warning before a draft is deleted: its last day and its link, which opens it in the wizard
 * (any change keeps it for another `retentionDays` days).
 */
export function draftExpiryWarning(draft: ExpiringDraft, portalUrl: string, retentionDays: number): OutgoingMessage {
  const link = `${portalUrl}${STARTUP_MOUNT}?requestId=${draft.requestId}`;
  const day = formatCalendarDay(draft.storageLimit);
  const it = {
    subject: `La bozza n. ${draft.requestId} sarà eliminata dopo il ${day}`,
    text: [
      `Gentile ${draft.firstName} ${draft.lastName},`,
      `la bozza della sua richiesta n. ${draft.requestId} è conservata fino al ${day}; dopo sarà eliminata con i dati che contiene.`,
      `Per conservarla altri ${retentionDays} giorni basta aprirla e salvarla: ${link}`,
    ],
  };
  const en = {
    subject: `Draft no. ${draft.requestId} will be deleted after ${day}`,
    text: [
      `Dear ${draft.firstName} ${draft.lastName},`,
      `the draft of your request no. ${draft.requestId} is kept until ${day}; after that it is deleted with the data it holds.`,
      `To keep it for another ${retentionDays} days, open it and save it: ${link}&lang=en`,
    ],
  };
  const chosen = draft.language === 'it' ? [it] : draft.language === 'en' ? [en] : [it, en];
  return {
    kind: 'draft-expiry-warning',
    to: draft.to,
    subject: chosen.map((part) => part.subject).join(' / '),
    text: chosen.map((part) => part.text.join('\n')).join('\n\n'),
  };
}
