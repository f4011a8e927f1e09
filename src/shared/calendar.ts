// The administrative calendar of a pratica's terms (docs/architecture.md "The pratica's lifecycle").
// Days are calendar days in Europe/Rome written `YYYY-MM-DD` (src/shared/dates.ts), never instants:
// the receipt day is day 0, a term of N days ends at the end of day N, and a term whose last day is a
// Sunday or a national public holiday ends instead on the next working day (the rule of c.c. art.
// 2963 and c.p.c. art. 155, applied to administrative terms). Saturdays are working days here.
import dayjs from 'dayjs';
import { addDays, OFFICE_TIME_ZONE, officeDayOf } from './dates.ts';

/** The office's day (Europe/Rome) an instant falls on: 23:30 UTC on 31 December is already 1 January. */
export function romeDayOf(instant: string | Date): string {
  return officeDayOf(instant);
}

/** Whole days from `from` to `to` (negative when `to` comes first); no time zone, no DST. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Easter Sunday of `year` (Gregorian calendar; the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Easter Monday ("lunedì dell'Angelo") of `year`. */
export function easterMonday(year: number): string {
  return addDays(easterSunday(year), 1);
}

// The national public holidays with civil effect, as `MM-DD`. L. 260/1949 art. 2 as it stands after
// L. 54/1977 (which took away San Giuseppe, Ascension, Corpus Domini, Saints Peter and Paul and
// 4 November), DPR 792/1985 (Epiphany back), L. 336/2000 (2 June, Festa della Repubblica, back) and
// L. 151/2025 (4 October, San Francesco d'Assisi, from 2026). Patron saints' days are local and not
// here: an office that closes on its own must move a term by hand. Easter Monday moves every year.
const FIXED_HOLIDAYS = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'] as const;
/** 4 October is a national holiday again from 2026 (L. 151/2025, in force 1 January 2026). */
const SAN_FRANCESCO = { monthDay: '10-04', fromYear: 2026 } as const;

/** Whether `day` is a national public holiday in Italy (Sundays are not listed here; see isWorkingDay). */
export function isPublicHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  const monthDay = day.slice(5);
  if ((FIXED_HOLIDAYS as readonly string[]).includes(monthDay)) return true;
  if (monthDay === SAN_FRANCESCO.monthDay && year >= SAN_FRANCESCO.fromYear) return true;
  return day === easterMonday(year);
}

export function isSunday(day: string): boolean {
  return new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
}

/** Neither a Sunday nor a national public holiday. */
export function isWorkingDay(day: string): boolean {
  return !isSunday(day) && !isPublicHoliday(day);
}

/** `day` itself when it is a working day, else the first working day after it. */
export function nextWorkingDay(day: string): string {
  let candidate = day;
  while (!isWorkingDay(candidate)) candidate = addDays(candidate, 1);
  return candidate;
}

/**
 * The last day of a term of `days` days starting on `start` (day 0), before any holiday is
 * considered: the day the law counts to, and the one a pause is added to.
 */
export function termEnd(start: string, days: number): string {
  return addDays(start, days);
}

/** The day a term ends, as it is due: its last day, moved to the next working day when that is not one. */
export function dueDay(termEndsOn: string): string {
  return nextWorkingDay(termEndsOn);
}

/** Whether a term due on `dueOn` has elapsed on `today`: it ends at the end of its due day. */
export function isElapsed(dueOn: string, today: string): boolean {
  return today > dueOn;
}

/**
 * Days a paused term still had: from the day of the pause to the term's last day (never negative).
 * A term paused on its last day keeps 0 days and ends on the day it resumes.
 */
export function daysLeft(termEndsOn: string, pausedOn: string): number {
  return Math.max(0, daysBetween(pausedOn, termEndsOn));
}

/**
 * Suspension arithmetic (L. 241/1990 art. 2 c. 7): a term paused on `pausedOn` with `left` days to go
 * resumes on `resumedOn` with those days; its new last day and the day it is due.
 */
export function resumeTerm(left: number, resumedOn: string): { termEndsOn: string; dueOn: string } {
  const termEndsOn = addDays(resumedOn, left);
  return { termEndsOn, dueOn: dueDay(termEndsOn) };
}

/** The due day of a term that ended on `termEndsOn` after a pause from `pausedOn` to `resumedOn`. */
export function dueAfterPause(termEndsOn: string, pausedOn: string, resumedOn: string): string {
  return resumeTerm(daysLeft(termEndsOn, pausedOn), resumedOn).dueOn;
}

/** The instant a term due on `dueOn` has elapsed: midnight in Europe/Rome at the start of the next day. */
export function elapsesAt(dueOn: string): Date {
  return dayjs.tz(`${addDays(dueOn, 1)}T00:00:00`, OFFICE_TIME_ZONE).toDate();
}
