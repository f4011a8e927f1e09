// Who the business is, in the PDF recap (docs/architecture.md "Who the business is"), in the
// recap's language: the business's rows and the legal representative's check as recorded at send
// ("declared, not verified" where no register was configured), as the details pages show them.
import type { SuapRequest } from '#shared/api/requests.ts';
import { needsLegalRepCheck, type LegalForm } from '#shared/business.ts';
import type { Language } from '#shared/constants.ts';

const TEXT = {
  it: {
    heading: "Chi è l'impresa",
    kind: "Forma dell'impresa",
    soleTrader: 'Ditta individuale',
    company: 'Società',
    name: 'Denominazione',
    legalForm: 'Forma giuridica',
    pec: 'PEC della società',
    partitaIva: 'Partita IVA',
    atecoCode: 'Codice ATECO 2025',
    role: 'Il richiedente è',
    legalRep: 'legale rappresentante',
    owner: 'titolare della ditta',
    intermediary: "intermediario che agisce per l'impresa",
    check: 'Verifica del legale rappresentante',
    verified: 'verificato nel registro delle imprese',
    declared: 'dichiarato, non verificato (DPR 445/2000)',
    pending: "da verificare all'invio",
    notRequired: 'nessuna verifica richiesta',
  },
  en: {
    heading: 'Who the business is',
    kind: 'Kind of business',
    soleTrader: 'Sole trader (ditta individuale)',
    company: 'Company',
    name: 'Company name',
    legalForm: 'Legal form',
    pec: "Company's PEC",
    partitaIva: 'VAT number',
    atecoCode: 'ATECO 2025 code',
    role: 'The applicant is',
    legalRep: 'the legal representative',
    owner: 'the sole trader',
    intermediary: 'an intermediary acting for the business',
    check: 'Legal-representative check',
    verified: 'verified in the business register',
    declared: 'declared, not verified (DPR 445/2000)',
    pending: 'to be checked when sent',
    notRequired: 'no check required',
  },
} as const;

/** The legal forms as the recap writes them (the abbreviations every Italian office reads). */
const LEGAL_FORM_NAMES: Record<LegalForm, string> = {
  srl: 'S.r.l.',
  srls: 'S.r.l.s.',
  spa: 'S.p.A.',
  sapa: 'S.a.p.A.',
  sas: 'S.a.s.',
  snc: 'S.n.c.',
  ss: 'S.s.',
  coop: 'Società cooperativa',
  consorzio: 'Consorzio',
};

/** The section's heading and rows (label, value); with no business named, the VAT number alone. */
export function businessRecap(request: SuapRequest, language: Language): { heading: string; rows: [string, string | null | undefined][] } {
  const t = TEXT[language];
  const business = request.personalData?.business;
  if (!business) return { heading: t.heading, rows: [[t.partitaIva, request.partitaIva]] };
  const company = business.kind === 'company';
  const check = !needsLegalRepCheck(business)
    ? t.notRequired
    : request.legalRepCheck === 'verified'
      ? t.verified
      : request.legalRepCheck === 'declared'
        ? t.declared
        : t.pending;
  return {
    heading: t.heading,
    rows: [
      [t.kind, company ? t.company : t.soleTrader],
      ...(company
        ? ([
            [t.name, business.name],
            [t.legalForm, business.legalForm ? LEGAL_FORM_NAMES[business.legalForm] : null],
            [t.pec, business.pec],
          ] as [string, string | null | undefined][])
        : []),
      [t.partitaIva, request.partitaIva],
      [t.atecoCode, business.atecoCode],
      [t.role, business.role === 'intermediary' ? t.intermediary : company ? t.legalRep : t.owner],
      [t.check, check],
    ],
  };
}
