// The staff form's rules for the screens: the yup schemas of machines/backOffice/rules.ts (built
// from the shared patterns of src/shared, the fiscal code's check character included), with their
// errors typed as message keys, and the form values of a stored staff member.
import { checkStaff as checkStaffRules, EMPTY_STAFF, STAFF_FIELDS, type StaffField, type StaffValues } from '../../../../machines/backOffice/rules.ts';
import type { StaffWrite } from '../../../shared/api/back-office.ts';
import { Role } from '../../../shared/constants.ts';
import type { MessageKey } from '../../i18n/messages.ts';

export { EMPTY_STAFF, STAFF_FIELDS, type StaffField, type StaffValues };

export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;
export type Checked<T, F extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<F> };

/** The write to send, or the message key of each wrong field (the schemas' messages are keys). */
export function checkStaff(values: StaffValues, userId?: number): Checked<StaffWrite, StaffField> {
  return checkStaffRules(values, userId) as Checked<StaffWrite, StaffField>;
}

export function staffValuesOf(user: { firstName: string; lastName: string; fiscalCode?: string | null; email?: string | null; profile: { profileId: number }; active: number }): StaffValues {
  const profileId = user.profile.profileId === Role.BO_ADMIN ? '2' : user.profile.profileId === Role.BO_COLLAB ? '3' : '';
  return { firstName: user.firstName, lastName: user.lastName, fiscalCode: user.fiscalCode ?? '', email: user.email ?? '', profileId, active: user.active === 1 };
}
