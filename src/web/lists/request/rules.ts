// Spec §4 "Request states" as the screens show them: each state's colour, which date a request
// shows (a draft "updated on", accepted and rejected "done on", sent and deleted none), which
// requests offer resume and delete (drafts only), and the texts of the bilingual reference data.
import type { SuapRequest } from '#shared/api/requests.ts';
import { type Language, RequestState, Role } from '#shared/constants.ts';
import type { MessageKey } from '../../i18n/messages.ts';

export type StateName = 'draft' | 'deleted' | 'sent' | 'accepted' | 'rejected';

const STATE_NAMES: Readonly<Record<number, StateName>> = {
  [RequestState.DRAFT]: 'draft',
  [RequestState.DELETED]: 'deleted',
  [RequestState.SENT]: 'sent',
  [RequestState.ACCEPTED]: 'accepted',
  [RequestState.REJECTED]: 'rejected',
};

export function stateName(stateOfRequestId: number): StateName | null {
  return STATE_NAMES[stateOfRequestId] ?? null;
}

/** The badge class of a state (its own colour, lists.scss). */
export function stateClass(stateOfRequestId: number): string {
  const name = stateName(stateOfRequestId);
  return name ? `app-state-${name}` : 'app-state-deleted';
}

export interface RequestDate {
  labelKey: MessageKey;
  iso: string;
}

/** Spec §4: draft → updated on; accepted, rejected → done on; sent, deleted → no date. */
export function requestDate(request: Pick<SuapRequest, 'stateOfRequest' | 'updatedOn' | 'doneOn'>): RequestDate | null {
  const state = request.stateOfRequest.stateOfRequestId;
  if (state === RequestState.DRAFT) return { labelKey: 'pa.card.updated-on', iso: request.updatedOn };
  if ((state === RequestState.ACCEPTED || state === RequestState.REJECTED) && request.doneOn) return { labelKey: 'pa.card.done-on', iso: request.doneOn };
  return null;
}

/** Spec §4: only drafts show resume and delete. */
export function isDraft(request: Pick<SuapRequest, 'stateOfRequest'>): boolean {
  return request.stateOfRequest.stateOfRequestId === RequestState.DRAFT;
}

export function isSent(request: Pick<SuapRequest, 'stateOfRequest'>): boolean {
  return request.stateOfRequest.stateOfRequestId === RequestState.SENT;
}

export function isDecided(request: Pick<SuapRequest, 'stateOfRequest'>): boolean {
  const state = request.stateOfRequest.stateOfRequestId;
  return state === RequestState.ACCEPTED || state === RequestState.REJECTED;
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

/** Who made a change in the history, as a citizen reads it: staff by role, never by name. */
export function roleKey(profileId: number | null): MessageKey {
  if (profileId === Role.FRONT_OFFICE) return 'pa.history.by-citizen';
  if (profileId === Role.BO_ADMIN) return 'pa.history.by-admin';
  if (profileId === Role.BO_COLLAB) return 'pa.history.by-collab';
  return 'pa.history.by-system';
}

/** Staff read the history with names; the role said after the name. */
export function staffRoleKey(profileId: number | null): MessageKey {
  if (profileId === Role.FRONT_OFFICE) return 'bo.history.role-citizen';
  if (profileId === Role.BO_ADMIN) return 'bo.profile.admin';
  if (profileId === Role.BO_COLLAB) return 'bo.profile.collab';
  return 'bo.history.role-system';
}
