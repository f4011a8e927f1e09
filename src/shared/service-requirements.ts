// What an applicant needs for the startup service (spec §2: the service page's list of
// released-document requirements). One source for the service page and for the downloadable
// "initiatives and requirements" PDF, so the two never say different things.
import type { Language } from './constants.ts';

export interface RequirementsText {
  title: string;
  intro: string;
  items: string[];
}

export const SERVICE_REQUIREMENTS: Record<Language, RequirementsText> = {
  it: {
    title: 'Requisiti per il rilascio del documento',
    intro: 'Lo sportello può prendere in carico la richiesta e rilasciarne la ricevuta se:',
    items: [
      'hai un’identità digitale valida: SPID, Carta d’Identità Elettronica (CIE) o, se sei cittadino di un altro Paese dell’Unione europea, un’identità eIDAS;',
      'il tuo codice fiscale è noto: arriva dall’identità digitale o, per chi accede con eIDAS, viene confermato con il controllo dell’identità;',
      'indichi un indirizzo e-mail o di posta elettronica certificata (PEC) a cui lo sportello invierà le comunicazioni;',
      'scegli il comune in cui si svolgerà l’attività e lo sportello SUAP competente;',
      'scegli l’iniziativa, cioè il tipo di attività che vuoi avviare;',
      'inserisci i tuoi dati anagrafici e di residenza e, se l’impresa ne ha già una, la partita IVA;',
      'se agisci per conto di un’impresa, ne sei il legale rappresentante.',
    ],
  },
  en: {
    title: 'Requirements for the document to be issued',
    intro: 'The office can take charge of the request and issue its receipt if:',
    items: [
      'you have a valid digital identity: SPID, the Electronic Identity Card (CIE) or, if you are a citizen of another European Union country, an eIDAS identity;',
      'your Italian fiscal code is known: it comes with your digital identity or, if you log in with eIDAS, it is confirmed by the identity check;',
      'you give an e-mail or certified e-mail (PEC) address where the office will send its notices;',
      'you choose the municipality where the business will operate and the competent one-stop shop (SUAP);',
      'you choose the initiative, that is the kind of activity you want to start;',
      'you enter your personal and residence details and, if the business already has one, its VAT number;',
      'if you act on behalf of a company, you are its legal representative.',
    ],
  },
};
