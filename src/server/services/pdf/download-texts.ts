// Texts of the two informative PDFs of the service page, in both languages. The decree document is
// a plain-language summary that points to the official text: it quotes no article.
import type { Language } from '#shared/constants.ts';

export const NORMATTIVA_DPR_160_URL = 'https://www.normattiva.it/uri-res/N2Ls?urn:nir:stato:decreto.del.presidente.della.repubblica:2010-09-07;160';

export interface DecreeText {
  title: string;
  officialTitle: string;
  summaryHeading: string;
  summary: string[];
  portalHeading: string;
  portal: string;
  officialHeading: string;
  official: string;
  linkText: string;
  disclaimer: string;
  generated: string;
}

export const DECREE_TEXT: Record<Language, DecreeText> = {
  it: {
    title: 'Decreto del Presidente della Repubblica 7 settembre 2010, n. 160',
    officialTitle:
      'Regolamento per la semplificazione ed il riordino della disciplina sullo sportello unico per le attività produttive, ai sensi dell’articolo 38, comma 3, del decreto-legge 25 giugno 2008, n. 112, convertito, con modificazioni, dalla legge 6 agosto 2008, n. 133.',
    summaryHeading: 'Che cosa disciplina',
    summary: [
      'Il regolamento individua nello Sportello Unico per le Attività Produttive (SUAP) l’unico punto di accesso per chi vuole avviare, modificare o cessare un’attività di produzione di beni o di prestazione di servizi.',
      'Riguarda i procedimenti per la localizzazione, la realizzazione, la trasformazione, l’ampliamento, la cessazione, la riattivazione e la rilocalizzazione degli impianti produttivi.',
      'Le domande, le segnalazioni e i relativi allegati si presentano allo sportello esclusivamente per via telematica; il SUAP dà una risposta unica anche per conto delle altre amministrazioni coinvolte.',
      'Distingue un procedimento automatizzato, per le attività soggette a segnalazione certificata di inizio attività (SCIA), e un procedimento ordinario, che si conclude con un provvedimento dello sportello.',
      'Prevede un portale nazionale di informazione e di accesso agli sportelli (impresainungiorno.gov.it) e l’esercizio delle funzioni da parte dei comuni, anche in forma associata o tramite le camere di commercio.',
    ],
    portalHeading: 'Come si applica su questo portale',
    portal:
      'Su questo portale puoi preparare e inviare online allo sportello competente la richiesta di avvio di una nuova attività, salvarla in bozza, riprenderla in seguito e seguirne lo stato fino alla decisione dello sportello.',
    officialHeading: 'Testo ufficiale',
    official: 'Il testo vigente del decreto, con le modifiche successive, è pubblicato su Normattiva, il portale della legge vigente:',
    linkText: 'DPR 7 settembre 2010, n. 160 su normattiva.it',
    disclaimer: 'Questo documento è una sintesi informativa e non ha valore legale: fa fede il testo pubblicato nella Gazzetta Ufficiale.',
    generated: 'Documento informativo a cura di',
  },
  en: {
    title: 'Decree of the President of the Republic of 7 September 2010, no. 160',
    officialTitle:
      'Regulation simplifying and reorganising the rules on the one-stop shop for business activities (SUAP), under article 38, paragraph 3, of decree-law no. 112 of 25 June 2008, converted with amendments by law no. 133 of 6 August 2008. (Official title in Italian: “Regolamento per la semplificazione ed il riordino della disciplina sullo sportello unico per le attività produttive”.)',
    summaryHeading: 'What it governs',
    summary: [
      'The regulation makes the one-stop shop for business activities (SUAP) the single point of access for anyone who wants to start, change or close an activity producing goods or providing services.',
      'It covers the procedures for locating, building, transforming, enlarging, closing, reactivating and relocating business premises and plants.',
      'Applications, notifications and their attachments are submitted to the office electronically only; the SUAP gives a single answer, also on behalf of the other administrations involved.',
      'It distinguishes an automated procedure, for activities that can start on a certified notice of start of activity (SCIA), from an ordinary procedure, which ends with a decision of the office.',
      'It provides for a national portal giving information and access to the offices (impresainungiorno.gov.it), and for the municipalities to run the offices, also jointly or through the chambers of commerce.',
    ],
    portalHeading: 'How this portal applies it',
    portal:
      'On this portal you can prepare and send online, to the competent office, your application to start a new business activity, save it as a draft, pick it up again later and follow its status until the office decides.',
    officialHeading: 'Official text',
    official: 'The text in force, with later amendments, is published (in Italian) on Normattiva, the Italian portal of the law in force:',
    linkText: 'Presidential Decree no. 160 of 7 September 2010 on normattiva.it',
    disclaimer:
      'This document is an informative summary with no legal value: only the text published in the Official Journal (Gazzetta Ufficiale) is authentic.',
    generated: 'Informative document by',
  },
};

export interface InitiativeListText {
  title: string;
  intro: string;
  listHeading: string;
  listIntro: string;
  code: string;
  empty: string;
  generated: string;
}

export const INIZIATIVE_LIST_TEXT: Record<Language, InitiativeListText> = {
  it: {
    title: 'Elenco delle iniziative e dei requisiti',
    intro:
      'Questo documento elenca i requisiti per presentare la richiesta di avvio di attività e le iniziative che puoi scegliere nel servizio, raggruppate per tipo e per settore. È generato dai dati del portale al momento del download.',
    listHeading: 'Iniziative',
    listIntro: 'Per ogni iniziativa: codice, attività e descrizione.',
    code: 'Codice',
    empty: 'Nessuna iniziativa disponibile al momento.',
    generated: 'Elenco generato il',
  },
  en: {
    title: 'List of initiatives and requirements',
    intro:
      'This document lists the requirements for applying to start a business and the initiatives you can choose in the service, grouped by type and sector. It is generated from the portal’s data when you download it.',
    listHeading: 'Initiatives',
    listIntro: 'For each initiative: code, activity and description.',
    code: 'Code',
    empty: 'No initiative is available at the moment.',
    generated: 'List generated on',
  },
};
