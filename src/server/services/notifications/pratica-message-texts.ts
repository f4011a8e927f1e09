// The words of the applicant's e-mails about their pratica (./messages.ts praticaMessageForApplicant),
// in Italian and English: one subject and one paragraph per conclusion (states 4, 5, 8, 11 to 15) and
// per request of the office (a correction, an integration), with what the office wrote and the days
// that matter. The law each one rests on: docs/architecture.md "Regimes".
import type { Language } from '#shared/constants.ts';

/** What a message says of the pratica: its number, activity, office, days and the office's note. */
export interface MessageFacts {
  id: number;
  activity: string;
  office: string;
  /** DD/MM/YYYY days, '' when unknown. */
  receivedOn: string;
  concludedOn: string;
  integrationDueOn: string;
  proceedingDays: number;
  note: string | null;
  pec: string | null;
}

export interface MessageText {
  subject: (f: MessageFacts) => string;
  body: (f: MessageFacts) => string[];
}

export type PraticaMessageCase =
  | 'accepted'
  | 'accepted-on-receipt'
  | 'rejected'
  | 'refused'
  | 'integration-expired'
  | 'suspended'
  | 'conformation-ordered'
  | 'time-expired-scia'
  | 'time-expired-consent'
  | 'withdrawn'
  | 'correction-requested'
  | 'integration-requested';

const itReason = (f: MessageFacts) => (f.note ? [`Motivazione: ${f.note}`] : []);
const enReason = (f: MessageFacts) => (f.note ? [`Reason: ${f.note}`] : []);
const itSendTo = (f: MessageFacts) => (f.pec ? [`Invii quanto richiesto alla PEC dello sportello, ${f.pec}, indicando il numero della pratica.`] : []);
const enSendTo = (f: MessageFacts) => (f.pec ? [`Send what is asked to the office's certified e-mail (PEC), ${f.pec}, quoting the pratica's number.`] : []);

