// Dates as people read them (spec §3): DD/MM/YYYY and DD/MM/YYYY HH:mm on the office's clock
// (Europe/Rome), whatever the time zone of the machine running the code.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, isBefore, officeDayOf, parseInstant } from '#shared/dates.ts';
import { formatDate as listFormatDate, isoDay } from '#web/lists/dates.ts';

describe('formatDate', () => {
  it('shows a calendar day as it is', () => {
    expect(formatDate('2027-03-15')).toBe('15/03/2027');
  });

  it('shows an instant on its Rome day, across midnight and daylight saving', () => {
    // 23:30 UTC on 14 March is 00:30 on 15 March in Rome (winter, UTC+1).
    expect(formatDate('2027-03-14T23:30:00Z')).toBe('15/03/2027');
    // 22:30 UTC on 14 July is 00:30 on 15 July in Rome (summer, UTC+2); 21:30 UTC is still the 14th.
    expect(formatDate('2027-07-14T22:30:00Z')).toBe('15/07/2027');
    expect(formatDate('2027-07-14T21:30:00Z')).toBe('14/07/2027');
  });

  it('shows nothing for an absent or unreadable value', () => {
    for (const value of [null, undefined, '', 'yesterday', '2027-02-30', '2027-02-30T10:00:00Z', '2027-13-01T10:00:00Z', '2027-01-01T10:00:00']) {
      expect(formatDate(value), String(value)).toBe('');
    }
  });

  it('is what the lists import', () => {
    expect(listFormatDate('2027-03-14T23:30:00Z')).toBe('15/03/2027');
  });
});

describe('formatDateTime', () => {
  it('shows day, hours and minutes on the Rome clock', () => {
    expect(formatDateTime('2027-01-05T08:07:00Z')).toBe('05/01/2027 09:07');
    expect(formatDateTime('2027-07-05T08:07:00+00:00')).toBe('05/07/2027 10:07');
  });

  it('shows nothing for a calendar day or an unreadable value', () => {
    expect(formatDateTime('2027-01-05')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('day boundaries and comparison', () => {
  it('gives the Rome day of an instant, for date inputs', () => {
    expect(officeDayOf('2027-12-31T23:15:00Z')).toBe('2028-01-01');
    expect(isoDay(new Date('2027-12-31T22:59:00Z'))).toBe('2027-12-31');
    expect(isoDay(new Date('2027-12-31T23:00:00Z'))).toBe('2028-01-01');
  });

  it('compares instants whatever their offsets', () => {
    expect(isBefore('2027-01-01T10:00:00+02:00', '2027-01-01T09:00:00Z')).toBe(true);
    expect(isBefore('2027-01-01T09:00:00Z', '2027-01-01T10:00:00+02:00')).toBe(false);
    expect(isBefore('soon', '2027-01-01T09:00:00Z')).toBe(false);
    expect(parseInstant('2027-01-01T09:00:00Z')?.valueOf()).toBe(Date.UTC(2027, 0, 1, 9));
  });
});
