// The one rule for a date of birth, used by the server's checks and the forms: a real calendar day
// from 1 January 1900 to today (the office's day, Europe/Rome).
import { isCalendarDay, officeToday } from './dates.ts';

export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** Whether `day` (`YYYY-MM-DD`) can be somebody's date of birth on `now`. */
export function isPlausibleBirthDate(day: string, now: Date = new Date()): boolean {
  return isCalendarDay(day) && day >= EARLIEST_BIRTH_DATE && day <= officeToday(now);
}
