// The administrative calendar of a pratica's terms (src/shared/calendar.ts): Italian national
// holidays, the roll of a term's last day to the next working day, the office's day in Europe/Rome
// across the DST changes, and the arithmetic of a term that stands still.
import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  daysLeft,
  dueAfterPause,
  dueDay,
  easterMonday,
  easterSunday,
  isElapsed,
  isPublicHoliday,
  isWorkingDay,
  nextWorkingDay,
  resumeTerm,
  romeDayOf,
  termEnd,
} from '#shared/calendar.ts';

describe('Easter', () => {
  it.each([
    [2025, '2025-04-21'],
    [2026, '2026-04-06'],
    [2027, '2027-03-29'],
    [2028, '2028-04-17'],
    [2029, '2029-04-02'],
    [2030, '2030-04-22'],
  ])('Easter Monday %i is %s, a public holiday; the Tuesday after it is not', (year, monday) => {
    expect(easterMonday(year)).toBe(monday);
    expect(isPublicHoliday(monday)).toBe(true);
    expect(isPublicHoliday(termEnd(monday, 1))).toBe(false);
  });

  it('finds the earliest and latest Easter Sundays the Gregorian calendar has in this century', () => {
    expect(easterSunday(2008)).toBe('2008-03-23');
    expect(easterSunday(2038)).toBe('2038-04-25');
    // Easter Sunday is a Sunday, not a holiday of the list: it is not a working day either way.
    expect(isPublicHoliday('2038-04-25')).toBe(true); // 25 April falls on it that year
    expect(isWorkingDay(easterSunday(2027))).toBe(false);
  });
});

describe('public holidays and working days', () => {
  it.each(['2027-01-01', '2027-01-06', '2027-04-25', '2027-05-01', '2027-06-02', '2027-08-15', '2027-11-01', '2027-12-08', '2027-12-25', '2027-12-26'])(
    '%s is a national public holiday',
    (day) => {
      expect(isPublicHoliday(day)).toBe(true);
      expect(isWorkingDay(day)).toBe(false);
    },
  );

  it('counts 4 October (San Francesco) from 2026 on, as L. 151/2025 does, and not before', () => {
    expect(isPublicHoliday('2025-10-04')).toBe(false);
    expect(isPublicHoliday('2026-10-04')).toBe(true);
    expect(isPublicHoliday('2027-10-04')).toBe(true);
    expect(nextWorkingDay('2027-10-04')).toBe('2027-10-05');
  });

  it('leaves out the days L. 54/1977 took away (San Giuseppe, Saints Peter and Paul, 4 November)', () => {
    for (const day of ['2027-03-19', '2027-06-29', '2027-11-04']) expect(isWorkingDay(day)).toBe(true);
  });

  it('counts Saturdays as working days and Sundays as not', () => {
    expect(isWorkingDay('2027-03-06')).toBe(true);
    expect(isWorkingDay('2027-03-07')).toBe(false);
    expect(nextWorkingDay('2027-03-07')).toBe('2027-03-08');
    expect(nextWorkingDay('2027-03-08')).toBe('2027-03-08');
  });
});

