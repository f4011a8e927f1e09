// The startup service sheet ("scheda servizio", Designers Italia): what it is, who it is for, how
// to do it, what you need, what you get, phases and deadlines, documents, contacts.
import type { Localized, Section } from '../content/article.ts';

export interface TimelineStep {
  title: string;
  text: string;
}

export interface ServiceSheet {
  lead: string;
  whatItIs: Section;
  whoFor: Section;
  howTo: Section & { steps: readonly TimelineStep[] };
  whatYouNeed: Omit<Section, 'blocks'>;
  whatYouGet: Section;
  deadlines: Section;
  documents: Section;
  contacts: Section;
}

export const SERVICE_SHEET: Localized<ServiceSheet> = {
  it: {
    lead: 'Con questo servizio cittadini e imprese chiedono online allo Sportello Unico per le Attività Produttive (SUAP) competente l’avvio di una nuova attività d’impresa, senza recarsi allo sportello.',
    whatItIs: {
      id: 'cos-e',
      title: 'Cos’è',
      blocks: [
        {
          kind: 'p',
          text: 'Il servizio startup è la richiesta di avvio di una nuova attività produttiva presentata al SUAP del comune in cui l’attività si svolgerà.',
        },
        {
          kind: 'p',
          text: 'Lo sportello è l’unico interlocutore per l’impresa: riceve la richiesta online e risponde anche per conto delle altre amministrazioni coinvolte, come previsto dal DPR 7 settembre 2010, n. 160.',
        },
      ],
    },
    whoFor: {
      id: 'a-chi-si-rivolge',
      title: 'A chi si rivolge',
      blocks: [
        { kind: 'p', text: 'Il servizio si rivolge a:' },
        {
          kind: 'ul',
          items: [
            'cittadini che vogliono avviare un’attività come imprenditori individuali;',
            'legali rappresentanti di imprese che avviano una nuova attività o una nuova sede;',
            'cittadini di altri Paesi dell’Unione europea, che accedono con la propria identità digitale eIDAS.',
          ],
        },
      ],
    },
    howTo: {
      id: 'come-fare',
      title: 'Come fare',
      blocks: [
        {
          kind: 'p',
          text: 'La richiesta si compila in quattro fasi. Puoi interromperla in qualsiasi momento: la bozza resta salvata e la riprendi quando vuoi, anche da un altro dispositivo.',
        },
      ],
      steps: [
        { title: 'Accedi', text: 'Entra con SPID, CIE o eIDAS dal pulsante di accesso di questa pagina.' },
        { title: 'Scegli sportello e iniziativa', text: 'Indica dove si svolgerà l’attività, lo sportello competente e il tipo di iniziativa.' },
        {
          title: 'Completa i dati',
          text: 'Inserisci il recapito per le comunicazioni e verifica i dati anagrafici, già compilati dalla tua identità digitale.',
        },
        { title: 'Controlla e invia', text: 'Rileggi il riepilogo e invia la richiesta: ricevi una conferma e segui lo stato nella tua area personale.' },
      ],
    },
    whatYouNeed: { id: 'cosa-serve', title: 'Cosa serve' },
    whatYouGet: {
      id: 'cosa-si-ottiene',
      title: 'Cosa si ottiene',
      blocks: [
        {
          kind: 'ul',
          items: [
            'la richiesta inviata allo sportello competente, con un numero che la identifica;',
            'una comunicazione all’indirizzo e-mail o PEC che hai indicato, a ogni cambio di stato;',
            'il riepilogo della richiesta in PDF, scaricabile dalla tua area personale;',
            'la decisione dello sportello (richiesta accettata o rifiutata, con la motivazione).',
          ],
        },
      ],
    },
    deadlines: {
      id: 'tempi-e-scadenze',
      title: 'Tempi e scadenze',
      blocks: [
        {
          kind: 'p',
          text: 'La bozza di una richiesta non inviata è conservata per {days} giorni dall’ultima modifica; poi viene eliminata. Lo sportello può prorogare questo termine.',
        },
        {
          kind: 'p',
          text: 'Dopo l’invio, lo sportello esamina la richiesta nei tempi previsti dalla normativa per il tipo di iniziativa scelta e ti comunica l’esito.',
        },
      ],
    },
    documents: {
      id: 'documenti',
      title: 'Documenti',
      blocks: [{ kind: 'p', text: 'Documenti informativi, generati dal portale nella lingua della pagina.' }],
    },
    contacts: {
      id: 'contatti',
      title: 'Contatti',
      blocks: [
        {
          kind: 'p',
          text: 'Il servizio è erogato da {administration}. L’indirizzo di posta elettronica certificata di ogni sportello è indicato quando lo scegli e nel riepilogo della richiesta.',
        },
        { kind: 'link', text: 'Assistenza: come ottenere aiuto', to: '/help-page' },
      ],
    },
  },
  en: {
    lead: 'With this service citizens and businesses apply online to the competent One-Stop Shop for Business Activities (SUAP) to start a new business activity, without going to the office.',
    whatItIs: {
      id: 'cos-e',
      title: 'What it is',
      blocks: [
        {
          kind: 'p',
          text: 'The startup service is the application to start a new business activity, sent to the one-stop shop (SUAP) of the municipality where the activity will take place.',
        },
        {
          kind: 'p',
          text: 'The office is the business’s single point of contact: it receives the application online and answers also on behalf of the other administrations involved, as Presidential Decree no. 160 of 7 September 2010 provides.',
        },
      ],
    },
    whoFor: {
      id: 'a-chi-si-rivolge',
      title: 'Who it is for',
      blocks: [
        { kind: 'p', text: 'The service is for:' },
        {
          kind: 'ul',
          items: [
            'citizens who want to start an activity as sole traders;',
            'legal representatives of companies starting a new activity or new premises;',
            'citizens of other European Union countries, who log in with their eIDAS digital identity.',
          ],
        },
      ],
    },
    howTo: {
      id: 'come-fare',
      title: 'How to do it',
      blocks: [
        {
          kind: 'p',
          text: 'The application is filled in four phases. You can stop at any time: the draft stays saved and you pick it up again whenever you like, even from another device.',
        },
      ],
      steps: [
        { title: 'Log in', text: 'Log in with SPID, CIE or eIDAS using the login button on this page.' },
        { title: 'Choose office and initiative', text: 'Say where the activity will take place, the competent office and the kind of initiative.' },
        {
          title: 'Complete your details',
          text: 'Enter the contact address for notices and check your personal data, already filled in from your digital identity.',
        },
        { title: 'Check and send', text: 'Read the summary and send the application: you get a confirmation and follow its status in your personal area.' },
      ],
    },
    whatYouNeed: { id: 'cosa-serve', title: 'What you need' },
    whatYouGet: {
      id: 'cosa-si-ottiene',
      title: 'What you get',
      blocks: [
        {
          kind: 'ul',
          items: [
            'your application sent to the competent office, with a number that identifies it;',
            'a notice at the e-mail or PEC address you gave, at every change of status;',
            'the application summary as a PDF, which you can download from your personal area;',
            'the office’s decision (application accepted or rejected, with the reason).',
          ],
        },
      ],
    },
    deadlines: {
      id: 'tempi-e-scadenze',
      title: 'Phases and deadlines',
      blocks: [
        {
          kind: 'p',
          text: 'The draft of an application not yet sent is kept for {days} days after its last change; then it is deleted. The office can extend this term.',
        },
        {
          kind: 'p',
          text: 'Once it is sent, the office examines the application within the time the rules set for the chosen initiative and tells you the outcome.',
        },
      ],
    },
    documents: {
      id: 'documenti',
      title: 'Documents',
      blocks: [{ kind: 'p', text: 'Informative documents, generated by the portal in the language of this page.' }],
    },
    contacts: {
      id: 'contatti',
      title: 'Contacts',
      blocks: [
        {
          kind: 'p',
          text: 'The service is provided by {administration}. Each office’s certified e-mail (PEC) address is shown when you choose it and in the application summary.',
        },
        { kind: 'link', text: 'Support: how to get help', to: '/help-page' },
      ],
    },
  },
};
