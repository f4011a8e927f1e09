// Who the business is (docs/architecture.md "Who the business is"): a sole trader (ditta individuale)
// or a company, what the personal-data step records of it, and the rules the form (yup,
// src/shared/validation/business-form.ts), the server's schema and rules and the msw mocks share.
// The VAT number stays the request's `partitaIva` (spec §3), checked by src/shared/vat-number.ts.
import { isVatNumber } from './vat-number.ts';

export const BUSINESS_KINDS = ['sole-trader', 'company'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

/**
 * The legal forms of Italian companies the step offers (Codice civile, book V): società a
 * responsabilità limitata (and its simplified form), per azioni, in accomandita per azioni, in
 * accomandita semplice, in nome collettivo, semplice, cooperativa, consorzio.
 */
export const LEGAL_FORMS = ['srl', 'srls', 'spa', 'sapa', 'sas', 'snc', 'ss', 'coop', 'consorzio'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

/** The applicant's role: the business's legal representative (or the sole trader themself), or an intermediary acting for it. */
export const APPLICANT_ROLES = ['legal-representative', 'intermediary'] as const;
export type ApplicantRole = (typeof APPLICANT_ROLES)[number];

/** How the server settled, at send, that the applicant represents the company. */
export const LEGAL_REP_OUTCOMES = ['verified', 'declared'] as const;
export type LegalRepOutcome = (typeof LEGAL_REP_OUTCOMES)[number];

export const BusinessPatterns = {
  /** An ATECO 2025 activity code in its six-digit form, `NN.NN.NN` (56.10.11): the form is checked, no list of codes. */
  atecoCode: /^[0-9]{2}\.[0-9]{2}\.[0-9]{2}$/,
  /**
   * A company's name as the business register writes it: letters of any script, digits, spaces and
   * the punctuation of real names (`Caffè Bianchi S.r.l.`, `B&B Rossi`, `Bar “Il Sole” s.n.c.`,
   * `Rossi + Figli`). No control character, no markup.
   */
  companyName: /^[\p{L}\p{N} .,'’&+/()"“”«»-]*$/u,
} as const;

export const COMPANY_NAME_MAX = 200;

/**
 * The business on a request (inside `personalData`, as the applicant typed it; its JSON Schema is
 * `BusinessSchema`, src/shared/api/business.ts). A company needs its name, legal form, PEC address
 * and VAT number (`partitaIva`, with its check digit); a sole trader only the activity code and
 * role. Cross-field rules are `businessRuleBroken`'s.
 */
export interface Business {
  kind: BusinessKind;
  name?: string | null;
  legalForm?: LegalForm | null;
  pec?: string | null;
  atecoCode: string;
  role: ApplicantRole;
}

/** A rule the business and its VAT number break: the body field at fault and why (the server's 400). */
export interface BusinessRuleBroken {
  field: string;
  description: string;
}

/** The cross-field rules the schema cannot say; null when the business and its VAT number hold. */
export function businessRuleBroken(business: Business | null | undefined, partitaIva: string | null | undefined): BusinessRuleBroken | null {
  if (partitaIva && !isVatNumber(partitaIva)) return { field: 'partitaIva', description: 'not a VAT number: its check digit is wrong.' };
  if (!business || business.kind !== 'company') return null;
  if (!business.name?.trim()) return { field: 'personalData.business.name', description: "a company's name is required." };
  if (!business.legalForm) return { field: 'personalData.business.legalForm', description: "a company's legal form is required." };
  if (!business.pec) return { field: 'personalData.business.pec', description: "a company's PEC address is required." };
  if (!partitaIva) return { field: 'partitaIva', description: "a company's VAT number is required." };
  return null;
}

/** Whether the draft says who the business is, completely: the personal-data step's re-check (spec §4) requires it. */
export function isBusinessComplete(business: Business | null | undefined, partitaIva: string | null | undefined): boolean {
  return Boolean(business?.kind && business.role && business.atecoCode) && businessRuleBroken(business, partitaIva) === null;
}

/** Whether the applicant must pass spec §7's check-legal-rep before sending: a company's legal representative. */
export function needsLegalRepCheck(business: Business | null | undefined): boolean {
  return business?.kind === 'company' && business.role === 'legal-representative';
}
