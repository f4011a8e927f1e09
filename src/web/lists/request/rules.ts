// Spec §4 "Request states" as the screens show them, with the pratica's states 6 to 15
// (docs/architecture.md "The pratica's lifecycle"): each state's name, the family its colour says
// (open, waiting for the applicant, ended well, ended badly, ended by time or withdrawal), which date
// a card shows, which requests offer resume and delete (drafts only), and the texts of the bilingual
// reference data.
import type { SuapRequest } from '#shared/api/requests.ts';
import { type Language, RequestState } from '#shared/constants.ts';
import { PraticaState, type PraticaStateId } from '#shared/pratica.ts';
import { historyActor, ROLE_KEYS, type HistoryFacts } from '#shared/pratica-history.ts';
import type { MessageKey } from '../../i18n/messages.ts';

export type StateName =
  | 'draft'
  | 'deleted'
  | 'sent'
  | 'accepted'
  | 'rejected'
  | 'correction-requested'
  | 'corrected'
  | 'refused'
  | 'integration-requested'
  | 'integrated'
  | 'integration-expired'
  | 'suspended'
  | 'conformation-ordered'
  | 'time-expired'
  | 'withdrawn';

const STATE_NAMES: Readonly<Record<PraticaStateId, StateName>> = {
  [PraticaState.DRAFT]: 'draft',
  [PraticaState.DELETED]: 'deleted',
  [PraticaState.PRESENTED]: 'sent',
  [PraticaState.ACCEPTED]: 'accepted',
  [PraticaState.REJECTED]: 'rejected',
  [PraticaState.CORRECTION_REQUESTED]: 'correction-requested',
  [PraticaState.CORRECTED]: 'corrected',
  [PraticaState.REFUSED]: 'refused',
  [PraticaState.INTEGRATION_REQUESTED]: 'integration-requested',
  [PraticaState.INTEGRATED]: 'integrated',
  [PraticaState.INTEGRATION_EXPIRED]: 'integration-expired',
  [PraticaState.SUSPENDED]: 'suspended',
  [PraticaState.CONFORMATION_ORDERED]: 'conformation-ordered',
  [PraticaState.TIME_EXPIRED]: 'time-expired',
  [PraticaState.WITHDRAWN]: 'withdrawn',
};

export function stateName(stateOfRequestId: number): StateName | null {
  return STATE_NAMES[stateOfRequestId as PraticaStateId] ?? null;
}

/** Our own words for each state, when the reference data gives none. */
export const STATE_KEYS: Readonly<Record<StateName, MessageKey>> = {
  draft: 'pa.state.draft',
  deleted: 'pa.state.deleted',
  sent: 'pa.state.sent',
  accepted: 'pa.state.accepted',
  rejected: 'pa.state.rejected',
  'correction-requested': 'pa.state.correction-requested',
  corrected: 'pa.state.corrected',
  refused: 'pa.state.refused',
  'integration-requested': 'pa.state.integration-requested',
  integrated: 'pa.state.integrated',
  'integration-expired': 'pa.state.integration-expired',
  suspended: 'pa.state.suspended',
  'conformation-ordered': 'pa.state.conformation-ordered',
  'time-expired': 'pa.state.time-expired',
  withdrawn: 'pa.state.withdrawn',
};

/**
 * What a state's colour means (lists.scss gives each family one colour, white text at least 4.9:1):
 * a draft and a deleted draft keep their own; a pratica is open on the office's desk, waits for the
 * applicant (a correction or an integration asked), or ended well, badly, or by time or withdrawal.
 */
export type StateFamily = 'draft' | 'deleted' | 'open' | 'awaiting-applicant' | 'ended-well' | 'ended-badly' | 'ended-by-time-or-withdrawal';

const FAMILIES: Readonly<Record<StateName, StateFamily>> = {
  draft: 'draft',
  deleted: 'deleted',
  sent: 'open',
  corrected: 'open',
  integrated: 'open',
  'correction-requested': 'awaiting-applicant',
  'integration-requested': 'awaiting-applicant',
  accepted: 'ended-well',
  rejected: 'ended-badly',
  refused: 'ended-badly',
  suspended: 'ended-badly',
  'conformation-ordered': 'ended-badly',
  'integration-expired': 'ended-by-time-or-withdrawal',
  'time-expired': 'ended-by-time-or-withdrawal',
  withdrawn: 'ended-by-time-or-withdrawal',
};

/** The family of a state; an unknown id is shown like a deleted draft (grey). */
export function stateFamily(stateOfRequestId: number): StateFamily {
  const name = stateName(stateOfRequestId);
  return name ? FAMILIES[name] : 'deleted';
}

