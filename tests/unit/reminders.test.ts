/**
 * When the day-before reminder is due (src/domain/reminders.ts): the
 * reminder time on the London calendar day before, across both clock
 * changes, whatever zone the machine runs in.
 */
import { describe, expect, it } from 'vitest';
import { dueReminderDates, reminderMoment } from '../../src/domain/reminders';

describe('reminderMoment', () => {
  it.each([
    // event date, reminder time, instant (UTC)
    ['2026-06-20', '09:00', '2026-06-19T08:00:00.000Z'], // summer: BST
    ['2026-12-05', '09:00', '2026-12-04T09:00:00.000Z'], // winter: GMT
    ['2026-10-25', '09:00', '2026-10-24T08:00:00.000Z'], // the day after is GMT; the reminder is still BST
    ['2026-10-26', '09:00', '2026-10-25T09:00:00.000Z'], // first GMT day
    ['2027-03-28', '09:00', '2027-03-27T09:00:00.000Z'], // BST begins on the day; the reminder is GMT
    ['2027-03-29', '18:30', '2027-03-28T17:30:00.000Z'], // first BST day, an evening reminder
    ['2027-01-01', '00:00', '2026-12-31T00:00:00.000Z'], // across the year end: the first minute of New Year's Eve
  ])('an appointment on %s, reminded at %s, is reminded at %s', (date, time, expected) => {
    expect(reminderMoment(date, time).toISOString()).toBe(expected);
  });
});

describe('dueReminderDates', () => {
  it.each([
    // now (UTC), reminder time, event dates due
    ['2026-06-19T07:59:59Z', '09:00', ['2026-06-19']], // today's (its moment was yesterday), not yet tomorrow's
    ['2026-06-19T08:00:00Z', '09:00', ['2026-06-19', '2026-06-20']],
    ['2026-06-19T22:59:00Z', '09:00', ['2026-06-19', '2026-06-20']], // 23:59 BST, still the 19th in London
    ['2026-06-19T23:00:00Z', '09:00', ['2026-06-20']], // 00:00 BST on the 20th: the 21st's moment is hours away
    ['2026-12-04T08:30:00Z', '09:00', ['2026-12-04']], // 08:30 GMT
    ['2026-12-04T09:00:00Z', '09:00', ['2026-12-04', '2026-12-05']],
  ])('at %s with %s the dates due are %j', (now, time, dates) => {
    expect(dueReminderDates(new Date(now), time).map((d) => d.eventDate)).toEqual(dates);
  });
});
