// What the back office tells staff after a write (spec §8), as pure rules: the modal for each
// outcome of an event on a pratica, a storage-limit change, a staff create or modify. A refusal whose
// envelope carries an `errorKey` is told in the clerk's language (locales `api-errors.<key>`,
// docs/architecture.md "The API contract"), never in the server's English description; a pratica's
// refused event names its reason, read from the lifecycle machine's own list of conditions
// (machines/pratica/rules.ts CONDITIONS), each with its text in both languages. Staff success texts
// agree with the person's gender when it is known.
import type { ModalRequest } from '#machines/modals.ts';
import { CONDITIONS, type ConditionGuard } from '#machines/pratica/rules.ts';
import type { User } from '#shared/domain.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import type { ApiFailure } from '#shared/api/failure.ts';
import { genderOfFiscalCode } from '#shared/fiscal-code-check.ts';
import { errorMessageId } from '../../i18n/error-messages.ts';

const alert = (type: NonNullable<ModalRequest['type']>, titleKey: string, descriptionKey?: string, values?: ModalRequest['values']): ModalRequest => ({
  kind: 'alert',
  type,
  titleKey,
  ...(descriptionKey ? { descriptionKey } : {}),
  ...(values ? { values } : {}),
});

/** The localised text of the failure's kind, when the server named one (never the generic kind: the default text says more). */
export function failureMessageId(failure: Pick<ApiFailure, 'errorKey'>): string | null {
  const key = failure.errorKey;
  return key && key !== ErrorKey.genericError ? errorMessageId(key) : null;
}

/** The conditions a staff member's event can break, with the text of each (the others concern the clock or the applicant). */
const REASONS: Partial<Record<ConditionGuard, string>> = {
  isUnassigned: 'bo.pratica.reason.assigned',
  isColleagueOfOffice: 'bo.pratica.reason.colleague',
  isTermOpen: 'bo.pratica.reason.term',
  isIntegrationWindowOpen: 'bo.pratica.reason.integration-window',
  isFirstIntegration: 'bo.pratica.reason.integration-once',
  isIntegrationAnswerOnTime: 'bo.pratica.reason.integration-answer',
  isScia: 'bo.pratica.reason.scia',
};

/**
 * Why the server refused an event on a pratica (403, 404, 409), as the text of an error alert: a
 * copy changed meanwhile, a role that may not, a pratica not of the office, or the lifecycle's
 * reason — the condition the server's description names, else the state that allows it no more.
 */
export function praticaEventRefused(failure: ApiFailure, openerId?: string): ModalRequest {
  return { ...alert('error', 'bo.pratica.refused.title', refusalReasonOf(failure)), ...(openerId ? { openerId } : {}) };
}

function refusalReasonOf(failure: ApiFailure): string {
  if (failure.status === 403) return 'bo.pratica.refused.forbidden';
  if (failure.status === 404) return 'bo.pratica.refused.missing';
  if (failure.errorKey === ErrorKey.staleVersion) return 'bo.pratica.refused.stale';
  const described = failure.message ?? '';
  const named = (Object.keys(REASONS) as ConditionGuard[]).find((name) => described.includes(CONDITIONS[name].refusal));
  if (named) return REASONS[named]!;
  return failure.errorKey === ErrorKey.transitionNotAllowed ? 'bo.pratica.refused.state' : (failureMessageId(failure) ?? 'bo.pratica.refused.state');
}

const fullName = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

/**
 * The person's grammatical gender for Italian agreement ("registrata", "creata"): the recorded
 * gender, else the one the fiscal code records; `other` (the masculine default) when unknown.
 */
export function genderOf(user: Pick<User, 'gender' | 'fiscalCode'>): 'F' | 'M' | 'other' {
  const recorded = user.gender === 'F' || user.gender === 'M' ? user.gender : null;
  return recorded ?? genderOfFiscalCode(user.fiscalCode) ?? 'other';
}

/** Spec §8: the created name and the profile (`profile`: its label in the clerk's language); the new user's details open next. */
export function userCreated(user: User, profile: string): ModalRequest {
  return alert('success', 'bo.user-create.success.title', 'bo.user-create.success.description', { name: fullName(user), profile, gender: genderOf(user) });
}

/** Spec §8: the server's message, or the default create-user error title and description. */
export function userCreateFailed(failure: ApiFailure): ModalRequest {
  return alert('error', 'bo.user-create.error.title', failureMessageId(failure) ?? 'bo.user-create.error.description');
}

export function userModified(user: User): ModalRequest {
  return alert('success', 'bo.user-modify.success.title', 'bo.user-modify.success.description', { name: fullName(user), gender: genderOf(user) });
}

/** A staff write that was neither saved nor refused on a field (no answer, a server failure, another refusal). */
export function staffWriteFailed(failure: ApiFailure, modifying: boolean): ModalRequest {
  return modifying ? userModifyFailed(failure) : userCreateFailed(failure);
}

export function userModifyFailed(failure: ApiFailure): ModalRequest {
  return alert('error', 'bo.user-modify.error.title', failureMessageId(failure) ?? 'bo.user-modify.error.description');
}