export const PRATICA_MESSAGES: Readonly<Record<Language, Readonly<Record<PraticaMessageCase, MessageText>>>> = {
  it: {
    accepted: {
      subject: (f) => `Pratica n. ${f.id}: conclusa con esito positivo`,
      body: (f) => [`la sua pratica n. ${f.id} (${f.activity}) presentata a ${f.office} si è conclusa con esito positivo il ${f.concludedOn}.`, ...itReason(f)],
    },
    'accepted-on-receipt': {
      subject: (f) => `Pratica n. ${f.id}: comunicazione ricevuta`,
      body: (f) => [
        `la sua comunicazione n. ${f.id} (${f.activity}) è stata ricevuta da ${f.office} il ${f.receivedOn}.`,
        'Per una comunicazione non c’è un procedimento: l’attività può iniziare dal giorno del ricevimento.',
      ],
    },
    rejected: {
      subject: (f) => `Pratica n. ${f.id}: conclusa con esito negativo`,
      body: (f) => [`la sua pratica n. ${f.id} (${f.activity}) presentata a ${f.office} si è conclusa con esito negativo il ${f.concludedOn}.`, ...itReason(f)],
    },
    refused: {
      subject: (f) => `Pratica n. ${f.id}: dichiarata irricevibile`,
      body: (f) => [`${f.office} ha dichiarato irricevibile la sua pratica n. ${f.id} (${f.activity}) il ${f.concludedOn}.`, ...itReason(f)],
    },
    'integration-expired': {
      subject: (f) => `Pratica n. ${f.id}: chiusa, l’integrazione non è arrivata in tempo`,
      body: (f) => [
        `la sua pratica n. ${f.id} (${f.activity}) è stata chiusa: l’integrazione richiesta da ${f.office} andava inviata entro il ${f.integrationDueOn} e non è pervenuta.`,
        'Per avviare l’attività dovrà presentare una nuova richiesta.',
      ],
    },
    suspended: {
      subject: (f) => `Pratica n. ${f.id}: ordinata la sospensione dell’attività`,
      body: (f) => [
        `${f.office} ha vietato la prosecuzione dell’attività segnalata con la pratica n. ${f.id} (${f.activity}) il ${f.concludedOn}: l’attività non può proseguire.`,
        ...itReason(f),
      ],
    },
    'conformation-ordered': {
      subject: (f) => `Pratica n. ${f.id}: l’attività va conformata`,
      body: (f) => [
        `${f.office} le chiede di conformare alla normativa l’attività segnalata con la pratica n. ${f.id} (${f.activity}), con l’atto del ${f.concludedOn}.`,
        ...(f.note ? [`Cosa fare: ${f.note}`] : []),
      ],
    },
    'time-expired-scia': {
      subject: (f) => `Pratica n. ${f.id}: la SCIA resta efficace`,
      body: (f) => [
        `i ${f.proceedingDays} giorni in cui ${f.office} poteva vietare l’attività segnalata con la pratica n. ${f.id} (${f.activity}) sono trascorsi senza provvedimenti: la SCIA resta efficace e l’attività può proseguire.`,
      ],
    },
    'time-expired-consent': {
      subject: (f) => `Pratica n. ${f.id}: domanda accolta per silenzio-assenso`,
      body: (f) => [
        `${f.office} non ha deciso sulla sua pratica n. ${f.id} (${f.activity}) entro ${f.proceedingDays} giorni dal ricevimento: la domanda è accolta per silenzio-assenso dal ${f.concludedOn}.`,
      ],
    },
    withdrawn: {
      subject: (f) => `Pratica n. ${f.id}: ritirata`,
      body: (f) => [
        `la sua pratica n. ${f.id} (${f.activity}) è stata ritirata il ${f.concludedOn}, come da lei richiesto: ${f.office} non la esaminerà più.`,
        'Per avviare comunque l’attività dovrà presentare una nuova richiesta.',
      ],
    },
    'correction-requested': {
      subject: (f) => `Pratica n. ${f.id}: regolarizzazione richiesta`,
      body: (f) => [
        `${f.office} le chiede di regolarizzare la sua pratica n. ${f.id} (${f.activity}).`,
        ...(f.note ? [`Cosa serve: ${f.note}`] : []),
        'Il termine del procedimento è sospeso finché non risponde.',
        ...itSendTo(f),
      ],
    },
    'integration-requested': {
      subject: (f) => `Pratica n. ${f.id}: integrazione richiesta, rispondere entro il ${f.integrationDueOn}`,
      body: (f) => [
        `${f.office} le chiede un’integrazione della sua pratica n. ${f.id} (${f.activity}).`,
        ...(f.note ? [`Cosa serve: ${f.note}`] : []),
        `Risponda entro il ${f.integrationDueOn}: se la risposta non arriva in tempo, la pratica sarà chiusa. Fino alla risposta il termine del procedimento è sospeso.`,
        ...itSendTo(f),
      ],
    },
  },
  en: {
    accepted: {
      subject: (f) => `Pratica no. ${f.id}: positive outcome`,
      body: (f) => [`your pratica no. ${f.id} (${f.activity}) sent to ${f.office} was concluded with a positive outcome on ${f.concludedOn}.`, ...enReason(f)],
    },
    'accepted-on-receipt': {
      subject: (f) => `Pratica no. ${f.id}: notification received`,
      body: (f) => [
        `your notification no. ${f.id} (${f.activity}) was received by ${f.office} on ${f.receivedOn}.`,
        'A notification has no proceeding: the activity may start on the day of receipt.',
      ],
    },
    rejected: {
      subject: (f) => `Pratica no. ${f.id}: negative outcome`,
      body: (f) => [`your pratica no. ${f.id} (${f.activity}) sent to ${f.office} was concluded with a negative outcome on ${f.concludedOn}.`, ...enReason(f)],
    },
    refused: {
      subject: (f) => `Pratica no. ${f.id}: refused as inadmissible`,
      body: (f) => [`${f.office} refused your pratica no. ${f.id} (${f.activity}) as inadmissible on ${f.concludedOn}.`, ...enReason(f)],
    },
    'integration-expired': {
      subject: (f) => `Pratica no. ${f.id}: closed, the integration did not arrive in time`,
      body: (f) => [
        `your pratica no. ${f.id} (${f.activity}) has been closed: the integration ${f.office} asked for was due by ${f.integrationDueOn} and did not arrive.`,
        'To start the activity you will have to send a new request.',
      ],
    },
    suspended: {
      subject: (f) => `Pratica no. ${f.id}: the activity must stop`,
      body: (f) => [
        `${f.office} prohibited the activity notified with pratica no. ${f.id} (${f.activity}) from continuing on ${f.concludedOn}: the activity may not go on.`,
        ...enReason(f),
      ],
    },
    'conformation-ordered': {
      subject: (f) => `Pratica no. ${f.id}: the activity must conform`,
      body: (f) => [
        `${f.office} requires the activity notified with pratica no. ${f.id} (${f.activity}) to conform to the rules, by its act of ${f.concludedOn}.`,
        ...(f.note ? [`What to do: ${f.note}`] : []),
      ],
    },
    'time-expired-scia': {
      subject: (f) => `Pratica no. ${f.id}: the SCIA stands`,
      body: (f) => [
        `the ${f.proceedingDays} days in which ${f.office} could prohibit the activity notified with pratica no. ${f.id} (${f.activity}) have passed with no act: the SCIA stands and the activity may go on.`,
      ],
    },
    'time-expired-consent': {
      subject: (f) => `Pratica no. ${f.id}: granted by silent consent`,
      body: (f) => [
        `${f.office} did not decide on your pratica no. ${f.id} (${f.activity}) within ${f.proceedingDays} days of receipt: the application is granted by silent consent from ${f.concludedOn}.`,
      ],
    },
    withdrawn: {
      subject: (f) => `Pratica no. ${f.id}: withdrawn`,
      body: (f) => [
        `your pratica no. ${f.id} (${f.activity}) was withdrawn on ${f.concludedOn}, as you asked: ${f.office} will no longer examine it.`,
        'To start the activity after all you will have to send a new request.',
      ],
    },
    'correction-requested': {
      subject: (f) => `Pratica no. ${f.id}: correction requested`,
      body: (f) => [
        `${f.office} asks you to correct your pratica no. ${f.id} (${f.activity}).`,
        ...(f.note ? [`What is needed: ${f.note}`] : []),
        'The proceeding’s term stands still until you answer.',
        ...enSendTo(f),
      ],
    },
    'integration-requested': {
      subject: (f) => `Pratica no. ${f.id}: integration requested, answer by ${f.integrationDueOn}`,
      body: (f) => [
        `${f.office} asks you for an integration of your pratica no. ${f.id} (${f.activity}).`,
        ...(f.note ? [`What is needed: ${f.note}`] : []),
        `Answer by ${f.integrationDueOn}: if the answer does not arrive in time, the pratica will be closed. Until you answer, the proceeding’s term stands still.`,
        ...enSendTo(f),
      ],
    },
  },
};
