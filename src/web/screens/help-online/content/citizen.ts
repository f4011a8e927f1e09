// Online help for citizens: the public area (anyone) and the private area (logged citizens).
import type { Article, Localized } from '../../front-office/content/article.ts';

export const HELP_PUBLIC: Localized<Article> = {
  it: {
    lead: 'Guida all’uso del portale: come accedere, come compilare e inviare la richiesta di avvio di attività, come funzionano le bozze e a chi rivolgersi.',
    sections: [
      {
        id: 'accesso',
        title: 'Come accedere',
        blocks: [
          {
            kind: 'p',
            text: 'Per presentare una richiesta serve un’identità digitale. Premi «Accedi all’area personale» in alto a destra (sugli schermi piccoli il pulsante resta disponibile anche scorrendo la pagina) oppure il pulsante di accesso della pagina del servizio.',
          },
          {
            kind: 'ol',
            items: [
              'scegli come accedere: SPID, CIE o, se sei cittadino di un altro Paese dell’Unione europea, eIDAS;',
              'completa l’accesso sulla pagina del gestore dell’identità digitale;',
              'torni sul portale, nella pagina da cui eri partito, con il tuo nome in alto a destra.',
            ],
          },
          {
            kind: 'p',
            text: 'Se accedi con eIDAS, al primo accesso il portale ti chiede di confermare nome, cognome, data e luogo di nascita, sesso e codice fiscale italiano: i dati devono corrispondere al codice fiscale.',
          },
          {
            kind: 'p',
            text: 'Se il tuo profilo non è abilitato o non è attivo, un messaggio ti informa che l’accesso non è riuscito e ti permette di riprovare con un’altra identità.',
          },
        ],
      },
      {
        id: 'compilazione',
        title: 'Come compilare la richiesta',
        blocks: [
          {
            kind: 'p',
            text: 'Dalla pagina «Servizio startup» avvia la pratica. La compilazione è divisa in passi, indicati in alto con il loro stato; puoi tornare a un passo già completato.',
          },
          {
            kind: 'ol',
            items: [
              'riepilogo iniziale: cosa ti servirà;',
              'recapito per le comunicazioni: un indirizzo e-mail o di posta elettronica certificata (PEC);',
              'sportello e iniziativa: cerca lo sportello per nome o per regione, provincia e comune, poi scegli l’iniziativa nella scheda del suo tipo (avvio, modifica, cessazione);',
              'dati anagrafici: sono già compilati con i dati della tua identità digitale; completa quelli mancanti;',
              'riepilogo: controlla tutto e invia la richiesta.',
            ],
          },
          {
            kind: 'p',
            text: 'I campi obbligatori sono segnalati con un asterisco; se un dato non è valido, il messaggio accanto al campo spiega come correggerlo.',
          },
        ],
      },
      {
        id: 'bozze',
        title: 'Le bozze e la loro conservazione',
        blocks: [
          {
            kind: 'p',
            text: 'La richiesta viene salvata come bozza man mano che procedi: puoi interrompere in qualsiasi momento e riprendere più tardi, anche da un altro dispositivo.',
          },
          { kind: 'p', text: 'Se hai già una bozza e avvii una nuova pratica, il portale ti chiede se riprendere la bozza o eliminarla e ricominciare.' },
          {
            kind: 'note',
            text: 'Una bozza non inviata è conservata per {days} giorni dall’ultima modifica, poi viene eliminata. Lo sportello può prorogare questo termine.',
          },
        ],
      },
      {
        id: 'dopo-invio',
        title: 'Dopo l’invio',
        blocks: [
          {
            kind: 'p',
            text: 'Dopo l’invio la richiesta passa allo sportello scelto. Ricevi una comunicazione al recapito indicato a ogni cambio di stato e puoi seguirla dalla tua area personale, dove trovi anche il riepilogo in PDF.',
          },
          {
            kind: 'ul',
            items: [
              'Inviata: lo sportello l’ha ricevuta;',
              'Accettata o Rifiutata: lo sportello ha deciso, con la motivazione;',
              'Eliminata: la bozza è stata cancellata.',
            ],
          },
        ],
      },
      {
        id: 'accessibilita',
        title: 'Lingua e accessibilità',
        blocks: [
          {
            kind: 'p',
            text: 'Il portale è disponibile in italiano e in inglese: scegli la lingua dal selettore in alto. Cambiare lingua non fa perdere i dati già inseriti.',
          },
          {
            kind: 'p',
            text: 'Tutte le funzioni si usano anche da tastiera; i collegamenti «Vai ai contenuti» e «Vai al piè di pagina» sono i primi della pagina. La dichiarazione di accessibilità è raggiungibile dal piè di pagina.',
          },
        ],
      },
      {
        id: 'contatti',
        title: 'Contatti',
        blocks: [
          {
            kind: 'p',
            text: 'Per domande sulla tua richiesta rivolgiti allo sportello scelto: il suo indirizzo PEC è indicato durante la compilazione e nel riepilogo. Per problemi con l’identità digitale rivolgiti al tuo gestore.',
          },
          { kind: 'link', text: 'Pagina di supporto', to: '/help-page' },
        ],
      },
    ],
  },
  en: {
    lead: 'How to use the portal: how to log in, how to fill in and send the application to start a business, how drafts work and whom to contact.',
    sections: [
      {
        id: 'accesso',
        title: 'How to log in',
        blocks: [
          {
            kind: 'p',
            text: 'You need a digital identity to submit an application. Press “Log in” at the top right (on small screens the button stays at hand as you scroll) or the login button on the service page.',
          },
          {
            kind: 'ol',
            items: [
              'choose how to log in: SPID, CIE or, if you are a citizen of another European Union country, eIDAS;',
              'complete the login on your digital identity provider’s page;',
              'you come back to the portal, on the page you started from, with your name at the top right.',
            ],
          },
          {
            kind: 'p',
            text: 'If you log in with eIDAS, the first time the portal asks you to confirm your first and last name, date and place of birth, sex and Italian fiscal code: the details must match the fiscal code.',
          },
          {
            kind: 'p',
            text: 'If your profile is not enabled or not active, a message tells you the login failed and lets you try again with another identity.',
          },
        ],
      },
      {
        id: 'compilazione',
        title: 'How to fill in the application',
        blocks: [
          {
            kind: 'p',
            text: 'Start the application from the “Startup service” page. It is split into steps, shown at the top with their status; you can go back to a step you have completed.',
          },
          {
            kind: 'ol',
            items: [
              'initial summary: what you will need;',
              'contact details for notices: an e-mail or certified e-mail (PEC) address;',
              'office and initiative: search the office by name or by region, province and municipality, then choose the initiative in the tab of its type (start, change, closure);',
              'personal data: already filled in from your digital identity; complete what is missing;',
              'summary: check everything and send the application.',
            ],
          },
          {
            kind: 'p',
            text: 'Required fields are marked with an asterisk; if a value is not valid, the message next to the field explains how to correct it.',
          },
        ],
      },
      {
        id: 'bozze',
        title: 'Drafts and how long they are kept',
        blocks: [
          { kind: 'p', text: 'The application is saved as a draft as you go: you can stop at any time and pick it up later, even from another device.' },
          {
            kind: 'p',
            text: 'If you already have a draft and start a new application, the portal asks whether to resume the draft or delete it and start again.',
          },
          {
            kind: 'note',
            text: 'A draft that is not sent is kept for {days} days after its last change, then it is deleted. The office can extend this term.',
          },
        ],
      },
      {
        id: 'dopo-invio',
        title: 'After you send it',
        blocks: [
          {
            kind: 'p',
            text: 'Once sent, the application goes to the office you chose. You get a notice at the contact address you gave at every change of status, and you can follow it in your personal area, where you also find the PDF summary.',
          },
          {
            kind: 'ul',
            items: [
              'Sent: the office has received it;',
              'Accepted or Rejected: the office has decided, with the reason;',
              'Deleted: the draft has been deleted.',
            ],
          },
        ],
      },
      {
        id: 'accessibilita',
        title: 'Language and accessibility',
        blocks: [
          {
            kind: 'p',
            text: 'The portal is available in Italian and English: choose the language with the selector at the top. Switching language does not lose what you have entered.',
          },
          {
            kind: 'p',
            text: 'Everything works with the keyboard too; the “Skip to content” and “Skip to footer” links come first on every page. The accessibility statement is linked from the footer.',
          },
        ],
      },
      {
        id: 'contatti',
        title: 'Contacts',
        blocks: [
          {
            kind: 'p',
            text: 'For questions about your application, contact the office you chose: its PEC address is shown while you fill in the application and in the summary. For problems with your digital identity, contact your provider.',
          },
          { kind: 'link', text: 'Support page', to: '/help-page' },
        ],
      },
    ],
  },
};

