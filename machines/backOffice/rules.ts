// The back office's form rules (issue #15, spec §5 patterns), as yup schemas built from the shared
// rules of src/shared: a decision needs an outcome and a reason (several lines, real punctuation,
// 3 to 1000 characters); a storage limit is a calendar day in the range the server offers; a staff
// member needs names (simple text), a fiscal code whose check character is right, an e-mail and a
// staff profile. Errors are message keys (locales `bo.*`), one per field, the first that applies.
// The server's refusals arrive as codes and are mapped to the same kind of field errors here.
import { mixed, object, string, ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { ERROR_KEYS, ErrorKey } from '../../src/shared/api/error-keys.ts';
import { DECISION_REASON, type DecisionRequest, type StaffWrite } from '../../src/shared/api/back-office.ts';
import { RequestState, Role } from '../../src/shared/constants.ts';
import { type DayRange, isCalendarDay } from '../../src/shared/dates.ts';
import { hasValidCheckCharacter } from '../../src/shared/fiscal-code-check.ts';
import { Patterns } from '../../src/shared/patterns.ts';

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;
export type Checked<T, F extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<F> };

/** Validates `values` with `schema`: the value to send, or the first error of each wrong field. */
export function validate<T extends AnyObject, F extends string>(schema: ObjectSchema<T>, values: unknown): Checked<T, F> {
  try {
    return { ok: true, value: schema.validateSync(values, { abortEarly: false, stripUnknown: true }) as T };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FieldErrors<F> = {};
    for (const inner of error.inner.length > 0 ? error.inner : [error]) {
      const field = (inner.path ?? '') as F;
      if (field && !errors[field]) errors[field] = inner.message;
    }
    return { ok: false, errors };
  }
}

/** A refused or failed write: the HTTP status (0: no answer), the server's error code and message. */
export interface WriteFailure {
  status: number;
  /** The envelope's machine-readable `errorKey` (or a field code of the back office), when sent. */
  code: string | null;
  message: string | null;
}

export function isStale(failure: WriteFailure): boolean {
  return failure.status === 409;
}

/**
 * The message key of a refusal shown on a field: the localised text of the server's errorKey
 * (locales `api-errors.<key>`, issue #16.3) when it named a kind, else `fallback`. Never the
 * server's own description, which is English for people reading logs.
 */
export function refusalMessage(failure: WriteFailure, fallback: string): string {
  return failure.code && (ERROR_KEYS as string[]).includes(failure.code) && failure.code !== ErrorKey.genericError ? `api-errors.${failure.code}` : fallback;
}

// Decision -----------------------------------------------------------------------------------------

export type Outcome = 'accept' | 'reject';
export interface DecisionValues {
  outcome: Outcome | '';
  reason: string;
}
export type DecisionField = keyof DecisionValues;

export const REASON_MIN = DECISION_REASON.minLength;
export const REASON_MAX = DECISION_REASON.maxLength;

export const decisionSchema = object({
  outcome: mixed<Outcome>().required('bo.decision.errors.outcome').oneOf(['accept', 'reject'], 'bo.decision.errors.outcome'),
  reason: string()
    .trim()
    .required('bo.decision.errors.required')
    .min(REASON_MIN, 'bo.decision.errors.minlength')
    .max(REASON_MAX, 'bo.decision.errors.maxlength')
    .matches(DECISION_REASON.pattern, 'bo.decision.errors.pattern'),
});

export function checkDecision(values: DecisionValues): Checked<Omit<DecisionRequest, 'version'>, DecisionField> {
  const checked = validate<{ outcome: Outcome; reason: string }, DecisionField>(decisionSchema, values);
  if (!checked.ok) return checked;
  return { ok: true, value: { stateOfRequestId: checked.value.outcome === 'accept' ? RequestState.ACCEPTED : RequestState.REJECTED, reason: checked.value.reason } };
}

// Storage limit ------------------------------------------------------------------------------------

/** `range`: the days the server offers (tomorrow to the retention maximum, Europe/Rome). */
export function storageLimitSchema(range: DayRange) {
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
const staffName = () => string().trim().required('bo.users.errors.required').max(NAME_MAX, 'bo.users.errors.too-long').matches(Patterns.personName, 'bo.users.errors.letters');

export const staffSchema = object({
  firstName: staffName(),
  lastName: staffName(),
  fiscalCode: string()
    .trim()
    .uppercase()
    .required('bo.users.errors.required')
    .matches(Patterns.fiscalCode, 'bo.users.errors.fiscal-code')
    .test('check-character', 'bo.users.errors.check-character', (code) => !code || !Patterns.fiscalCode.test(code) || hasValidCheckCharacter(code)),
  email: string().trim().required('bo.users.errors.required').max(EMAIL_MAX, 'bo.users.errors.email').matches(Patterns.email, 'bo.users.errors.email'),
  profileId: string().oneOf([String(Role.BO_ADMIN), String(Role.BO_COLLAB)], 'bo.users.errors.profile').required('bo.users.errors.profile'),
});

export function checkStaff(values: StaffValues, userId?: number): Checked<StaffWrite, StaffField> {
  const checked = validate<{ firstName: string; lastName: string; fiscalCode: string; email: string; profileId: string }, StaffField>(staffSchema, values);
  if (!checked.ok) return checked;
  const { profileId, ...rest } = checked.value;
  return { ok: true, value: { ...(userId ? { userId } : {}), ...rest, profile: { profileId: Number(profileId) }, active: values.active ? 1 : 0 } };
}

/** What a person may not do to their own record (the server refuses it too, issue #15.7). */
export interface SelfLimits {
  /** Editing oneself: neither deactivating nor changing one's own profile is offered. */
  isSelf: boolean;
}

/**
 * The server's refusal codes of staff writes, mapped to the field they concern and its message.
 * An unknown code stays a form-level failure (the server's message in an alert).
 */
export const STAFF_REFUSALS: Readonly<Record<string, { field: StaffField; message: string }>> = {
  'duplicate-fiscal-code': { field: 'fiscalCode', message: 'bo.users.errors.duplicate-fiscal-code' },
  'duplicate-email': { field: 'email', message: 'bo.users.errors.duplicate-email' },
  'invalid-check-character': { field: 'fiscalCode', message: 'bo.users.errors.check-character' },
  'self-deactivation': { field: 'active', message: 'bo.users.errors.self-deactivation' },
  'last-administrator': { field: 'profileId', message: 'bo.users.errors.last-administrator' },
};

/**
 * Editing oneself, the last administrator's refusal can only concern one's own fiscal code (profile
 * and active are not offered): a mistyped own code would lock the office out (docs/deployment.md).
 */
const OWN_LAST_ADMINISTRATOR = { field: 'fiscalCode', message: 'bo.users.errors.last-administrator-own-code' } as const;

export function staffRefusalErrors(failure: WriteFailure, isSelf = false): FieldErrors<StaffField> | null {
  const code = failure.code ?? '';
  const known = failure.status === 400 || failure.status === 409 ? STAFF_REFUSALS[code] : undefined;
  const refusal = known && isSelf && code === 'last-administrator' ? OWN_LAST_ADMINISTRATOR : known;
  return refusal ? { [refusal.field]: refusal.message } : null;
}

/** The form's values differ from where it started (Cancel asks before dropping them). */
export function isDirty<T extends object>(values: T, initial: T): boolean {
  return (Object.keys(initial) as (keyof T)[]).some((key) => values[key] !== initial[key]);
}
