// Online help for staff: the back office in general, administrators (user management), and
// collaborators and clerks ("istruttori", who work the pratiche of their office; they share the
// collaborators' area, docs/architecture.md "The pratica's lifecycle").
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
          'per una pratica inviata la sezione «Lavorazione della pratica» mostra il regime, il giorno di ricevimento, la scadenza, chi la segue e i pulsanti delle sole azioni che il tuo profilo può compiere in quel momento;',
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
          'for a sent pratica, the “Working the pratica” section shows the regime, the day it was received, its due day, who is in charge, and buttons for only the actions your profile may take at that moment;',
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
          {
            kind: 'ul',
            items: [
              'Amministratore: assegna e conclude le pratiche e gestisce gli utenti del back office;',
              'Istruttore: prende in carico le pratiche del proprio sportello e le istruisce;',
              'Collaboratore: consulta le richieste.',
            ],
          },
          { kind: 'link', text: 'Guida per gli amministratori', to: '/help-online/admin-agid' },
          { kind: 'link', text: 'Guida per collaboratori e istruttori', to: '/help-online/collab-agid' },
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
          {
            kind: 'ul',
            items: [
              'Administrator: assigns and concludes pratiche and manages back-office users;',
              'Clerk: takes the pratiche of their own office in charge and works them;',
              'Collaborator: consults requests.',
            ],
          },
          { kind: 'link', text: 'Guide for administrators', to: '/help-online/admin-agid' },
          { kind: 'link', text: 'Guide for collaborators and clerks', to: '/help-online/collab-agid' },
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
              'per aggiungere una persona scegli «Nuovo utente» e inserisci nome, cognome, codice fiscale, e-mail e profilo (amministratore, collaboratore o istruttore);',
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
              'to add a person choose “New user” and enter first name, last name, fiscal code, e-mail and profile (administrator, collaborator or clerk);',
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

/** The clerk's work on a pratica, from taking it in charge to proposing the outcome. */
const CLERK: Localized<Section> = {
  it: {
    id: 'istruttore',
    title: 'Lavorare una pratica (istruttore)',
    blocks: [
      {
        kind: 'ol',
        items: [
          'apri una pratica inviata al tuo sportello e scegli «Prendi in carico»: da quel momento la segui tu (un amministratore può anche assegnarla a te o a un collega);',
          'se mancano dati o documenti scegli «Richiedi regolarizzazione» o «Richiedi integrazione» e scrivi cosa serve: il termine del procedimento si ferma finché il richiedente non risponde; l’integrazione si chiede una sola volta e la risposta ha una sua scadenza;',
          'se la risposta arriva per altre vie (PEC, sportello) scegli «Registra risposta ricevuta» e descrivila: il termine riparte con i giorni che restavano;',
          'quando l’istruttoria è finita scegli «Proponi esito» (positivo o negativo): la conclusione spetta a un amministratore.',
        ],
      },
      {
        kind: 'p',
        text: 'Ogni passaggio compare nello storico con il tuo nome. Se un’azione non è più possibile (un termine è scaduto, un collega ha agito prima di te) la pagina te lo dice e mostra lo stato aggiornato.',
      },
    ],
  },
  en: {
    id: 'istruttore',
    title: 'Working a pratica (clerk)',
    blocks: [
      {
        kind: 'ol',
        items: [
          'open a pratica sent to your office and choose “Take in charge”: from then on it is yours to follow (an administrator may also assign it to you or to a colleague);',
          'if data or documents are missing, choose “Request correction” or “Request integration” and write what is needed: the proceeding’s term stops until the applicant answers; an integration is asked only once and its answer has a due day of its own;',
          'if the answer arrives by other means (certified e-mail, at the counter), choose “Record answer received” and describe it: the term starts again with the days it had left;',
          'when the examination is over, choose “Propose outcome” (positive or negative): concluding the pratica is for an administrator.',
        ],
      },
      {
        kind: 'p',
        text: 'Every step appears in the history with your name. If an action is no longer possible (a term has elapsed, a colleague acted first), the page tells you so and shows the current state.',
      },
    ],
  },
};

export const HELP_COLLAB: Localized<Article> = {
  it: {
    lead: 'Guida per collaboratori e istruttori: come consultare le richieste dello sportello e lavorare le pratiche.',
    sections: [
      DESK.it,
      CLERK.it,
      {
        id: 'limiti',
        title: 'Cosa possono fare collaboratori e istruttori',
        blocks: [
          {
            kind: 'p',
            text: 'Il collaboratore consulta le richieste; l’istruttore lavora anche le pratiche del proprio sportello. Concludere una pratica e gestire gli utenti del back office spetta agli amministratori: per aggiungere un collega o cambiare un profilo, rivolgiti a un amministratore.',
          },
        ],
      },
      DATA.it,
    ],
  },
  en: {
    lead: 'Guide for collaborators and clerks: how to consult the office’s requests and work its pratiche.',
    sections: [
      DESK.en,
      CLERK.en,
      {
        id: 'limiti',
        title: 'What collaborators and clerks can do',
        blocks: [
          {
            kind: 'p',
            text: 'Collaborators consult requests; clerks also work the pratiche of their own office. Concluding a pratica and managing back-office users is for administrators: to add a colleague or change a profile, ask an administrator.',
          },
        ],
      },
      DATA.en,
    ],
  },
};
