// The notifications of the request lifecycle, in the applicant's language (Italian for offices).
import type { SuapRequest } from '#shared/api/requests.ts';
import type { Language } from '#shared/constants.ts';
import { PraticaState } from '#shared/pratica.ts';
import { formatCalendarDay } from '#shared/dates.ts';
import { STARTUP_MOUNT } from '#shared/startup-paths.ts';
import { activityAddressLine } from '#shared/api/activity-address.ts';
import type { NamedAttachment } from '#shared/document-display.ts';
import { formatFileSize } from '#shared/file-size.ts';
import { DOCUMENT_TEXT, signatureLine } from '../pdf/document-texts.ts';
import { PRATICA_MESSAGES, type MessageFacts, type PraticaMessageCase } from './pratica-message-texts.ts';

export interface OutgoingMessage {
  kind: 'receipt' | 'office-new-request' | 'draft-expiry-warning' | 'pratica-conclusion' | 'pratica-request';
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

/** The change a pratica message tells of: the machine's event, the state it led to and the office's note (decide()'s history entry). */
export interface PraticaChange {
  event: string;
  to: number;
  note: string | null;
}

/** Which message a change calls for, or null when the applicant hears nothing of it. */
function messageCase(change: PraticaChange, request: SuapRequest): PraticaMessageCase | null {
  switch (change.to) {
    case PraticaState.ACCEPTED:
      return change.event === 'SEND' ? 'accepted-on-receipt' : 'accepted';
    case PraticaState.REJECTED:
      return 'rejected';
    case PraticaState.REFUSED:
      return 'refused';
    case PraticaState.INTEGRATION_EXPIRED:
      return 'integration-expired';
    case PraticaState.SUSPENDED:
      return 'suspended';
    case PraticaState.CONFORMATION_ORDERED:
      return 'conformation-ordered';
    case PraticaState.TIME_EXPIRED:
      return request.pratica?.regime === 'SCIA' ? 'time-expired-scia' : 'time-expired-consent';
    case PraticaState.WITHDRAWN:
      return 'withdrawn';
    case PraticaState.CORRECTION_REQUESTED:
      return change.event === 'REQUEST_CORRECTION' ? 'correction-requested' : null;
    case PraticaState.INTEGRATION_REQUESTED:
      return change.event === 'REQUEST_INTEGRATION' ? 'integration-requested' : null;
    default:
      return null;
  }
}

/**
 * The applicant's e-mail after a change of their pratica (docs/architecture.md "The pratica's
 * lifecycle"): each conclusion (accepted, also on receipt for a COMUNICAZIONE; rejected; refused;
 * closed for an integration overdue; suspended; ordered to conform; concluded by elapsed time, as a
 * SCIA that stands or a silent consent; withdrawn) and each request of the office (a correction, an
 * integration with the day its answer is due), with what the office wrote. `request` is the pratica
 * after the change; `language` the applicant's (the one the draft was created in), null for both.
 * Null when the change tells the applicant nothing (taking in charge, an assignment, a proposal, a
 * term that only flags the pratica late, an answer) or there is no address to write to.
 */
export function praticaMessageForApplicant(
  request: SuapRequest,
  change: PraticaChange,
  portalUrl: string,
  language: Language | null = null,
): OutgoingMessage | null {
  const to = request.procedureNotification?.value;
  const chosen = messageCase(change, request);
  if (!to || !chosen) return null;
  const pratica = request.pratica;
  const facts = (lang: Language): MessageFacts => ({
    id: request.requestId,
    activity: (lang === 'en' ? request.iniziative?.activityEn : request.iniziative?.activityIt) ?? '',
    office: request.suap?.name ?? '',
    receivedOn: formatCalendarDay(pratica?.receivedOn),
    concludedOn: formatCalendarDay(pratica?.concludedOn),
    integrationDueOn: formatCalendarDay(pratica?.integrationDueOn),
    proceedingDays: pratica?.times.proceedingDays ?? 0,
    note: change.note,
    pec: request.suap?.pec ?? null,
  });
  const link = `${portalUrl}/private-area/request-details?requestId=${request.requestId}`;
  const parts = (language ? [language] : (['it', 'en'] as const)).map((lang) => {
    const text = PRATICA_MESSAGES[lang][chosen];
    const f = facts(lang);
    const greeting = lang === 'it' ? `Gentile ${request.user.firstName} ${request.user.lastName},` : `Dear ${request.user.firstName} ${request.user.lastName},`;
    const details = lang === 'it' ? `Dettagli e storico della pratica: ${link}` : `The pratica's details and history: ${link}&lang=en`;
    return { subject: text.subject(f), text: [greeting, ...text.body(f), details].join('\n') };
  });
  return {
    kind: change.to === PraticaState.CORRECTION_REQUESTED || change.to === PraticaState.INTEGRATION_REQUESTED ? 'pratica-request' : 'pratica-conclusion',
    to,
    subject: parts.map((part) => part.subject).join(' / '),
    text: parts.map((part) => part.text).join('\n\n'),
  };
}
