import { describe, expect, it } from 'vitest';
import { bookingClosesAt, CARD_LABELS, cardState, type CardState } from '../../src/domain/event-card';
import type { ScreeningEvent } from '../../src/domain/event';

type CardInput = Pick<ScreeningEvent, 'event_date' | 'start_time' | 'end_time' | 'exclusive_for' | 'total_spaces' | 'booked_spaces'>;

const event = (overrides: Partial<CardInput> = {}): CardInput => ({
  event_date: '2026-11-26', // a Thursday
  start_time: '10:00',
  end_time: '16:00',
  exclusive_for: null,
  total_spaces: 40,
  booked_spaces: 0,
  ...overrides,
});

const at = (iso: string) => new Date(iso);

describe('cardState', () => {
  it.each<[string, Partial<CardInput>, string, CardState]>([
    ['well ahead of a weekday start', {}, '2026-11-20T10:00:00Z', 'book'],
    ['24 h and a minute before a weekday start', {}, '2026-11-25T09:59:00Z', 'book'],
    ['exactly 24 h before a weekday start', {}, '2026-11-25T10:00:00Z', 'closed'],
    ['12 h before a weekday start', {}, '2026-11-25T22:00:00Z', 'closed'],
    ['while the event is running', {}, '2026-11-26T12:00:00Z', 'closed'],
    ['the minute it ends', {}, '2026-11-26T16:00:00Z', 'closed'],
    ['a minute after it ends', {}, '2026-11-26T16:01:00Z', 'passed'],
    ['full, in good time', { booked_spaces: 40 }, '2026-11-20T10:00:00Z', 'full'],
    ['overbooked counts as full', { booked_spaces: 41 }, '2026-11-20T10:00:00Z', 'full'],
    ['full but already ended: passed wins', { booked_spaces: 40 }, '2026-11-27T10:00:00Z', 'passed'],
    ['full and within the cut-off: full wins', { booked_spaces: 40 }, '2026-11-26T09:00:00Z', 'full'],
    // Monday start: 48 hours
    ['Monday start, 49 h before', { event_date: '2026-11-30' }, '2026-11-28T09:00:00Z', 'book'],
    ['Monday start, 47 h before', { event_date: '2026-11-30' }, '2026-11-28T11:00:00Z', 'closed'],
    ['Monday start, 30 h before (open under the 24 h rule)', { event_date: '2026-11-30' }, '2026-11-29T04:00:00Z', 'closed'],
    // Corporate events are exempt from the cut-off
    ['corporate, 1 h before', { exclusive_for: 'CORPORATE' }, '2026-11-26T09:00:00Z', 'book'],
    ['corporate, running', { exclusive_for: 'CORPORATE' }, '2026-11-26T12:00:00Z', 'book'],
    ['corporate, lower case', { exclusive_for: 'corporate' }, '2026-11-26T09:00:00Z', 'book'],
    ['corporate, ended', { exclusive_for: 'CORPORATE' }, '2026-11-26T17:00:00Z', 'passed'],
    ['corporate, full', { exclusive_for: 'CORPORATE', booked_spaces: 40 }, '2026-11-26T09:00:00Z', 'full'],
    // Across the clock change: 25 Oct 2026 clocks go back at 02:00 BST
    ['start 10:00 GMT on clock-change Sunday, 24 h before in UTC', { event_date: '2026-10-25' }, '2026-10-24T10:00:00Z', 'closed'],
    ['start 10:00 GMT on clock-change Sunday, 24 h 1 m before', { event_date: '2026-10-25' }, '2026-10-24T09:59:00Z', 'book'],
    ['summer event, London 10:00 is 09:00 UTC', { event_date: '2026-07-01', end_time: '10:30' }, '2026-07-01T09:31:00Z', 'passed'],
    ['summer event, 29 minutes in', { event_date: '2026-07-01', end_time: '10:30' }, '2026-07-01T09:29:00Z', 'closed'],
  ])('%s', (_label, overrides, now, expected) => {
    expect(cardState(event(overrides), at(now))).toBe(expected);
  });

  it('labels each state as docs/rules.md words it', () => {
    expect(CARD_LABELS).toEqual({
      passed: 'Event Passed',
      full: 'Fully Booked',
      closed: 'Booking Closed',
      book: 'BOOK',
    });
  });
});

describe('bookingClosesAt', () => {
  it.each<[string, Partial<CardInput>, string | null]>([
    ['weekday: 24 h before', {}, '2026-11-25T10:00:00.000Z'],
    ['Monday: 48 h before', { event_date: '2026-11-30' }, '2026-11-28T10:00:00.000Z'],
    ['corporate: never', { exclusive_for: 'CORPORATE' }, null],
    ['Monday after the spring clock change: 48 real hours', { event_date: '2026-03-30' }, '2026-03-28T09:00:00.000Z'],
  ])('%s', (_label, overrides, expected) => {
    expect(bookingClosesAt(event(overrides))?.toISOString() ?? null).toBe(expected);
  });
});
