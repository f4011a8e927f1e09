// Online help for staff: the back office in general, administrators (user management) and
// collaborators (the request desk).
import type { Article, Localized, Section } from '../../front-office/content/article.ts';

const DESK: Localized<Section> = {
  it: {
    id: 'sportello',
    title: 'Lo sportello delle richieste',
    blocks: [
      {
        kind: 'p',
        text: 'La pagina «Richieste» elenca le richieste in una tabella: data di invio, numero, richiedente, sportello, stato e tipo. Ordina cliccando sulle intestazioni, cerca con la barra di ricerca (almeno 4 caratteri: nome del richiedente, sportello o numero) e scorri le pagine con i numeri in fondo.',
      },
      {
        kind: 'ol',
        items: [
          'apri una richiesta con il pulsante della sua riga: vedi i dati inviati, l’iniziativa, lo sportello e la cronologia degli stati;',
          'per una richiesta inviata registra la decisione, accettata o rifiutata, con la motivazione: il richiedente riceve una comunicazione;',
          'per una bozza puoi prorogare il termine di conservazione, se il richiedente lo chiede;',
          'scarica il riepilogo in PDF per l’archivio o per inoltrarlo alle altre amministrazioni coinvolte.',
        ],
      },
      { kind: 'p', text: 'Il numero della richiesta aperta resta in memoria nella scheda del browser: se ricarichi la pagina, si riapre la stessa richiesta.' },
    ],
  },
  en: {
    id: 'sportello',
    title: 'The request desk',
    blocks: [
      {
        kind: 'p',
        text: 'The “Requests” page lists the requests in a table: date sent, number, applicant, office, status and type. Sort by clicking the headers, search with the search bar (at least 4 characters: applicant’s name, office or number) and move between pages with the numbers below.',
      },
      {
        kind: 'ol',
        items: [
          'open a request with the button on its row: you see the data sent, the initiative, the office and the history of statuses;',
          'for a sent request, record the decision, accepted or rejected, with the reason: the applicant gets a notice;',
          'for a draft you can extend the retention term, if the applicant asks for it;',
          'download the PDF summary for the records or to pass on to the other administrations involved.',
        ],
      },
      { kind: 'p', text: 'The number of the open request is kept in the browser tab: if you reload the page, the same request opens again.' },
    ],
  },
};

const ACCESS: Localized<Section> = {
  it: {
    id: 'accesso',
    title: 'Accesso al back office',
    blocks: [
      {
        kind: 'p',
        text: 'Si accede dal collegamento «Accesso al back office» nel piè di pagina (visibile quando riceve il focus da tastiera) con la propria identità digitale. Entrano solo gli utenti registrati dall’amministratore, con profilo attivo.',
      },
      { kind: 'p', text: 'Il menu con il tuo nome mostra codice fiscale e profilo. «Esci» chiede una conferma prima di chiudere la sessione.' },
    ],
  },
  en: {
    id: 'accesso',
    title: 'Logging in to the back office',
    blocks: [
      {
        kind: 'p',
        text: 'Log in from the “Back-office login” link in the footer (shown when it receives keyboard focus) with your digital identity. Only users registered by an administrator, with an active profile, can enter.',
      },
      { kind: 'p', text: 'The menu with your name shows your fiscal code and profile. “Log out” asks for confirmation before closing the session.' },
    ],
  },
};

const DATA: Localized<Section> = {
  it: {
    id: 'dati-personali',
    title: 'Dati personali',
    blocks: [
      {
        kind: 'p',
        text: 'Le richieste contengono dati personali: consultale solo per lavorarle, non copiarle fuori dal sistema e chiudi la sessione quando lasci la postazione. Il riepilogo in PDF per il personale indica chi ha eseguito ogni passaggio.',
      },
    ],
  },
  en: {
    id: 'dati-personali',
    title: 'Personal data',
    blocks: [
      {
        kind: 'p',
        text: 'Requests hold personal data: consult them only to work on them, do not copy them out of the system, and log out when you leave your desk. The staff PDF summary shows who carried out each step.',
      },
    ],
  },
};

