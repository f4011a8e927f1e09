// The applicant's withdrawal of a sent pratica (docs/architecture.md "The pratica's lifecycle"): its
// one field is an optional note for the office, which when written follows the rule of every note on
// a pratica (src/shared/pratica.ts EVENT_NOTE: 3 to 1000 characters of text with line breaks, no
// control or format characters). Errors are message keys (locales `pa.withdraw.errors.*`).
import { object, string } from 'yup';
import type { ApplicantEventRequest } from '../api/pratica.ts';
import { Patterns } from '../patterns.ts';
import { EVENT_NOTE } from '../pratica.ts';
import { validate, type Checked } from './validate.ts';

export type WithdrawalMessage = 'pa.withdraw.errors.note-minlength' | 'pa.withdraw.errors.note-maxlength' | 'pa.withdraw.errors.note-pattern';

const schema = object({
  note: string()
    .trim()
    .transform((note: string) => note || undefined)
    .optional()
    .min(EVENT_NOTE.minLength, 'pa.withdraw.errors.note-minlength')
    .max(EVENT_NOTE.maxLength, 'pa.withdraw.errors.note-maxlength')
    .matches(Patterns.multiLineText, 'pa.withdraw.errors.note-pattern'),
});

/** The withdrawal to send (without the version the machine adds), or the note's message. */
export function checkWithdrawal(note: string): Checked<Omit<ApplicantEventRequest, 'version'>, 'note', WithdrawalMessage> {
  const checked = validate<{ note?: string }, 'note', WithdrawalMessage>(schema, { note });
  if (!checked.ok) return checked;
  return { ok: true, value: { type: 'WITHDRAW', ...(checked.value.note ? { note: checked.value.note } : {}) } };
}
