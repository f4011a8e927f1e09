// The PDF recap's file name (spec §7 getPdfRecap): the server's Content-Disposition, the e-mail
// attachment, the browser's fallback when no name arrives, and the mocks all use this one rule.
import type { Language } from './constants.ts';

const RECAP_FILE_STEM: Record<Language, string> = { it: 'riepilogo-richiesta', en: 'request-recap' };

export function recapFileName(requestId: number, language: Language): string {
  return `${RECAP_FILE_STEM[language]}-${requestId}.pdf`;
}

/** A safe Content-Disposition for a download named `name` (RFC 6266, UTF-8 name for clients that read it). */
export function attachmentDisposition(name: string): string {
  return `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
