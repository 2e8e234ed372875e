/**
 * The browser journeys' run starts at 10:00 UK time (tests/e2e/support/clock.ts):
 * the minutes to move ahead, from any hour, in winter and in summer time, never
 * landing a few seconds short of the hour.
 */
import { describe, expect, it } from 'vitest';
import { minutesToStart } from '../e2e/support/clock';

describe('minutes to the journeys’ 10:00', () => {
  it.each([
    ['late on a winter evening', '2026-11-26T23:10:00Z', 650],
    ['just before it', '2026-11-27T09:59:30Z', 1],
    ['at it', '2026-11-27T10:00:00Z', 0],
    ['just after it: the next day’s', '2026-11-27T10:00:30Z', 1440],
    ['late on a summer evening (UK time an hour ahead)', '2026-07-01T21:00:00Z', 720],
    ['on the night the clocks go back', '2026-10-25T00:30:00Z', 570],
  ])('%s', (_, now, minutes) => {
    expect(minutesToStart(new Date(now))).toBe(minutes);
  });
});
