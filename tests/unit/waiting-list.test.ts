/**
 * The waiting list's rules (src/domain/waiting-list.ts): who may join,
 * which slot a freed place is held in and until when, on UK wall-clock
 * whatever zone the machine runs in (the tests' zone is Auckland).
 */
import { describe, expect, it } from 'vitest';
import { mayJoin, offerExpiry, slotForOffer } from '../../src/domain/waiting-list';
import { makeEvent } from '../fixtures/events';

// Thursday 10 December 2026, 10:00 to 11:00 GMT (four slots): booking closes at 10:00 GMT on the 9th.
const event = makeEvent({ event_date: '2026-12-10', start_time: '10:00', end_time: '11:00', total_spaces: 2, places_per_slot: 1 });

describe('mayJoin', () => {
  it.each([
    // booked, places_left, now (UTC), may join
    [2, 0, '2026-12-01T10:00:00Z', true], // full, well before the cut-off
    [1, 1, '2026-12-01T10:00:00Z', false], // a place left: book it instead
    [2, 0, '2026-12-09T09:59:00Z', true], // a minute before the cut-off
    [2, 0, '2026-12-09T10:00:00Z', false], // at the cut-off
    [2, 0, '2026-12-10T12:00:00Z', false], // passed
  ])('with %i booked and %i left at %s: %s', (booked, left, now, expected) => {
    expect(mayJoin({ ...event, booked_spaces: booked, places_left: left }, new Date(now))).toBe(expected);
  });
  it('a corporate event (no cut-off) takes joiners until it starts', () => {
    const corporate = { ...event, exclusive_for: 'CORPORATE', booked_spaces: 2, places_left: 0 };
    expect(mayJoin(corporate, new Date('2026-12-10T09:59:00Z'))).toBe(true);
    expect(mayJoin(corporate, new Date('2026-12-10T11:00:00Z'))).toBe(false);
  });
});

describe('slotForOffer', () => {
  it.each([
    // taken per slot, now (UTC), slot held
    [{}, '2026-12-01T10:00:00Z', '10:00'],
    [{ '10:00': 1, '10:15': 1 }, '2026-12-01T10:00:00Z', '10:30'],
    [{ '10:00': 1, '10:15': 1, '10:30': 1, '10:45': 1 }, '2026-12-01T10:00:00Z', null],
    [{}, '2026-12-10T10:20:00Z', '10:30'], // begun slots are never held
  ] as const)('with %j taken at %s: %s', (taken, now, expected) => {
    expect(slotForOffer(event, taken, new Date(now))).toBe(expected);
  });
});

describe('offerExpiry', () => {
  it.each([
    // now (UTC), hours, expiry (UTC)
    ['2026-12-01T10:00:00Z', 12, '2026-12-01T22:00:00.000Z'], // the set time
    ['2026-12-08T22:30:00Z', 12, '2026-12-09T10:00:00.000Z'], // cut at the cut-off
    ['2026-12-09T10:00:00Z', 12, null], // at the cut-off: nothing to offer
  ])('offered at %s for %i hours: until %s', (now, hours, expected) => {
    expect(offerExpiry(event, '10:00', new Date(now), hours)?.toISOString() ?? null).toBe(expected);
  });
  it.each([
    // now (UTC), hours, morning hour, expiry (UTC)
    ['2026-12-01T20:12:00Z', 12, 10, '2026-12-02T10:00:00.000Z'], // 08:12 is in the night: held to 10:00
    ['2026-12-01T20:12:00Z', 12, 8, '2026-12-02T08:12:00.000Z'], // already past an 08:00 morning
    ['2026-12-01T23:30:00Z', 1, 10, '2026-12-02T10:00:00.000Z'], // an hour's hold from 23:30 runs to the morning
    ['2026-12-01T11:30:00Z', 12, 10, '2026-12-01T23:30:00.000Z'], // ends late in the evening: not moved
    ['2026-12-08T20:00:00Z', 12, 10, '2026-12-09T10:00:00.000Z'], // the morning hour meets the cut-off
    ['2026-12-08T21:00:00Z', 6, 11, '2026-12-09T10:00:00.000Z'], // an 11:00 morning is past the cut-off: the cut-off
  ])('offered at %s for %i hours with a %i o’clock morning: until %s', (now, hours, morning, expected) => {
    expect(offerExpiry(event, '10:00', new Date(now), hours, morning)?.toISOString() ?? null).toBe(expected);
  });
  it('the morning hour is UK wall-clock across both clock changes', () => {
    const spring = makeEvent({ event_date: '2026-04-02', start_time: '10:00', end_time: '11:00' });
    const autumn = makeEvent({ event_date: '2026-10-29', start_time: '10:00', end_time: '11:00' });
    // 09:12 BST on the morning the clocks go forward: held to 10:00 BST.
    expect(offerExpiry(spring, '10:00', new Date('2026-03-28T20:12:00Z'), 12, 10)?.toISOString()).toBe('2026-03-29T09:00:00.000Z');
    // 07:12 GMT on the morning the clocks go back: held to 10:00 GMT.
    expect(offerExpiry(autumn, '10:00', new Date('2026-10-24T19:12:00Z'), 12, 10)?.toISOString()).toBe('2026-10-25T10:00:00.000Z');
  });
  it('a summer event’s cut-off is read in BST', () => {
    const summer = makeEvent({ event_date: '2026-06-18', start_time: '10:00', end_time: '11:00' });
    // 10:00 BST on the 17th is 09:00 UTC.
    expect(offerExpiry(summer, '10:00', new Date('2026-06-17T00:00:00Z'), 12)?.toISOString()).toBe('2026-06-17T09:00:00.000Z');
  });
  it('never past the start of the held slot (a corporate event has no cut-off)', () => {
    const corporate = { ...event, exclusive_for: 'CORPORATE' };
    expect(offerExpiry(corporate, '10:30', new Date('2026-12-10T06:00:00Z'), 12)?.toISOString()).toBe('2026-12-10T10:30:00.000Z');
  });
});
