// The back office's form rules (spec §5 patterns and generic rules; the contract's bounds): a
// decision needs an outcome and a reason (extended text, 3 to 1000 characters); a storage limit is
// a day after today; a staff member needs names (simple text), a well-formed fiscal code, an e-mail
// and a staff profile. Each returns the write to send, or the message key of each wrong field.
import { DecisionRequestSchema, type StaffWrite } from '../../../shared/api/back-office.ts';
import { RequestState, Role } from '../../../shared/constants.ts';
import { Patterns } from '../../../shared/patterns.ts';
import type { MessageKey } from '../../i18n/messages.ts';

export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;
export type Checked<T, F extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<F> };

// Decision -----------------------------------------------------------------------------------------

export type Outcome = 'accept' | 'reject';
export interface DecisionValues {
  outcome: Outcome | '';
  reason: string;
}

/** The contract's bounds of a reason (src/shared/api/back-office.ts). */
const reasonSchema = DecisionRequestSchema.properties.reason as { minLength?: number; maxLength?: number };
export const REASON_MIN = reasonSchema.minLength ?? 3;
export const REASON_MAX = reasonSchema.maxLength ?? 1000;

export function checkDecision(values: DecisionValues): Checked<{ stateOfRequestId: 4 | 5; reason: string }, 'outcome' | 'reason'> {
  const errors: FieldErrors<'outcome' | 'reason'> = {};
  const reason = values.reason.trim();
  if (!values.outcome) errors.outcome = 'bo.decision.errors.outcome';
  if (reason === '') errors.reason = 'bo.decision.errors.required';
  else if (reason.length < REASON_MIN) errors.reason = 'bo.decision.errors.minlength';
  else if (reason.length > REASON_MAX) errors.reason = 'bo.decision.errors.maxlength';
  else if (!Patterns.extendedText.test(reason)) errors.reason = 'bo.decision.errors.pattern';
  if (Object.keys(errors).length > 0 || !values.outcome) return { ok: false, errors };
  return { ok: true, value: { stateOfRequestId: values.outcome === 'accept' ? RequestState.ACCEPTED : RequestState.REJECTED, reason } };
}

// Storage limit ------------------------------------------------------------------------------------

/** `day` is YYYY-MM-DD from a date input, `today` the reader's today in the same form. */
export function checkStorageLimit(day: string, today: string): Checked<string, 'storageLimit'> {
  if (!day) return { ok: false, errors: { storageLimit: 'bo.storage-limit.errors.required' } };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return { ok: false, errors: { storageLimit: 'bo.storage-limit.errors.date' } };
  if (day <= today) return { ok: false, errors: { storageLimit: 'bo.storage-limit.errors.future' } };
  return { ok: true, value: day };
}

// Staff --------------------------------------------------------------------------------------------

export const STAFF_FIELDS = ['firstName', 'lastName', 'fiscalCode', 'email', 'profileId'] as const;
export type StaffField = (typeof STAFF_FIELDS)[number];

export interface StaffValues {
  firstName: string;
  lastName: string;
  fiscalCode: string;
  email: string;
  profileId: '' | '2' | '3';
  active: boolean;
}

export const EMPTY_STAFF: StaffValues = { firstName: '', lastName: '', fiscalCode: '', email: '', profileId: '', active: true };

const NAME_MAX = 100;
const EMAIL_MAX = 255;

function checkName(value: string): MessageKey | null {
  if (value === '') return 'bo.users.errors.required';
  if (value.length > NAME_MAX) return 'bo.users.errors.too-long';
  return Patterns.simpleText.test(value) ? null : 'bo.users.errors.letters';
}

export function checkStaff(values: StaffValues, userId?: number): Checked<StaffWrite, StaffField> {
  const trimmed = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), fiscalCode: values.fiscalCode.trim().toUpperCase(), email: values.email.trim() };
  const errors: FieldErrors<StaffField> = {};
  const firstName = checkName(trimmed.firstName);
  const lastName = checkName(trimmed.lastName);
  if (firstName) errors.firstName = firstName;
  if (lastName) errors.lastName = lastName;
  if (trimmed.fiscalCode === '') errors.fiscalCode = 'bo.users.errors.required';
  else if (!Patterns.fiscalCode.test(trimmed.fiscalCode)) errors.fiscalCode = 'bo.users.errors.fiscal-code';
  if (trimmed.email === '') errors.email = 'bo.users.errors.required';
  else if (trimmed.email.length > EMAIL_MAX || !Patterns.email.test(trimmed.email)) errors.email = 'bo.users.errors.email';
  if (values.profileId !== String(Role.BO_ADMIN) && values.profileId !== String(Role.BO_COLLAB)) errors.profileId = 'bo.users.errors.profile';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { ...(userId ? { userId } : {}), ...trimmed, profile: { profileId: Number(values.profileId) }, active: values.active ? 1 : 0 },
  };
}

export function staffValuesOf(user: { firstName: string; lastName: string; fiscalCode?: string | null; email?: string | null; profile: { profileId: number }; active: number }): StaffValues {
  const profileId = user.profile.profileId === Role.BO_ADMIN ? '2' : user.profile.profileId === Role.BO_COLLAB ? '3' : '';
  return { firstName: user.firstName, lastName: user.lastName, fiscalCode: user.fiscalCode ?? '', email: user.email ?? '', profileId, active: user.active === 1 };
}