export const HELP_BACK_OFFICE: Localized<Article> = {
  it: {
    lead: 'Guida al back office per il personale dello sportello: accesso, lavorazione delle richieste e profili.',
    sections: [
      ACCESS.it,
      DESK.it,
      {
        id: 'profili',
        title: 'Profili',
        blocks: [
          { kind: 'ul', items: ['Amministratore: lavora le richieste e gestisce gli utenti del back office;', 'Collaboratore: lavora le richieste.'] },
          { kind: 'link', text: 'Guida per gli amministratori', to: '/help-online/admin-agid' },
          { kind: 'link', text: 'Guida per i collaboratori', to: '/help-online/collab-agid' },
        ],
      },
      DATA.it,
    ],
  },
  en: {
    lead: 'Back-office guide for the office’s staff: logging in, working on requests, and profiles.',
    sections: [
      ACCESS.en,
      DESK.en,
      {
        id: 'profili',
        title: 'Profiles',
        blocks: [
          { kind: 'ul', items: ['Administrator: works on requests and manages back-office users;', 'Collaborator: works on requests.'] },
          { kind: 'link', text: 'Guide for administrators', to: '/help-online/admin-agid' },
          { kind: 'link', text: 'Guide for collaborators', to: '/help-online/collab-agid' },
        ],
      },
      DATA.en,
    ],
  },
};

export const HELP_ADMIN: Localized<Article> = {
  it: {
    lead: 'Guida per gli amministratori: gestione degli utenti del back office e lavorazione delle richieste.',
    sections: [
      {
        id: 'utenti',
        title: 'Gestione degli utenti',
        blocks: [
          {
            kind: 'p',
            text: 'La pagina «Utenti» elenca il personale con nome, cognome, codice fiscale, e-mail, profilo e stato (attivo o non attivo). Cerca con la barra di ricerca e ordina per nome.',
          },
          {
            kind: 'ol',
            items: [
              'per aggiungere una persona scegli «Nuovo utente» e inserisci nome, cognome, codice fiscale, e-mail e profilo (amministratore o collaboratore);',
              'la persona accede con la propria identità digitale: il codice fiscale registrato deve corrispondere a quello dell’identità;',
              'per cambiare profilo o e-mail apri il dettaglio dell’utente e scegli «Modifica utente»;',
              'per togliere l’accesso rendi l’utente non attivo: lo storico delle sue lavorazioni resta.',
            ],
          },
          {
            kind: 'p',
            text: 'Al salvataggio un messaggio conferma l’operazione con il nome e il profilo; in caso di errore il messaggio indica il dato da correggere.',
          },
        ],
      },
      DESK.it,
      { ...DATA.it },
    ],
  },
  en: {
    lead: 'Guide for administrators: managing back-office users and working on requests.',
    sections: [
      {
        id: 'utenti',
        title: 'Managing users',
        blocks: [
          {
            kind: 'p',
            text: 'The “Users” page lists the staff with first name, last name, fiscal code, e-mail, profile and status (active or not). Search with the search bar and sort by name.',
          },
          {
            kind: 'ol',
            items: [
              'to add a person choose “New user” and enter first name, last name, fiscal code, e-mail and profile (administrator or collaborator);',
              'the person logs in with their own digital identity: the registered fiscal code must match the identity’s;',
              'to change a profile or e-mail, open the user’s details and choose “Edit user”;',
              'to remove access, make the user not active: the history of their work stays.',
            ],
          },
          { kind: 'p', text: 'On saving, a message confirms the operation with the name and profile; on an error, the message says which value to correct.' },
        ],
      },
      DESK.en,
      { ...DATA.en },
    ],
  },
};

export const HELP_COLLAB: Localized<Article> = {
  it: {
    lead: 'Guida per i collaboratori: come lavorare le richieste dello sportello.',
    sections: [
      DESK.it,
      {
        id: 'limiti',
        title: 'Cosa può fare un collaboratore',
        blocks: [
          {
            kind: 'p',
            text: 'Il collaboratore consulta e lavora le richieste. La gestione degli utenti del back office è riservata agli amministratori: per aggiungere un collega o cambiare un profilo, rivolgiti a un amministratore.',
          },
        ],
      },
      DATA.it,
    ],
  },
  en: {
    lead: 'Guide for collaborators: how to work on the office’s requests.',
    sections: [
      DESK.en,
      {
        id: 'limiti',
        title: 'What a collaborator can do',
        blocks: [
          {
            kind: 'p',
            text: 'Collaborators consult and work on requests. Managing back-office users is for administrators: to add a colleague or change a profile, ask an administrator.',
          },
        ],
      },
      DATA.en,
    ],
  },
};
