// What the back office tells staff after a write (spec §8), as pure rules: the modal for each
// outcome of a decision, a storage-limit change, a staff create or modify. A refusal whose envelope
// carries an `errorKey` is told in the clerk's language (locales `api-errors.<key>`, docs/architecture.md "The API contract"),
// never in the server's English description; a 409 on a decision means the request changed
// meanwhile (reload it). Staff success texts agree with the person's gender when it is known.
import type { ModalRequest } from '#machines/modals.ts';
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

export function decisionFailed(failure: ApiFailure): ModalRequest {
  if (failure.status === 409) return alert('warning', 'bo.decision.conflict.title', 'bo.decision.conflict.description');
  return alert('error', 'bo.decision.error.title', failureMessageId(failure) ?? 'bo.decision.error.description');
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
