// Fixed reference data: profiles (spec §3 roles), request states (spec §4) and service types.
import { RequestState, Role, STARTUP_SERVICE_TYPE_ID } from '#shared/constants.ts';

export const PROFILES = [
  { profile_id: Role.FRONT_OFFICE, code: 'FRONT_OFFICE', description_it: 'Cittadino o impresa', description_en: 'Citizen or business' },
  { profile_id: Role.BO_ADMIN, code: 'BO_ADMIN', description_it: 'Amministratore', description_en: 'Administrator' },
  { profile_id: Role.BO_COLLAB, code: 'BO_COLLAB', description_it: 'Collaboratore', description_en: 'Collaborator' },
  { profile_id: Role.BACK_OFFICE, code: 'BACK_OFFICE', description_it: 'Back office', description_en: 'Back office' },
];

export const REQUEST_STATES = [
  { state_of_request_id: RequestState.DRAFT, code: 'IN_BOZZA', description_it: 'In bozza', description_en: 'Draft' },
  { state_of_request_id: RequestState.DELETED, code: 'ELIMINATA', description_it: 'Eliminata', description_en: 'Deleted' },
  { state_of_request_id: RequestState.SENT, code: 'INVIATA', description_it: 'Inviata', description_en: 'Sent' },
  { state_of_request_id: RequestState.ACCEPTED, code: 'ACCETTATA', description_it: 'Accettata', description_en: 'Accepted' },
  { state_of_request_id: RequestState.REJECTED, code: 'RIFIUTATA', description_it: 'Rifiutata', description_en: 'Rejected' },
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
