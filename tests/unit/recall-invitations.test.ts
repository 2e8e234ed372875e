/**
 * When the recall emails are due and which events an invitation lists
 * (src/domain/recall-invitations.ts), read in UK time whatever the device's zone.
 */
import { describe, expect, it } from 'vitest';
import { distanceText, followUpDay, invitationEvents, invitationWindow, lateWindow, milesBetween } from '../../src/domain/recall-invitations';
import { makeEvent } from '../fixtures/events';

describe('recall email windows', () => {
  it.each([
    ['2026-10-24T07:59:00Z', { from: '2026-10-24', to: '2026-11-20' }],
    ['2026-10-24T08:00:00Z', { from: '2026-10-24', to: '2026-11-21' }],
    ['2026-11-24T08:59:00Z', { from: '2026-11-24', to: '2026-12-21' }],
    ['2026-11-24T09:00:00Z', { from: '2026-11-24', to: '2026-12-22' }],
    // 00:30 BST on Monday 30 March: a new UK day, but before its 09:00.
    ['2026-03-29T23:30:00Z', { from: '2026-03-30', to: '2026-04-26' }],
  ])('invitations at %s cover due dates %j', (now, window) => {
    expect(invitationWindow(new Date(now))).toEqual(window);
  });

  it.each([
    ['2026-10-02T07:59:00Z', { from: '2026-09-03', to: '2026-10-01' }],
    ['2026-10-02T08:00:00Z', { from: '2026-09-04', to: '2026-10-02' }],
  ])('follow-ups and GP prompts at %s cover days %j', (now, window) => {
    expect(lateWindow(new Date(now))).toEqual(window);
  });

  it('follows up a calendar month after the UK day the invitation went', () => {
    expect(followUpDay(new Date('2026-10-24T08:00:00Z'))).toBe('2026-11-24');
    // 00:30 BST on 1 September is still 31 August in UTC.
    expect(followUpDay(new Date('2026-08-31T23:30:00Z'))).toBe('2026-10-01');
    expect(followUpDay(new Date('2027-01-31T10:00:00Z'))).toBe('2027-02-28');
  });
});

describe('the events an invitation lists', () => {
  const now = new Date('2026-10-24T08:00:00Z');
  const ipswich = { latitude: 52.0567, longitude: 1.1482 };
  const near = makeEvent({ event_name: 'Felixstowe', event_date: '2026-11-28', latitude: 51.9617, longitude: 1.3513 });
  const middle = makeEvent({ event_name: 'Colchester', event_date: '2026-11-05', latitude: 51.8959, longitude: 0.8919 });
  const far = makeEvent({ event_name: 'Norwich', event_date: '2026-11-01', latitude: 52.6309, longitude: 1.2974 });
  const farther = makeEvent({ event_name: 'Chelmsford', event_date: '2026-11-02', latitude: 51.7356, longitude: 0.4685 });
  const never = [
    makeEvent({ event_name: 'Full', event_date: '2026-11-10', total_spaces: 1, booked_spaces: 1, places_left: 0 }),
    makeEvent({ event_name: 'Private', event_date: '2026-11-10', is_private: true }),
    makeEvent({ event_name: 'Corporate', event_date: '2026-11-10', exclusive_for: 'CORPORATE' }),
    makeEvent({ event_name: 'Passed', event_date: '2026-10-20' }),
    makeEvent({ event_name: 'Closing', event_date: '2026-10-25', start_time: '08:00' }),
    makeEvent({ event_name: 'Unplaced', event_date: '2026-11-10', latitude: null, longitude: null }),
  ];

  it('lists the three nearest bookable, public, placed events, nearest first', () => {
    const listed = invitationEvents([...never, far, farther, middle, near], ipswich, now);
    expect(listed.map((e) => e.event.event_name)).toEqual(['Felixstowe', 'Colchester', 'Chelmsford']);
    expect(listed.map((e) => Math.round(e.miles!))).toEqual([11, 16, 36]);
  });

  it('lists no event further than the near distance, and none at all when nothing is near', () => {
    const colchester = { latitude: 51.8959, longitude: 0.8919 };
    const leeds = makeEvent({ event_name: 'Leeds', event_date: '2026-11-03', latitude: 53.8008, longitude: -1.5491 });
    const listed = invitationEvents([leeds, near, far], colchester, now);
    // Norwich is about 52 miles from Colchester, Leeds about 166: neither is near him at the default 50.
    expect(listed.map((e) => e.event.event_name)).toEqual(['Felixstowe']);
    expect(invitationEvents([leeds, near, far], colchester, now, 60).map((e) => e.event.event_name)).toEqual(['Felixstowe', 'Norwich']);
    expect(invitationEvents([leeds], colchester, now)).toEqual([]);
    expect(Math.round(milesBetween(colchester, leeds as { latitude: number; longitude: number }))).toBe(166);
  });

  it('lists the soonest when where he was tested is unknown', () => {
    expect(invitationEvents([near, middle, far, farther], null, now).map((e) => e.event.event_name)).toEqual(['Norwich', 'Chelmsford', 'Colchester']);
  });

  it('measures in miles and says so in words', () => {
    expect(milesBetween(ipswich, ipswich)).toBe(0);
    expect(distanceText(0.4)).toBe('less than a mile away');
    expect(distanceText(1.2)).toBe('about 1 mile away');
    expect(distanceText(10.85)).toBe('about 11 miles away');
  });
});
