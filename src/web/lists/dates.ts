// The SPA's date display goes through src/shared/dates.ts (dayjs, Europe/Rome): the screens, the
// mocks and the server's PDF read a day the same way. This module keeps the names the lists and
// screens import.
import { formatDate, formatDateTime, formatTime, officeDayOf } from '#shared/dates.ts';

export { formatDate, formatDateTime, formatTime };

/** YYYY-MM-DD of an instant on the office's calendar (Europe/Rome): the value of a date input. */
export function isoDay(date: Date): string {
  return officeDayOf(date);
}
