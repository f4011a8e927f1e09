// What the back office tells staff after a write (spec §8), as pure rules: the modal for each
// outcome of a decision, a storage-limit change, a staff create or modify. For a 400 the server's
// message is passed on; a 409 on a decision means the request changed meanwhile (reload it).
import type { ModalRequest } from '../../../../machines/modals.ts';
import type { SuapRequest } from '../../../shared/api/requests.ts';
import { RequestState } from '../../../shared/constants.ts';
import type { User } from '../../../shared/domain.ts';
import type { WriteFailure } from './api.ts';

const alert = (type: NonNullable<ModalRequest['type']>, titleKey: string, descriptionKey?: string, values?: ModalRequest['values']): ModalRequest => ({
  kind: 'alert',
  type,
  titleKey,
  ...(descriptionKey ? { descriptionKey } : {}),
  ...(values ? { values } : {}),
});

/** The server's message of a 400, when it gave one. */
function serverMessage(failure: WriteFailure): string | null {
  return failure.status === 400 && failure.message ? failure.message : null;
}

export function decisionSucceeded(request: SuapRequest): ModalRequest {
  const accepted = request.stateOfRequest.stateOfRequestId === RequestState.ACCEPTED;
  return alert('success', accepted ? 'bo.decision.accepted' : 'bo.decision.rejected', undefined, { id: request.requestId });
}

export function decisionFailed(failure: WriteFailure): ModalRequest {
  if (failure.status === 409) return alert('warning', 'bo.decision.conflict.title', 'bo.decision.conflict.description');
  return alert('error', 'bo.decision.error.title', serverMessage(failure) ?? 'bo.decision.error.description');
}

export function storageLimitSaved(date: string): ModalRequest {
  return alert('success', 'bo.storage-limit.saved', undefined, { date });
}

export function storageLimitFailed(failure: WriteFailure): ModalRequest {
  if (failure.status === 409) return alert('warning', 'bo.storage-limit.conflict.title', 'bo.storage-limit.conflict.description');
  return alert('error', 'bo.storage-limit.error.title', serverMessage(failure) ?? 'bo.storage-limit.error.description');
}

const fullName = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

/** Spec §8: the created name and the profile's description; the new user's details open next. */
export function userCreated(user: User): ModalRequest {
  return alert('success', 'bo.user-create.success.title', 'bo.user-create.success.description', {
    name: fullName(user),
    profile: user.profile.description ?? String(user.profile.profileId),
  });
}

/** Spec §8: the server's message, or the default create-user error title and description. */
export function userCreateFailed(failure: WriteFailure): ModalRequest {
  return alert('error', 'bo.user-create.error.title', serverMessage(failure) ?? 'bo.user-create.error.description');
}

export function userModified(user: User): ModalRequest {
  return alert('success', 'bo.user-modify.success.title', 'bo.user-modify.success.description', { name: fullName(user) });
}

export function userModifyFailed(failure: WriteFailure): ModalRequest {
  return alert('error', 'bo.user-modify.error.title', serverMessage(failure) ?? 'bo.user-modify.error.description');
}
