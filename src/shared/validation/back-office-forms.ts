// The back office's forms (spec §5 patterns, §6), as yup schemas over src/shared's rules: a decision
// needs an outcome and a reason (several lines, real punctuation, 3 to 1000 characters); a storage
// limit is a calendar day in the range the server offers; a staff member needs names (a person's
// name), a fiscal code whose check character is right, an e-mail and a staff profile. Errors are
// message keys (locales `bo.*`), the first that applies to each field. The values of a stored staff
// member for the form are here too (staffValuesOf).
import { mixed, object, string } from 'yup';
import { DECISION_REASON, type DecisionRequest, type StaffWrite } from '../api/back-office.ts';
import { RequestState, Role } from '../constants.ts';
import { type DayRange, isCalendarDay } from '../dates.ts';
import { hasValidCheckCharacter } from '../fiscal-code-check.ts';
import { Patterns } from '../patterns.ts';
import { validate, type Checked } from './validate.ts';

// Decision -----------------------------------------------------------------------------------------

export type Outcome = 'accept' | 'reject';
export interface DecisionValues {
  outcome: Outcome | '';
  reason: string;
}
export type DecisionField = keyof DecisionValues;

export const REASON_MIN = DECISION_REASON.minLength;
export const REASON_MAX = DECISION_REASON.maxLength;

const decisionSchema = object({
  outcome: mixed<Outcome>().required('bo.decision.errors.outcome').oneOf(['accept', 'reject'], 'bo.decision.errors.outcome'),
  reason: string()
    .trim()
    .required('bo.decision.errors.required')
    .min(REASON_MIN, 'bo.decision.errors.minlength')
    .max(REASON_MAX, 'bo.decision.errors.maxlength')
    .matches(DECISION_REASON.pattern, 'bo.decision.errors.pattern'),
});

/** The decision to send (without the version the machine adds), or each wrong field's message. */
export function checkDecision(values: DecisionValues): Checked<Omit<DecisionRequest, 'version'>, DecisionField> {
  const checked = validate<{ outcome: Outcome; reason: string }, DecisionField>(decisionSchema, values);
  if (!checked.ok) return checked;
  return {
    ok: true,
    value: { stateOfRequestId: checked.value.outcome === 'accept' ? RequestState.ACCEPTED : RequestState.REJECTED, reason: checked.value.reason },
  };
}

// Storage limit ------------------------------------------------------------------------------------

/** `range`: the days the server offers (tomorrow to the retention maximum, Europe/Rome). */
function storageLimitSchema(range: DayRange) {
  return object({
    storageLimit: string()
      .required('bo.storage-limit.errors.required')
      .test('day', 'bo.storage-limit.errors.date', (day) => isCalendarDay(day ?? ''))
      .test('future', 'bo.storage-limit.errors.future', (day) => !isCalendarDay(day ?? '') || day! >= range.from)
      .test('too-far', 'bo.storage-limit.errors.too-far', (day) => !isCalendarDay(day ?? '') || day! <= range.to),
  });
}

export function checkStorageLimit(day: string, range: DayRange): Checked<string, 'storageLimit'> {
  const checked = validate<{ storageLimit: string }, 'storageLimit'>(storageLimitSchema(range), { storageLimit: day });
  return checked.ok ? { ok: true, value: checked.value.storageLimit } : checked;
}

// Staff --------------------------------------------------------------------------------------------

export const STAFF_FIELDS = ['firstName', 'lastName', 'fiscalCode', 'email', 'profileId', 'active'] as const;
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
const staffName = () =>
  string().trim().required('bo.users.errors.required').max(NAME_MAX, 'bo.users.errors.too-long').matches(Patterns.personName, 'bo.users.errors.letters');

const staffSchema = object({
  firstName: staffName(),
  lastName: staffName(),
  fiscalCode: string()
    .trim()
    .uppercase()
    .required('bo.users.errors.required')
    .matches(Patterns.fiscalCode, 'bo.users.errors.fiscal-code')
    .test('check-character', 'bo.users.errors.check-character', (code) => !code || !Patterns.fiscalCode.test(code) || hasValidCheckCharacter(code)),
  email: string().trim().required('bo.users.errors.required').max(EMAIL_MAX, 'bo.users.errors.email').matches(Patterns.email, 'bo.users.errors.email'),
  profileId: string()
    .oneOf([String(Role.BO_ADMIN), String(Role.BO_COLLAB)], 'bo.users.errors.profile')
    .required('bo.users.errors.profile'),
});

/** The write to send (`userId` when modifying), or each wrong field's message. */
export function checkStaff(values: StaffValues, userId?: number): Checked<StaffWrite, StaffField> {
  const checked = validate<{ firstName: string; lastName: string; fiscalCode: string; email: string; profileId: string }, StaffField>(staffSchema, values);
  if (!checked.ok) return checked;
  const { profileId, ...rest } = checked.value;
  return { ok: true, value: { ...(userId ? { userId } : {}), ...rest, profile: { profileId: Number(profileId) }, active: values.active ? 1 : 0 } };
}

/** The form's values of a stored staff member (a profile the form does not offer becomes ''). */
export function staffValuesOf(user: {
  firstName: string;
  lastName: string;
  fiscalCode?: string | null;
  email?: string | null;
  profile: { profileId: number };
  active: number;
}): StaffValues {
  const profileId = user.profile.profileId === Role.BO_ADMIN ? '2' : user.profile.profileId === Role.BO_COLLAB ? '3' : '';
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    fiscalCode: user.fiscalCode ?? '',
    email: user.email ?? '',
    profileId,
    active: user.active === 1,
  };
}
