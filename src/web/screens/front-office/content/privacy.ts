// Privacy notice (articles 13 and 14 of Regulation (EU) 2016/679, GDPR). Generic by design: the
// controller is the administration named in the configuration; no address is invented here, the
// notice points to the administration's own published contacts instead.
import type { Article, Localized } from './article.ts';

export const PRIVACY: Localized<Article> = {
  it: {
    lead: 'Informativa sul trattamento dei dati personali di chi usa il portale dello Sportello Unico per le Attività Produttive, ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR).',
    sections: [
      {
        id: 'titolare',
        title: 'Titolare del trattamento',
        blocks: [
          {
            kind: 'p',
            text: 'Il titolare del trattamento è {administration}. I dati di contatto del titolare e del suo Responsabile della protezione dei dati (RPD/DPO) sono pubblicati sul sito istituzionale dell’amministrazione, nella sezione dedicata alla privacy.',
          },
        ],
      },
      {
        id: 'dati',
        title: 'Quali dati trattiamo',
        blocks: [
          {
            kind: 'ul',
            items: [
              'dati di identificazione ricevuti dal gestore dell’identità digitale (SPID, CIE, eIDAS) al momento dell’accesso: nome, cognome, codice fiscale, data e luogo di nascita, sesso, indirizzo e-mail;',
              'dati che inserisci nella richiesta: recapito per le comunicazioni (e-mail o PEC), dati anagrafici e di residenza, telefono, partita IVA, sportello e iniziativa scelti;',
              'dati sullo stato della richiesta e sulle decisioni dello sportello;',
              'dati tecnici di navigazione necessari al funzionamento e alla sicurezza del servizio (indirizzo IP, data e ora delle richieste), registrati senza dati personali nel contenuto dei log applicativi.',
            ],
          },
        ],
      },
      {
        id: 'finalita',
        title: 'Finalità e base giuridica',
        blocks: [
          { kind: 'p', text: 'I dati sono trattati per:' },
          {
            kind: 'ul',
            items: [
              'identificarti e consentirti l’accesso al servizio;',
              'ricevere, conservare e inoltrare allo sportello competente la tua richiesta, e gestire il relativo procedimento;',
              'inviarti le comunicazioni sullo stato della richiesta;',
              'garantire la sicurezza del portale e prevenire abusi.',
            ],
          },
          {
            kind: 'p',
            text: 'La base giuridica è l’esecuzione di un compito di interesse pubblico o connesso all’esercizio di pubblici poteri di cui è investito il titolare (art. 6, par. 1, lett. e, GDPR) e l’adempimento degli obblighi di legge in materia di sportello unico per le attività produttive, tra cui il DPR 7 settembre 2010, n. 160 (art. 6, par. 1, lett. c, GDPR).',
          },
        ],
      },
      {
        id: 'destinatari',
        title: 'A chi comunichiamo i dati',
        blocks: [
          {
            kind: 'p',
            text: 'I dati sono trattati dal personale autorizzato dello sportello e comunicati, nei limiti necessari al procedimento, alle altre amministrazioni coinvolte. I fornitori che gestiscono l’infrastruttura tecnica del portale operano come responsabili del trattamento (art. 28 GDPR). I dati non sono diffusi.',
          },
        ],
      },
      {
        id: 'conservazione',
        title: 'Per quanto tempo conserviamo i dati',
        blocks: [
          {
            kind: 'ul',
            items: [
              'le bozze non inviate sono conservate per {days} giorni dall’ultima modifica (salvo proroga dello sportello) e poi cancellate;',
              'le richieste inviate sono conservate per il tempo previsto dalle norme sulla conservazione dei documenti amministrativi;',
              'i dati tecnici di navigazione sono conservati per il tempo strettamente necessario alla sicurezza del servizio.',
            ],
          },
        ],
      },
      {
        id: 'diritti',
        title: 'I tuoi diritti',
        blocks: [
          {
            kind: 'p',
            text: 'Puoi chiedere al titolare l’accesso ai tuoi dati, la rettifica, la cancellazione nei casi previsti, la limitazione del trattamento e opporti al trattamento (articoli 15-22 GDPR), scrivendo ai contatti pubblicati dall’amministrazione.',
          },
          { kind: 'p', text: 'Se ritieni che il trattamento violi il GDPR, puoi proporre reclamo al Garante per la protezione dei dati personali.' },
          { kind: 'link', text: 'Garante per la protezione dei dati personali', to: 'https://www.garanteprivacy.it/' },
        ],
      },
      {
        id: 'cookie',
        title: 'Cookie e memorizzazione locale',
        blocks: [
          {
            kind: 'p',
            text: 'Il portale non usa cookie di profilazione né strumenti di analisi di terze parti. Usa solo strumenti tecnici: la memoria della scheda del browser per mantenere la sessione di accesso e la bozza in corso, la memoria locale per ricordare la lingua scelta e i cookie tecnici del servizio di accesso.',
          },
        ],
      },
      {
        id: 'obbligo',
        title: 'Conferimento dei dati',
        blocks: [
          {
            kind: 'p',
            text: 'Il conferimento dei dati richiesti è necessario per presentare la richiesta: senza di essi lo sportello non può avviare il procedimento.',
          },
        ],
      },
    ],
  },
  en: {
    lead: 'Notice on the processing of personal data of the users of the One-Stop Shop for Business Activities portal, under articles 13 and 14 of Regulation (EU) 2016/679 (GDPR).',
    sections: [
      {
        id: 'titolare',
        title: 'Data controller',
        blocks: [
          {
            kind: 'p',
            text: 'The data controller is {administration}. The contact details of the controller and of its Data Protection Officer (DPO) are published on the administration’s institutional website, in its privacy section.',
          },
        ],
      },
      {
        id: 'dati',
        title: 'Which data we process',
        blocks: [
          {
            kind: 'ul',
            items: [
              'identification data received from the digital identity provider (SPID, CIE, eIDAS) when you log in: first name, last name, fiscal code, date and place of birth, sex, e-mail address;',
              'data you enter in the application: contact address for notices (e-mail or PEC), personal and residence details, telephone, VAT number, chosen office and initiative;',
              'data about the status of the application and the office’s decisions;',
              'technical browsing data needed for the service to work and stay secure (IP address, date and time of requests), logged without personal data in the content of the application logs.',
            ],
          },
        ],
      },
      {
        id: 'finalita',
        title: 'Purposes and legal basis',
        blocks: [
          { kind: 'p', text: 'The data is processed to:' },
          {
            kind: 'ul',
            items: [
              'identify you and let you use the service;',
              'receive, keep and forward your application to the competent office, and handle the procedure;',
              'send you notices about the status of the application;',
              'keep the portal secure and prevent abuse.',
            ],
          },
          {
            kind: 'p',
            text: 'The legal basis is the performance of a task carried out in the public interest or in the exercise of official authority vested in the controller (art. 6(1)(e) GDPR) and compliance with the legal obligations on the one-stop shop for business activities, including Presidential Decree no. 160 of 7 September 2010 (art. 6(1)(c) GDPR).',
          },
        ],
      },
      {
        id: 'destinatari',
        title: 'Who receives the data',
        blocks: [
          {
            kind: 'p',
            text: 'The data is processed by the office’s authorised staff and passed, as far as the procedure requires, to the other administrations involved. The suppliers who run the portal’s technical infrastructure act as processors (art. 28 GDPR). The data is not published.',
          },
        ],
      },
      {
        id: 'conservazione',
        title: 'How long we keep the data',
        blocks: [
          {
            kind: 'ul',
            items: [
              'drafts not sent are kept for {days} days after their last change (unless the office extends the term) and then deleted;',
              'sent applications are kept for the time set by the rules on keeping administrative records;',
              'technical browsing data is kept only as long as the security of the service requires.',
            ],
          },
        ],
      },
      {
        id: 'diritti',
        title: 'Your rights',
        blocks: [
          {
            kind: 'p',
            text: 'You can ask the controller for access to your data, rectification, erasure where applicable, restriction of processing, and object to the processing (articles 15-22 GDPR), writing to the contacts the administration publishes.',
          },
          {
            kind: 'p',
            text: 'If you believe the processing infringes the GDPR, you can lodge a complaint with the Italian Data Protection Authority (Garante per la protezione dei dati personali).',
          },
          { kind: 'link', text: 'Italian Data Protection Authority', to: 'https://www.garanteprivacy.it/' },
        ],
      },
      {
        id: 'cookie',
        title: 'Cookies and local storage',
        blocks: [
          {
            kind: 'p',
            text: 'The portal uses no profiling cookies and no third-party analytics. It uses technical means only: the browser tab’s storage to keep your login session and the draft in progress, local storage to remember the language you chose, and the technical cookies of the login service.',
          },
        ],
      },
      {
        id: 'obbligo',
        title: 'Providing the data',
        blocks: [{ kind: 'p', text: 'Providing the requested data is necessary to submit the application: without it the office cannot start the procedure.' }],
      },
    ],
  },
};
