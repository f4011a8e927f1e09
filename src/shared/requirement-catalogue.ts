// The default catalogue of documents (docs/architecture.md "What each initiative needs"): the kinds
// of document a SUAP request carries, in Italian and English, and the sets of them initiatives ask
// for. The seed fills a new installation's catalogue from it (src/server/db/seed/data/requirements.ts
// picks the sets by the initiative's type and area) and the service page describes it; the
// installation's own catalogue (its database) is what a request is checked against.
// Every text must match Patterns.extendedText, like the initiatives'.
import type { Requirement } from './api/attachments.ts';
import { DocumentLimits, type DocumentType, type RequirementCondition } from './documents.ts';

export interface RequirementKind {
  code: string;
  nameIt: string;
  nameEn: string;
  descriptionIt: string;
  descriptionEn: string;
  acceptedTypes: DocumentType[];
  maxBytes: number;
  maxFiles: number;
  signatureRequired: boolean;
}

const MB = 1024 * 1024;

/** The catalogue, in its order (`position`): the order lists show within required and optional ones. */
export const REQUIREMENT_KINDS: readonly RequirementKind[] = [
  {
    code: 'SCIA_FORM',
    nameIt: 'Modulo SCIA / istanza',
    nameEn: 'SCIA form / application',
    descriptionIt: "Il modulo della segnalazione o dell'istanza, compilato e firmato digitalmente dal richiedente.",
    descriptionEn: 'The notification or application form, filled in and digitally signed by the applicant.',
    acceptedTypes: ['pdf', 'p7m'],
    maxBytes: DocumentLimits.fileBytes,
    maxFiles: 1,
    signatureRequired: true,
  },
  {
    code: 'FLOOR_PLAN',
    nameIt: 'Planimetria dei locali',
    nameEn: 'Floor plan of the premises',
    descriptionIt: "La planimetria in scala dei locali, redatta da un tecnico abilitato, con superfici e destinazione d'uso.",
    descriptionEn: 'A scale plan of the premises drawn up by a qualified technician, with floor areas and intended use.',
    acceptedTypes: ['pdf', 'jpeg', 'png'],
    maxBytes: DocumentLimits.fileBytes,
    maxFiles: 3,
    signatureRequired: false,
  },
  {
    code: 'SANITARY_NOTIFICATION',
    nameIt: 'Notifica sanitaria (Reg. CE 852/2004)',
    nameEn: 'Food business notification (Reg. EC 852/2004)',
    descriptionIt: "La notifica per la registrazione dell'impresa alimentare presso l'azienda sanitaria locale.",
    descriptionEn: 'The notification registering the food business with the local health authority.',
    acceptedTypes: ['pdf', 'p7m'],
    maxBytes: DocumentLimits.fileBytes,
    maxFiles: 1,
    signatureRequired: false,
  },
  {
    code: 'POWER_OF_ATTORNEY',
    nameIt: 'Procura speciale',
    nameEn: 'Special power of attorney',
    descriptionIt: "La procura con cui l'impresa incarica l'intermediario di presentare la pratica, firmata digitalmente da chi la conferisce.",
    descriptionEn: 'The power of attorney by which the business appoints the intermediary to file the request, digitally signed by whoever grants it.',
    acceptedTypes: ['pdf', 'p7m'],
    maxBytes: DocumentLimits.fileBytes,
    maxFiles: 1,
    signatureRequired: true,
  },
  {
    code: 'FEES_RECEIPT',
    nameIt: 'Ricevuta del pagamento dei diritti',
    nameEn: 'Receipt of the fees paid',
    descriptionIt: 'La ricevuta del versamento dei diritti di istruttoria dovuti allo sportello, dove previsti (pagoPA).',
    descriptionEn: 'The receipt of the processing fees due to the office, where they apply (pagoPA).',
    acceptedTypes: ['pdf', 'jpeg', 'png'],
    // A receipt is one page: a smaller ceiling than a plan's.
    maxBytes: 5 * MB,
    maxFiles: 1,
    signatureRequired: false,
  },
];

/** One document of a set: required, optional, or required when a condition holds. */
export interface RequirementInSet {
  code: string;
  required: boolean;
  requiredWhen: RequirementCondition | null;
}

/**
 * The sets initiatives combine: every start or change asks for the form, the power of attorney
 * when an intermediary files and, optionally, the fees' receipt; activities in premises add the
 * floor plan, food businesses the sanitary notification; a closure asks only for the form.
 */
export const REQUIREMENT_SETS = {
  base: [
    { code: 'SCIA_FORM', required: true, requiredWhen: null },
    { code: 'POWER_OF_ATTORNEY', required: false, requiredWhen: 'intermediary' },
    { code: 'FEES_RECEIPT', required: false, requiredWhen: null },
  ],
  premises: [{ code: 'FLOOR_PLAN', required: true, requiredWhen: null }],
  food: [{ code: 'SANITARY_NOTIFICATION', required: true, requiredWhen: null }],
  closure: [{ code: 'SCIA_FORM', required: true, requiredWhen: null }],
} as const satisfies Record<string, readonly RequirementInSet[]>;
export type RequirementSetId = keyof typeof REQUIREMENT_SETS;

/** The documents of the given sets as the API gives them (Requirement): required ones first, each in the catalogue's order. */
export function requirementsOfSets(sets: readonly RequirementSetId[]): Requirement[] {
  const chosen = new Map<string, RequirementInSet>();
  for (const set of sets) for (const entry of REQUIREMENT_SETS[set]) if (!chosen.has(entry.code)) chosen.set(entry.code, entry);
  return REQUIREMENT_KINDS.flatMap((kind) => {
    const entry = chosen.get(kind.code);
    if (!entry) return [];
    const { code, ...rest } = kind;
    return [{ requirementCode: code, ...rest, required: entry.required, requiredWhen: entry.requiredWhen }];
  }).sort((a, b) => Number(b.required) - Number(a.required));
}