describe('terms', () => {
  it('counts from the receipt day as day 0 and ends at the end of the last day', () => {
    expect(termEnd('2027-03-01', 60)).toBe('2027-04-30');
    expect(dueDay('2027-04-30')).toBe('2027-04-30');
    expect(isElapsed('2027-04-30', '2027-04-30')).toBe(false);
    expect(isElapsed('2027-04-30', '2027-05-01')).toBe(true);
  });

  it('moves a term ending on a Sunday to Monday', () => {
    expect(dueDay(termEnd('2027-02-05', 30))).toBe('2027-03-08');
  });

  it('moves a term ending on 25 April that is a Sunday to Monday 26 April (holidays are not moved in Italy)', () => {
    expect(termEnd('2027-03-26', 30)).toBe('2027-04-25');
    expect(dueDay('2027-04-25')).toBe('2027-04-26');
  });

  it('moves a term ending on Easter Sunday past Easter Monday to the Tuesday', () => {
    expect(dueDay('2027-03-28')).toBe('2027-03-30');
  });

  it('crosses the year boundary: Christmas on a Saturday, St Stephen on a Sunday, New Year on a Saturday', () => {
    expect(dueDay(termEnd('2027-11-25', 30))).toBe('2027-12-27');
    expect(termEnd('2027-12-02', 30)).toBe('2028-01-01');
    expect(dueDay('2028-01-01')).toBe('2028-01-03');
    expect(dueDay(termEnd('2027-12-01', 30))).toBe('2027-12-31');
    expect(daysBetween('2027-12-31', '2028-01-03')).toBe(3);
  });
});

describe('the office day in Europe/Rome', () => {
  it('reads an instant on the office clock: late UTC evening is already tomorrow in Rome', () => {
    expect(romeDayOf('2027-12-31T23:30:00Z')).toBe('2028-01-01');
    expect(romeDayOf('2027-12-31T22:59:59Z')).toBe('2027-12-31');
    expect(romeDayOf('2027-03-01T09:00:00+01:00')).toBe('2027-03-01');
  });

  it('keeps the right day on the night summer time starts (28 March 2027, a 23-hour day)', () => {
    expect(romeDayOf('2027-03-27T22:59:00Z')).toBe('2027-03-27');
    expect(romeDayOf('2027-03-27T23:00:00Z')).toBe('2027-03-28');
    expect(romeDayOf('2027-03-28T21:59:00Z')).toBe('2027-03-28');
    expect(romeDayOf('2027-03-28T22:00:00Z')).toBe('2027-03-29');
    expect(daysBetween('2027-03-27', '2027-03-29')).toBe(2);
    expect(termEnd('2027-03-20', 10)).toBe('2027-03-30');
  });

  it('keeps the right day on the night summer time ends (31 October 2027, a 25-hour day)', () => {
    expect(romeDayOf('2027-10-30T21:59:00Z')).toBe('2027-10-30');
    expect(romeDayOf('2027-10-30T22:00:00Z')).toBe('2027-10-31');
    expect(romeDayOf('2027-10-31T22:59:59Z')).toBe('2027-10-31');
    expect(romeDayOf('2027-10-31T23:00:00Z')).toBe('2027-11-01');
    expect(daysBetween('2027-10-30', '2027-11-01')).toBe(2);
    expect(termEnd('2027-10-25', 10)).toBe('2027-11-04');
  });
});

describe('a term that stands still', () => {
  it('keeps the days left when paused and gives them back from the answer day', () => {
    // 60 days from 1 March 2027 end on 30 April; paused on 11 March with 50 days left.
    expect(daysLeft('2027-04-30', '2027-03-11')).toBe(50);
    // Answered on 21 March (10 days still): the term now ends 10 days later, on 10 May.
    expect(resumeTerm(50, '2027-03-21')).toEqual({ termEndsOn: '2027-05-10', dueOn: '2027-05-10' });
    expect(dueAfterPause('2027-04-30', '2027-03-11', '2027-03-21')).toBe('2027-05-10');
  });

  it('moves the resumed term past a Sunday and a holiday like any other', () => {
    // Ending 30 April, paused 1 day: 1 May (holiday) → 2 May (Sunday) → 3 May.
    expect(dueAfterPause('2027-04-30', '2027-04-20', '2027-04-21')).toBe('2027-05-03');
  });

  it('keeps a term paused on its last day to the day it resumes, and never gives back negative days', () => {
    expect(daysLeft('2027-04-30', '2027-04-30')).toBe(0);
    expect(resumeTerm(0, '2027-05-12').dueOn).toBe('2027-05-12');
    expect(daysLeft('2027-04-30', '2027-05-02')).toBe(0);
  });
});
