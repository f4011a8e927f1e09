// The back office's form rules beyond validation (the schemas are src/shared/validation/
// back-office-forms.ts): the server's refusals, which arrive as codes, mapped to the same kind of
// field errors; what a person may not do to their own record; whether a form has unsaved edits.
import type { ApiFailure } from '#shared/api/failure.ts';
import type { StaffField } from '#shared/validation/back-office-forms.ts';
import type { FieldErrors } from '#shared/validation/validate.ts';

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

export function staffRefusalErrors(failure: ApiFailure, isSelf = false): FieldErrors<StaffField> | null {
  const code = failure.errorKey ?? '';
  const known = failure.status === 400 || failure.status === 409 ? STAFF_REFUSALS[code] : undefined;
  const refusal = known && isSelf && code === 'last-administrator' ? OWN_LAST_ADMINISTRATOR : known;
  return refusal ? { [refusal.field]: refusal.message } : null;
}

/** The form's values differ from where it started (Cancel asks before dropping them). */
export function isDirty<T extends object>(values: T, initial: T): boolean {
  return (Object.keys(initial) as (keyof T)[]).some((key) => values[key] !== initial[key]);
}
