import { describe, expect, it } from 'vitest';
import { availableSlots, bookablePlaces, slotEnd, slotTimes } from '../../src/domain/slots';

describe('slotTimes', () => {
  it.each<[string, string, number, string[]]>([
    ['10:00', '11:00', 15, ['10:00', '10:15', '10:30', '10:45']],
    ['10:00', '10:50', 15, ['10:00', '10:15', '10:30', '10:45']],
    ['10:00', '10:45', 15, ['10:00', '10:15', '10:30']],
    ['09:50', '10:20', 10, ['09:50', '10:00', '10:10']],
    ['23:30', '23:59', 20, ['23:30', '23:50']],
    ['10:00', '10:00', 15, []],
    ['11:00', '10:00', 15, []],
    ['10:00', '12:00', 0, []],
    ['10:00', '12:00', -5, []],
    ['10:00', '12:00', 7.5, []],
  ])('%s to %s every %d min', (start, end, step, expected) => {
    expect(slotTimes(start, end, step)).toEqual(expected);
  });

  it.each([
    ['10:45', 15, '11:00'],
    ['09:50', 10, '10:00'],
    // A time of day: the last slot of an event that runs to 23:59 ends at the end of the day, never at 00:00 or 24:05.
    ['23:45', 15, '24:00'],
    ['23:50', 15, '24:00'],
  ])('a slot at %s lasting %d min ends at %s', (time, minutes, end) => {
    expect(slotEnd(time, minutes)).toBe(end);
  });
});

describe('availableSlots', () => {
  const event = {
    event_date: '2026-07-01',
    start_time: '10:00',
    end_time: '11:00',
    session_duration: 15,
    places_per_slot: 2,
  };

  it.each<[string, Record<string, number>, string, string[]]>([
    ['all free the day before', {}, '2026-06-30T09:00:00Z', ['10:00', '10:15', '10:30', '10:45']],
    ['a full slot is removed', { '10:15': 2 }, '2026-06-30T09:00:00Z', ['10:00', '10:30', '10:45']],
    ['a part-filled slot stays', { '10:15': 1 }, '2026-06-30T09:00:00Z', ['10:00', '10:15', '10:30', '10:45']],
    // 10:20 BST is 09:20 UTC: 10:00 and 10:15 have begun
    ['begun slots are removed (UK time)', {}, '2026-07-01T09:20:00Z', ['10:30', '10:45']],
    ['a slot starting now is gone', {}, '2026-07-01T09:30:00Z', ['10:45']],
    ['nothing after the end', {}, '2026-07-01T10:00:00Z', []],
  ])('%s', (_label, taken, now, expected) => {
    expect(availableSlots(event, taken, new Date(now))).toEqual({ '2026-07-01': { availableTimeSlots: expected } });
  });
});

describe('bookablePlaces', () => {
  // 10:00 to 11:00 in 15-minute slots (four), before any of them begins.
  const base = { event_date: '2026-07-01', start_time: '10:00', end_time: '11:00', session_duration: 15, places_per_slot: 1, total_spaces: 40, booked_spaces: 0 };
  const before = new Date('2026-07-01T08:00:00Z');
  it.each<[string, Partial<typeof base>, Record<string, number>, Date, number]>([
    ['40 places but four one-place slots', {}, {}, before, 4],
    ['two of the four slots taken', { booked_spaces: 2 }, { '10:00': 1, '10:30': 1 }, before, 2],
    ['two places a slot, one slot half taken', { places_per_slot: 2, booked_spaces: 1 }, { '10:15': 1 }, before, 7],
    ['fewer places left than the slots hold', { places_per_slot: 2, total_spaces: 5, booked_spaces: 2 }, { '10:00': 2 }, before, 3],
    ['all places sold though slots have room', { places_per_slot: 2, total_spaces: 2, booked_spaces: 2 }, { '10:00': 2 }, before, 0],
    ['10:20 BST: the 10:00 and 10:15 slots have begun', {}, {}, new Date('2026-07-01T09:20:00Z'), 2],
    ['after the last slot began', {}, {}, new Date('2026-07-01T09:50:00Z'), 0],
  ])('%s', (_label, overrides, taken, now, expected) => {
    expect(bookablePlaces({ ...base, ...overrides }, taken, now)).toBe(expected);
  });
});
