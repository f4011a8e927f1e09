// Support page ("Supporto"): where to find help, whom to contact for what.
import type { Article, Localized } from './article.ts';

export const SUPPORT: Localized<Article> = {
  it: {
    lead: 'Come ottenere aiuto per usare il portale, per la tua richiesta o per l’accesso con l’identità digitale.',
    sections: [
      {
        id: 'guida-online',
        title: 'Guida online',
        blocks: [
          {
            kind: 'p',
            text: 'La guida online spiega passo per passo come accedere, come compilare la richiesta, come funzionano le bozze e cosa succede dopo l’invio. Se hai effettuato l’accesso, la guida si apre sulla parte dedicata alla tua area personale.',
          },
          { kind: 'link', text: 'Apri la guida online', to: '{help}' },
        ],
      },
      {
        id: 'richiesta',
        title: 'Domande sulla tua richiesta',
        blocks: [
          {
            kind: 'p',
            text: 'Per domande sul contenuto della richiesta, sui requisiti dell’attività o sull’esito, rivolgiti allo sportello SUAP a cui hai inviato la richiesta.',
          },
          {
            kind: 'p',
            text: 'L’indirizzo di posta elettronica certificata (PEC) dello sportello è indicato quando lo scegli durante la compilazione e nel riepilogo PDF della richiesta, che puoi scaricare dalla tua area personale.',
          },
        ],
      },
      {
        id: 'accesso',
        title: 'Problemi di accesso',
        blocks: [
          {
            kind: 'p',
            text: 'Se non riesci ad accedere con SPID o CIE, verifica le credenziali con il tuo gestore di identità digitale o consulta i siti ufficiali:',
          },
          { kind: 'link', text: 'SPID - Sistema Pubblico di Identità Digitale', to: 'https://www.spid.gov.it/' },
          { kind: 'link', text: 'CIE - Carta d’Identità Elettronica', to: 'https://www.cartaidentita.interno.gov.it/' },
          {
            kind: 'p',
            text: 'Se accedi con un’identità digitale di un altro Paese dell’Unione europea (eIDAS), al primo accesso ti chiederemo di confermare i tuoi dati e il tuo codice fiscale italiano.',
          },
        ],
      },
      {
        id: 'problemi-tecnici',
        title: 'Problemi tecnici',
        blocks: [
          {
            kind: 'ul',
            items: [
              'usa una versione aggiornata del tuo browser;',
              'se una pagina non si carica, ricaricala: i dati già salvati nella bozza non vanno persi;',
              'se il problema continua, segnalalo a {administration}, indicando la pagina, l’ora e il messaggio mostrato, senza inviare dati personali non necessari.',
            ],
          },
        ],
      },
      {
        id: 'valutazione',
        title: 'Valuta il servizio',
        blocks: [
          {
            kind: 'p',
            text: 'Il portale fa parte dello Sportello digitale unico europeo: puoi lasciare un’opinione sul servizio con il modulo di feedback del portale La tua Europa, raggiungibile dal collegamento nel piè di pagina.',
          },
        ],
      },
    ],
  },
  en: {
    lead: 'How to get help using the portal, with your application or with logging in with your digital identity.',
    sections: [
      {
        id: 'guida-online',
        title: 'Online help',
        blocks: [
          {
            kind: 'p',
            text: 'The online help explains step by step how to log in, how to fill in the application, how drafts work and what happens after you send it. If you are logged in, it opens on the part about your personal area.',
          },
          { kind: 'link', text: 'Open the online help', to: '{help}' },
        ],
      },
      {
        id: 'richiesta',
        title: 'Questions about your application',
        blocks: [
          {
            kind: 'p',
            text: 'For questions about the content of your application, the requirements of the activity or the outcome, contact the one-stop shop (SUAP) you sent the application to.',
          },
          {
            kind: 'p',
            text: 'The office’s certified e-mail (PEC) address is shown when you choose it while filling in the application, and in the PDF summary you can download from your personal area.',
          },
        ],
      },
      {
        id: 'accesso',
        title: 'Login problems',
        blocks: [
          {
            kind: 'p',
            text: 'If you cannot log in with SPID or CIE, check your credentials with your digital identity provider or see the official websites:',
          },
          { kind: 'link', text: 'SPID - Public Digital Identity System', to: 'https://www.spid.gov.it/' },
          { kind: 'link', text: 'CIE - Electronic Identity Card', to: 'https://www.cartaidentita.interno.gov.it/' },
          {
            kind: 'p',
            text: 'If you log in with a digital identity from another European Union country (eIDAS), the first time you will be asked to confirm your details and your Italian fiscal code.',
          },
        ],
      },
      {
        id: 'problemi-tecnici',
        title: 'Technical problems',
        blocks: [
          {
            kind: 'ul',
            items: [
              'use an up-to-date version of your browser;',
              'if a page does not load, reload it: what is already saved in your draft is not lost;',
              'if the problem persists, report it to {administration}, giving the page, the time and the message shown, without sending personal data that is not needed.',
            ],
          },
        ],
      },
      {
        id: 'valutazione',
        title: 'Rate the service',
        blocks: [
          {
            kind: 'p',
            text: 'The portal is part of the European Single Digital Gateway: you can give your opinion on the service with the feedback form of the Your Europe portal, linked from the page footer.',
          },
        ],
      },
    ],
  },
};