/** The badge class of a state (its family's colour, lists.scss). */
export function stateClass(stateOfRequestId: number): string {
  return `app-state-${stateFamily(stateOfRequestId)}`;
}

export interface RequestDate {
  labelKey: MessageKey;
  /** An instant (ISO 8601) or a calendar day (YYYY-MM-DD): formatDate shows either as DD/MM/YYYY. */
  date: string;
}

type Dated = Pick<SuapRequest, 'stateOfRequest' | 'updatedOn' | 'doneOn' | 'pratica'>;

/**
 * The date a card shows. Spec §4 for its states: a draft "updated on"; accepted and rejected "done
 * on"; sent and deleted none. The pratica's: corrected and integrated are back on the office's desk
 * like a sent one (none; the details page shows the term); an integration asked shows the day the
 * answer is due, a correction asked the day it was asked (the term stands still from then); every
 * other conclusion "done on", a withdrawal "withdrawn on": the act's instant, or for an end by
 * time the day the pratica ended (the day after its due day).
 */
export function requestDate(request: Dated): RequestDate | null {
  const state = request.stateOfRequest.stateOfRequestId;
  const pratica = request.pratica ?? null;
  if (state === RequestState.DRAFT) return { labelKey: 'pa.card.updated-on', date: request.updatedOn };
  if (state === PraticaState.INTEGRATION_REQUESTED)
    return pratica?.integrationDueOn ? { labelKey: 'pratica.card.answer-by', date: pratica.integrationDueOn } : null;
  if (state === PraticaState.CORRECTION_REQUESTED) return pratica?.suspendedSince ? { labelKey: 'pratica.card.asked-on', date: pratica.suspendedSince } : null;
  if (!isConcluded(request)) return null;
  // Time ends a pratica the day after its due day, whenever the clock notices; an act, when it is recorded.
  const byTime = state === PraticaState.TIME_EXPIRED || state === PraticaState.INTEGRATION_EXPIRED;
  const date = (byTime ? (pratica?.concludedOn ?? request.doneOn) : (request.doneOn ?? pratica?.concludedOn)) ?? null;
  if (!date) return null;
  return { labelKey: state === PraticaState.WITHDRAWN ? 'pratica.card.withdrawn-on' : 'pa.card.done-on', date };
}

/** Spec §4: only drafts show resume and delete. */
export function isDraft(request: Pick<SuapRequest, 'stateOfRequest'>): boolean {
  return request.stateOfRequest.stateOfRequestId === RequestState.DRAFT;
}

export function isDecided(request: Pick<SuapRequest, 'stateOfRequest'>): boolean {
  const state = request.stateOfRequest.stateOfRequestId;
  return state === RequestState.ACCEPTED || state === RequestState.REJECTED;
}

/** A pratica that ended (any end but a deleted draft): nothing moves it any more. */
export function isConcluded(request: Pick<SuapRequest, 'stateOfRequest'>): boolean {
  const family = stateFamily(request.stateOfRequest.stateOfRequestId);
  return family === 'ended-well' || family === 'ended-badly' || family === 'ended-by-time-or-withdrawal';
}

/** Reference data carries an Italian and an English text: the one of the current language. */
export function localized(language: Language, italian: string | null | undefined, english: string | null | undefined): string {
  return (language === 'en' ? english || italian : italian || english) ?? '';
}

export function stateDescription(language: Language, request: Pick<SuapRequest, 'stateOfRequest'>): string {
  return localized(language, request.stateOfRequest.descriptionIt, request.stateOfRequest.descriptionEn);
}

export function serviceName(language: Language, request: Pick<SuapRequest, 'typeOfService'>): string {
  return localized(language, request.typeOfService.nameIt, request.typeOfService.nameEn);
}

/** Who made a change in the history, as a citizen reads it: staff by role, never by name; the clock as the system. */
export function roleKey(entry: Pick<HistoryFacts, 'event' | 'actorProfileId'>): MessageKey {
  return CITIZEN_ROLE_KEYS[historyActor(entry)];
}

const CITIZEN_ROLE_KEYS = {
  applicant: 'pa.history.by-citizen',
  admin: 'pa.history.by-admin',
  collab: 'pa.history.by-collab',
  clerk: 'pa.history.by-clerk',
  system: 'pa.history.by-system',
} as const satisfies Record<ReturnType<typeof historyActor>, MessageKey>;

/** Staff read the history with names; the role is said after the name ("Luca Neri (Collaboratore)"). */
export function staffRoleKey(entry: Pick<HistoryFacts, 'event' | 'actorProfileId'>): MessageKey {
  return ROLE_KEYS[historyActor(entry)];
}
