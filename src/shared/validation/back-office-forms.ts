// The back office's forms (spec §5 patterns, §6), as yup schemas over src/shared's rules: an event on
// a pratica carries what its kind asks for (a note of several lines with real punctuation, 3 to 1000
// characters, required where the act must state what is asked or why; the colleague of an
// assignment; the proposed outcome); a storage limit is a calendar day in the range the server
// offers; a staff member needs names (a person's name), a fiscal code whose check character is
// right, an e-mail and a staff profile. Errors are message keys (locales `bo.*`), the first that
// applies to each field. The values of a stored staff member for the form are here too (staffValuesOf).
import { mixed, object, string } from 'yup';
import type { StaffWrite } from '../api/back-office.ts';
import type { StaffEventRequest } from '../api/pratica.ts';
import { Role } from '../constants.ts';
import { type DayRange, isCalendarDay } from '../dates.ts';
import { hasValidCheckCharacter } from '../fiscal-code-check.ts';
import { Patterns } from '../patterns.ts';
import { EVENT_NOTE, EVENTS_NEEDING_NOTE, OUTCOMES, type ProposedOutcome, type StaffEventType } from '../pratica.ts';
import { validate, type Checked } from './validate.ts';

// Event on a pratica -----------------------------------------------------------------------------

export interface EventValues {
  note: string;
  /** ASSIGN: the colleague's user id, as the form's select holds it ('' for none chosen). */
  assigneeId: string;
  /** PROPOSE_OUTCOME: the outcome proposed. */
  outcome: ProposedOutcome | '';
}
export type EventField = keyof EventValues;

export const EMPTY_EVENT: EventValues = { note: '', assigneeId: '', outcome: '' };
export const NOTE_MIN = EVENT_NOTE.minLength;
export const NOTE_MAX = EVENT_NOTE.maxLength;

/** What the form of an event asks: its note (required, optional or not asked), a colleague, an outcome. */
export interface EventForm {
  note: 'required' | 'optional' | null;
  assignee: boolean;
  outcome: boolean;
}

/**
 * The fields of each staff event's form: the acts that must say what is asked or why need a note
 * (EVENTS_NEEDING_NOTE); a proposal may explain itself; taking in charge and assigning ask nothing
 * more than the colleague.
 */
export function eventForm(type: StaffEventType): EventForm {
  return {
    note: EVENTS_NEEDING_NOTE.includes(type) ? 'required' : type === 'PROPOSE_OUTCOME' ? 'optional' : null,
    assignee: type === 'ASSIGN',
    outcome: type === 'PROPOSE_OUTCOME',
  };
}

/** The note: required (its message first, as the first error of a field is the one shown), then its length and text. */
const noteText = (required: boolean) => {
  const base = string().trim();
  return (required ? base.required('bo.pratica.errors.note-required') : base)
    .min(NOTE_MIN, 'bo.pratica.errors.note-minlength')
    .max(NOTE_MAX, 'bo.pratica.errors.note-maxlength')
    .matches(Patterns.multiLineText, 'bo.pratica.errors.note-pattern');
};

function eventSchema(form: EventForm) {
  return object({
    note:
      form.note === 'required'
        ? noteText(true)
        : form.note === 'optional'
          ? noteText(false)
              .transform((note: string) => note || undefined)
              .optional()
          : string().strip(),
    assigneeId: form.assignee
      ? string()
          .required('bo.pratica.errors.assignee')
          .matches(/^\d{1,10}$/, 'bo.pratica.errors.assignee')
      : string().strip(),
    outcome: form.outcome
      ? mixed<ProposedOutcome>()
          .required('bo.pratica.errors.outcome')
          .oneOf([...OUTCOMES], 'bo.pratica.errors.outcome')
      : mixed().strip(),
  });
}

/** The event to send (without the version the machine adds), or each wrong field's message. */
export function checkEvent(type: StaffEventType, values: EventValues): Checked<Omit<StaffEventRequest, 'version'>, EventField> {
  const form = eventForm(type);
  const checked = validate<{ note?: string; assigneeId?: string; outcome?: ProposedOutcome }, EventField>(eventSchema(form), values);
  if (!checked.ok) return checked;
  const { note, assigneeId, outcome } = checked.value;
  return {
    ok: true,
    value: {
      type,
      ...(note ? { note } : {}),
      ...(form.assignee && assigneeId ? { assigneeId: Number(assigneeId) } : {}),
      ...(form.outcome && outcome ? { outcome } : {}),
    },
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
  /** Administrator (2), collaborator (3) or clerk (4, "istruttore"). */
  profileId: '' | StaffProfile;
  active: boolean;
}

/** The staff profiles the form offers, as its radio values. */
export const STAFF_PROFILES = [String(Role.BO_ADMIN), String(Role.BO_COLLAB), String(Role.CLERK)] as const;
export type StaffProfile = (typeof STAFF_PROFILES)[number];

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
  profileId: string().oneOf(STAFF_PROFILES, 'bo.users.errors.profile').required('bo.users.errors.profile'),
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
  const offered = STAFF_PROFILES.find((profile) => profile === String(user.profile.profileId));
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    fiscalCode: user.fiscalCode ?? '',
    email: user.email ?? '',
    profileId: offered ?? '',
    active: user.active === 1,
  };
}
