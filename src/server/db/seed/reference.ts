// Fixed reference data: profiles (spec §3 roles, with the clerk), request states (spec §4, with the
// pratica's: docs/architecture.md "The pratica's lifecycle") and service types.
import { RequestState, Role, STARTUP_SERVICE_TYPE_ID } from '#shared/constants.ts';
import { PraticaState } from '#shared/pratica.ts';

export const PROFILES = [
  { profile_id: Role.FRONT_OFFICE, code: 'FRONT_OFFICE', description_it: 'Cittadino o impresa', description_en: 'Citizen or business' },
  { profile_id: Role.BO_ADMIN, code: 'BO_ADMIN', description_it: 'Amministratore', description_en: 'Administrator' },
  { profile_id: Role.BO_COLLAB, code: 'BO_COLLAB', description_it: 'Collaboratore', description_en: 'Collaborator' },
  { profile_id: Role.CLERK, code: 'BO_CLERK', description_it: 'Istruttore', description_en: 'Clerk in charge' },
  { profile_id: Role.BACK_OFFICE, code: 'BACK_OFFICE', description_it: 'Back office', description_en: 'Back office' },
];

export const REQUEST_STATES = [
  { state_of_request_id: RequestState.DRAFT, code: 'IN_BOZZA', description_it: 'In bozza', description_en: 'Draft' },
  { state_of_request_id: RequestState.DELETED, code: 'ELIMINATA', description_it: 'Eliminata', description_en: 'Deleted' },
  { state_of_request_id: RequestState.SENT, code: 'INVIATA', description_it: 'Inviata', description_en: 'Sent' },
  { state_of_request_id: RequestState.ACCEPTED, code: 'ACCETTATA', description_it: 'Accettata', description_en: 'Accepted' },
  { state_of_request_id: RequestState.REJECTED, code: 'RIFIUTATA', description_it: 'Rifiutata', description_en: 'Rejected' },
  // The pratica's lifecycle (src/shared/pratica.ts PraticaState; Catalogo SSU names in SSU_STATE).
  {
    state_of_request_id: PraticaState.CORRECTION_REQUESTED,
    code: 'REGOLARIZZAZIONE_RICHIESTA',
    description_it: 'Regolarizzazione richiesta',
    description_en: 'Correction requested',
  },
  { state_of_request_id: PraticaState.CORRECTED, code: 'REGOLARIZZATA', description_it: 'Regolarizzata', description_en: 'Corrected' },
  { state_of_request_id: PraticaState.REFUSED, code: 'IRRICEVIBILE', description_it: 'Irricevibile', description_en: 'Refused as inadmissible' },
  {
    state_of_request_id: PraticaState.INTEGRATION_REQUESTED,
    code: 'INTEGRAZIONE_RICHIESTA',
    description_it: 'Integrazione richiesta',
    description_en: 'Integration requested',
  },
  { state_of_request_id: PraticaState.INTEGRATED, code: 'INTEGRATA', description_it: 'Integrata', description_en: 'Integrated' },
  {
    state_of_request_id: PraticaState.INTEGRATION_EXPIRED,
    code: 'CHIUSA_INTEGRAZIONE_SCADUTA',
    description_it: 'Chiusa per integrazione non pervenuta',
    description_en: 'Closed, integration overdue',
  },
  { state_of_request_id: PraticaState.SUSPENDED, code: 'ATTIVITA_SOSPESA', description_it: 'Attività sospesa', description_en: 'Activity suspended' },
  {
    state_of_request_id: PraticaState.CONFORMATION_ORDERED,
    code: 'CONFORMAZIONE_ORDINATA',
    description_it: 'Conformazione ordinata',
    description_en: 'Conformation ordered',
  },
  {
    state_of_request_id: PraticaState.TIME_EXPIRED,
    code: 'CONCLUSA_DECORSO_TERMINI',
    description_it: 'Conclusa per decorso dei termini',
    description_en: 'Concluded by elapsed time',
  },
  { state_of_request_id: PraticaState.WITHDRAWN, code: 'RITIRATA', description_it: 'Ritirata', description_en: 'Withdrawn' },
];

export const SERVICE_TYPES = [
  {
    type_of_service_id: STARTUP_SERVICE_TYPE_ID,
    name_it: 'Avvio attività produttiva',
    name_en: 'Starting a business activity',
    description_it: "Presenta allo Sportello Unico per le Attività Produttive (SUAP) del tuo comune la pratica per avviare un'attività d'impresa.",
    description_en: 'File with your municipality’s one-stop shop for business activities (SUAP) the request to start a business activity.',
  },
];

/** Public-service mapping (EU Single Digital Gateway, Annex II: starting a business). */
export const PUBLIC_SERVICE_MAPPINGS = [
  {
    name: 'startup',
    public_service: {
      sdgProcedure: 'Starting, running and closing a business',
      sdgCode: 'R1',
      typeOfServiceId: STARTUP_SERVICE_TYPE_ID,
    },
  },
];
