// Dates shared by the server, the SPA and the mocks, on dayjs (utc + timezone plugins). One module
// so that "which day is it" has one answer everywhere: the office's day, in Europe/Rome.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The administration's time zone: a "day" (a storage limit, "today") is a day here. */
export const OFFICE_TIME_ZONE = 'Europe/Rome';

// Calendar days ------------------------------------------------------------------------------------
// A calendar day travels as `YYYY-MM-DD` (API, database `date` column, date inputs) and is never
// turned into an instant: 15/03/2027 stays 15/03/2027 whatever the reader's or server's zone.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written `YYYY-MM-DD` (2027-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const parsed = dayjs.utc(value);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === value;
}

// One formatter for the office's day, made once: dayjs's timezone plugin reads two sets of
// formatted parts and builds several dayjs objects per call, a tenth of a draft save's CPU in the
// benchmark's profile (docs/performance.md). The same answer, the zone's own calendar day.
const officeDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: OFFICE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The office's today (Europe/Rome) at `now`, as `YYYY-MM-DD`. */
export function officeToday(now: Date = new Date()): string {
  let year = '';
  let month = '';
  let day = '';
  for (const part of officeDayFormat.formatToParts(now)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** The day `days` after `day` (negative: before). Day arithmetic knows no time zone or DST. */
export function addDays(day: string, days: number): string {
  // A well-formed day (every one a save computes) by plain UTC arithmetic, several times cheaper
  // than dayjs on the draft save's path (docs/performance.md); anything else as dayjs has always answered.
  const match = DAY.exec(day);
  if (!match || match[1]! < '1000') return dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');
  const next = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return next.getUTCFullYear() > 9999 ? dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD') : next.toISOString().slice(0, 10);
}

/** The same day `years` later (29 February becomes 28 February in a common year). */
export function addYears(day: string, years: number): string {
  return dayjs.utc(day).add(years, 'year').format('YYYY-MM-DD');
}

/** A calendar day as people read it (spec §3): DD/MM/YYYY; anything else is shown as nothing. */
export function formatCalendarDay(day: string | null | undefined): string {
  return day && isCalendarDay(day) ? dayjs.utc(day).format('DD/MM/YYYY') : '';
}

// Storage limits ----------------------------------------------------------------------------------

/** How many years ahead a storage limit may be set when the configuration says nothing. */
export const DEFAULT_STORAGE_LIMIT_MAX_YEARS = 5;

/** The days a draft's storage limit may be set to: from tomorrow to `maxYears` years from today. */
export interface DayRange {
  from: string;
  to: string;
}

export function storageLimitRange(today: string, maxYears: number): DayRange {
  return { from: addDays(today, 1), to: addYears(today, maxYears) };
}

export type StorageLimitProblem = 'date' | 'past' | 'too-far';

/** Why `day` cannot be a storage limit within `range`, or null when it can. */
export function storageLimitProblem(day: string, range: DayRange): StorageLimitProblem | null {
  if (!isCalendarDay(day)) return 'date';
  if (day < range.from) return 'past';
  if (day > range.to) return 'too-far';
  return null;
}

/** The storage limit a citizen's change gives a draft: the office's day `retentionDays` after `from`. */
export function draftStorageDay(from: Date, retentionDays: number): string {
  return addDays(officeToday(from), retentionDays);
}

// Instants shown to people -----------------------------------------------------------------------
// An instant (ISO 8601 with its offset: sentRequestDate, updatedOn, doneOn, audit times) is shown as
// the office's clock reads it, in Europe/Rome, so the screen, the PDF and the server agree on the
// day whatever the reader's computer is set to (spec §3 formats: DD/MM/YYYY, DD/MM/YYYY HH:mm).
// An absent or unreadable value is shown as nothing, never as "Invalid Date".

// With its offset: an instant without one would be read on the reader's clock. dayjs alone rolls
// 30 February over to 2 March, so the calendar day and the clock are checked first.
const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** An ISO 8601 instant (with its offset) as a dayjs value, or null when absent or unreadable. */
export function parseInstant(iso: string | null | undefined): dayjs.Dayjs | null {
  const match = iso ? INSTANT.exec(iso) : null;
  if (!match || !isCalendarDay(match[1] ?? '')) return null;
  const parsed = dayjs(iso);
  return parsed.isValid() ? parsed : null;
}

/** Whether instant `a` is before `b` (unreadable values are neither before nor after anything). */
export function isBefore(a: string | null | undefined, b: string | null | undefined): boolean {
  const [first, second] = [parseInstant(a), parseInstant(b)];
  return first !== null && second !== null && first.isBefore(second);
}

/** The office's day (Europe/Rome) an instant falls on, `YYYY-MM-DD`; '' when unreadable. */
export function officeDayOf(iso: string | Date | null | undefined): string {
  const parsed = iso instanceof Date ? dayjs(iso) : parseInstant(iso);
  return parsed && parsed.isValid() ? parsed.tz(OFFICE_TIME_ZONE).format('YYYY-MM-DD') : '';
}

/** DD/MM/YYYY of a calendar day (as it is) or of an instant (its day in Europe/Rome). */
export function formatDate(value: string | null | undefined): string {
  if (value && isCalendarDay(value)) return formatCalendarDay(value);
  return parseInstant(value)?.tz(OFFICE_TIME_ZONE).format('DD/MM/YYYY') ?? '';
}

/** DD/MM/YYYY HH:mm of an instant, on the office's clock (Europe/Rome). */
export function formatDateTime(iso: string | null | undefined): string {
  return parseInstant(iso)?.tz(OFFICE_TIME_ZONE).format('DD/MM/YYYY HH:mm') ?? '';
}

/** The office's clock time (Europe/Rome) of an instant, `HH:mm`: "saved at 10:42". */
export function formatTime(iso: string | null | undefined): string {
  return parseInstant(iso)?.tz(OFFICE_TIME_ZONE).format('HH:mm') ?? '';
}