export const HELP_PRIVATE: Localized<Article> = {
  it: {
    lead: 'Guida all’area personale: le tue richieste, le bozze, il riepilogo in PDF e l’uscita dal portale.',
    sections: [
      {
        id: 'area-personale',
        title: 'La tua area personale',
        blocks: [
          {
            kind: 'p',
            text: 'Apri l’area personale dal menu con il tuo nome, in alto a destra. Trovi le tue richieste come schede, tre per pagina; se sono più di tre, usa i numeri di pagina in fondo all’elenco.',
          },
          { kind: 'p', text: 'Ogni scheda mostra il numero, lo sportello, l’iniziativa e lo stato della richiesta; aprila per vederne il dettaglio.' },
        ],
      },
      {
        id: 'stati',
        title: 'Gli stati della richiesta',
        blocks: [
          {
            kind: 'ul',
            items: [
              'In bozza: non ancora inviata; mostra la data dell’ultimo aggiornamento;',
              'Inviata: ricevuta dallo sportello, in attesa di decisione;',
              'Accettata o Rifiutata: lo sportello ha deciso; mostra la data della decisione e la motivazione;',
              'Eliminata: la bozza è stata cancellata da te o alla scadenza del termine di conservazione.',
            ],
          },
        ],
      },
      {
        id: 'bozze',
        title: 'Riprendere o eliminare una bozza',
        blocks: [
          {
            kind: 'p',
            text: 'Sulle schede delle bozze trovi i pulsanti «Riprendi» e «Elimina». Riprendendo una bozza torni al primo passo ancora da completare; l’eliminazione chiede una conferma e non si può annullare.',
          },
          { kind: 'note', text: 'Le bozze sono conservate per {days} giorni dall’ultima modifica. Ogni salvataggio fa ripartire il termine.' },
        ],
      },
      {
        id: 'riepilogo',
        title: 'Dettaglio e riepilogo in PDF',
        blocks: [
          {
            kind: 'p',
            text: 'Dal dettaglio di una richiesta puoi scaricare il riepilogo in PDF: contiene i dati inviati, lo sportello, l’iniziativa e la cronologia degli stati. È un documento accessibile, leggibile anche con un lettore di schermo.',
          },
        ],
      },
      {
        id: 'uscita',
        title: 'Uscire dal portale',
        blocks: [
          {
            kind: 'p',
            text: 'Scegli «Esci» dal menu con il tuo nome: la sessione viene chiusa anche presso il servizio di accesso. Se usi un dispositivo condiviso, chiudi anche il browser.',
          },
          {
            kind: 'p',
            text: 'Se la sessione scade mentre compili, dopo un nuovo accesso torni alla pagina in cui eri; i dati già salvati nella bozza restano.',
          },
        ],
      },
      {
        id: 'contatti',
        title: 'Contatti',
        blocks: [
          { kind: 'p', text: 'Per domande su una richiesta scrivi allo sportello che la tratta, all’indirizzo PEC indicato nel riepilogo.' },
          { kind: 'link', text: 'Pagina di supporto', to: '/help-page' },
        ],
      },
    ],
  },
  en: {
    lead: 'Guide to your personal area: your applications, drafts, the PDF summary and logging out.',
    sections: [
      {
        id: 'area-personale',
        title: 'Your personal area',
        blocks: [
          {
            kind: 'p',
            text: 'Open the personal area from the menu with your name, at the top right. Your applications are shown as cards, three per page; if there are more than three, use the page numbers below the list.',
          },
          { kind: 'p', text: 'Each card shows the application’s number, office, initiative and status; open it to see the details.' },
        ],
      },
      {
        id: 'stati',
        title: 'Application statuses',
        blocks: [
          {
            kind: 'ul',
            items: [
              'Draft: not sent yet; shows the date of the last update;',
              'Sent: received by the office, awaiting a decision;',
              'Accepted or Rejected: the office has decided; shows the date of the decision and the reason;',
              'Deleted: the draft was deleted by you or when its retention term expired.',
            ],
          },
        ],
      },
      {
        id: 'bozze',
        title: 'Resuming or deleting a draft',
        blocks: [
          {
            kind: 'p',
            text: 'Draft cards have “Resume” and “Delete” buttons. Resuming takes you to the first step still to complete; deleting asks for confirmation and cannot be undone.',
          },
          { kind: 'note', text: 'Drafts are kept for {days} days after their last change. Every save starts the term again.' },
        ],
      },
      {
        id: 'riepilogo',
        title: 'Details and PDF summary',
        blocks: [
          {
            kind: 'p',
            text: 'From an application’s details you can download its PDF summary: it holds the data sent, the office, the initiative and the history of statuses. It is an accessible document, readable with a screen reader too.',
          },
        ],
      },
      {
        id: 'uscita',
        title: 'Logging out',
        blocks: [
          {
            kind: 'p',
            text: 'Choose “Log out” in the menu with your name: the session is closed at the login service too. On a shared device, close the browser as well.',
          },
          {
            kind: 'p',
            text: 'If your session expires while you fill in an application, after logging in again you return to the page you were on; what is saved in the draft stays.',
          },
        ],
      },
      {
        id: 'contatti',
        title: 'Contacts',
        blocks: [
          { kind: 'p', text: 'For questions about an application, write to the office handling it, at the PEC address shown in the summary.' },
          { kind: 'link', text: 'Support page', to: '/help-page' },
        ],
      },
    ],
  },
};
