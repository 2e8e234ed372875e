import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  isClockTime,
  isIsoDate,
  londonDate,
  londonTime,
  londonToInstant,
  weekdayOf,
} from '../../src/domain/london-time';

describe('londonToInstant', () => {
  it.each([
    // winter: London is on GMT
    ['2026-01-15', '10:00', '2026-01-15T10:00:00.000Z'],
    // summer: London is on BST (UTC+1)
    ['2026-07-01', '10:00', '2026-07-01T09:00:00.000Z'],
    // the day the clocks go back (25 Oct 2026, 02:00 BST -> 01:00 GMT)
    ['2026-10-24', '09:00', '2026-10-24T08:00:00.000Z'],
    ['2026-10-25', '09:00', '2026-10-25T09:00:00.000Z'],
    // the day the clocks go forward (29 Mar 2026, 01:00 GMT -> 02:00 BST)
    ['2026-03-28', '23:30', '2026-03-28T23:30:00.000Z'],
    ['2026-03-29', '09:00', '2026-03-29T08:00:00.000Z'],
    ['2026-03-29', '00:30', '2026-03-29T00:30:00.000Z'],
    // midnight boundaries
    ['2026-06-30', '00:00', '2026-06-29T23:00:00.000Z'],
    ['2026-12-31', '23:59', '2026-12-31T23:59:00.000Z'],
  ])('%s %s in London is %s', (date, time, iso) => {
    expect(londonToInstant(date, time).toISOString()).toBe(iso);
  });

  it('round-trips through londonDate and londonTime across a year', () => {
    for (let day = 0; day < 366; day += 5) {
      const date = addDays('2026-01-01', day);
      for (const time of ['00:00', '00:59', '08:15', '12:00', '23:45']) {
        const instant = londonToInstant(date, time);
        expect([londonDate(instant), londonTime(instant)]).toEqual([date, time]);
      }
    }
  });
});

describe('londonDate and londonTime', () => {
  it.each([
    ['2026-07-01T23:30:00Z', '2026-07-02', '00:30'],
    ['2026-01-01T23:30:00Z', '2026-01-01', '23:30'],
    ['2026-10-25T00:59:00Z', '2026-10-25', '01:59'],
    ['2026-10-25T01:00:00Z', '2026-10-25', '01:00'],
  ])('%s reads %s %s on London clocks', (iso, date, time) => {
    const instant = new Date(iso);
    expect(londonDate(instant)).toBe(date);
    expect(londonTime(instant)).toBe(time);
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2026-11-21', 0, '2026-11-21'],
    ['2026-11-21', 7, '2026-11-28'],
    ['2026-12-28', 7, '2027-01-04'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-11-21', 1, '2026-12-21'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2027-01-31', 1, '2027-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
  ])('addMonths(%s, %i) = %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it.each([
    ['2026-11-21', 6],
    ['2026-11-23', 1],
    ['2026-11-22', 0],
  ])('weekdayOf(%s) = %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });
});

describe('input checks', () => {
  it.each([
    ['2026-11-21', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-13-01', false],
    ['21/11/2026', false],
    ['', false],
  ])('isIsoDate(%j) = %s', (value, ok) => {
    expect(isIsoDate(value)).toBe(ok);
  });

  it.each([
    ['00:00', true],
    ['23:59', true],
    ['24:00', false],
    ['9:00', false],
    ['12:60', false],
  ])('isClockTime(%j) = %s', (value, ok) => {
    expect(isClockTime(value)).toBe(ok);
  });
});

describe('the test device', () => {
  it('is set far from London, so no rule can lean on the device zone', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Pacific/Auckland');
  });
});
