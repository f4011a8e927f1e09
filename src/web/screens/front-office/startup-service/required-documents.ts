// The service page's documents to attach (docs/architecture.md "What each initiative needs"): how it
// names the default catalogue's sets (src/shared/requirement-catalogue.ts) and each document's need,
// in Italian and English. The wizard lists the exact documents of the chosen initiative.
import type { DocumentType } from '#shared/documents.ts';
import type { RequirementSetId } from '#shared/requirement-catalogue.ts';
import type { Localized } from '../content/article.ts';

export interface RequiredDocumentsText {
  title: string;
  intro: string;
  groups: Record<RequirementSetId, string>;
  required: string;
  whenIntermediary: string;
  optional: string;
  formats: (types: string, size: string) => string;
  files: (count: number) => string;
  signature: string;
}

/** The order the page shows the sets in. */
export const GROUP_ORDER: readonly RequirementSetId[] = ['base', 'premises', 'food', 'closure'];

/** How a kind of file is named to people (P7M: a CAdES signed envelope). */
export const TYPE_LABELS: Readonly<Record<DocumentType, string>> = { pdf: 'PDF', p7m: 'P7M', xml: 'XML', jpeg: 'JPEG', png: 'PNG' };

export const REQUIRED_DOCUMENTS: Localized<RequiredDocumentsText> = {
  it: {
    title: 'Documenti da allegare',
    intro:
      'Alla richiesta si allegano i documenti che chiede l’iniziativa scelta: la procedura li elenca uno per uno. Lo sportello può chiederne altri; di norma servono:',
    groups: {
      base: 'Per ogni avvio o modifica di attività',
      premises: 'Se l’attività si svolge in locali: commercio, somministrazione, servizi alla persona, ricettività, artigianato, sanità',
      food: 'Per le imprese alimentari: bar, ristoranti, laboratori e negozi di alimenti',
      closure: 'Per la cessazione di un’attività',
    },
    required: 'obbligatorio',
    whenIntermediary: 'obbligatorio se presenti la richiesta per conto dell’impresa (intermediario)',
    optional: 'facoltativo',
    formats: (types, size) => `formati ${types}, fino a ${size}`,
    files: (count) => (count === 1 ? 'un file' : `fino a ${count} file`),
    signature: 'con firma digitale',
  },
  en: {
    title: 'Documents to attach',
    intro: 'The request carries the documents its initiative asks for: the wizard lists each one. The office may ask for others; as a rule you need:',
    groups: {
      base: 'For every start or change of a business',
      premises: 'If the business works from premises: trade, food service, personal services, accommodation, crafts, health',
      food: 'For food businesses: bars, restaurants, food workshops and shops',
      closure: 'To close a business',
    },
    required: 'required',
    whenIntermediary: 'required when you file for the business (intermediary)',
    optional: 'optional',
    formats: (types, size) => `formats ${types}, up to ${size}`,
    files: (count) => (count === 1 ? 'one file' : `up to ${count} files`),
    signature: 'digitally signed',
  },
};
