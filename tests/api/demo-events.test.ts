/**
 * The demo data shows every card state whatever moment it is seeded:
 * checked at every hour of a fortnight and around both clock changes.
 */
import { describe, expect, it } from 'vitest';
import { cardState, eventStart } from '../../src/domain/event-card';
import { EVENT_CATEGORIES, isEsneftEvent } from '../../src/domain/event';
import { addDays, isClockTime, isIsoDate, londonDate, weekdayOf } from '../../src/domain/london-time';
import { demoEvents, type DemoEvent, type DemoRole } from '../../server/seed/demo-events';

const HOUR_MS = 3_600_000;

function instants(fromIso: string, hours: number, stepMinutes = 60): Date[] {
  const start = new Date(fromIso).getTime();
  return Array.from({ length: (hours * 60) / stepMinutes }, (_, i) => new Date(start + i * stepMinutes * 60_000));
}

// Every 100 minutes of a fortnight from a Saturday (so every hour of the
// day comes round), and every 20 minutes around both 2026 clock changes.
const WINDOWS: [string, Date[]][] = [
  ['a fortnight in June', instants('2026-06-06T00:07:00Z', 14 * 24, 100)],
  ['the March clock change', instants('2026-03-28T00:00:00Z', 48, 20)],
  ['the October clock change', instants('2026-10-24T00:00:00Z', 48, 20)],
];

function londonTimeIs(now: Date, hhmm: string): boolean {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(now) === hhmm;
}

const only = (events: DemoEvent[], role: DemoRole) => {
  const found = events.filter((e) => e.role === role);
  expect(found, role).toHaveLength(1);
  return found[0]!.event;
};

const hoursAway = (event: Pick<DemoEvent['event'], 'event_date' | 'start_time'>, now: Date) => (eventStart(event).getTime() - now.getTime()) / HOUR_MS;

describe('demo events', () => {
  it('cover every category, England-wide, with coordinates, free and paid, and valid times', () => {
    const events = demoEvents(new Date('2026-06-10T09:00:00Z')).map((d) => d.event);
    expect(events.length).toBeGreaterThanOrEqual(12);
    expect(new Set(events.map((e) => e.category))).toEqual(new Set(EVENT_CATEGORIES));
    expect(new Set(events.map((e) => e.city)).size).toBeGreaterThanOrEqual(10);
    for (const e of events) {
      expect(e.latitude).toBeGreaterThan(49.9);
      expect(e.latitude).toBeLessThan(55.9);
      expect(e.longitude).toBeGreaterThan(-6.5);
      expect(e.longitude).toBeLessThan(1.8);
      expect(e.session_duration).toBeGreaterThanOrEqual(10);
      expect(e.session_duration).toBeLessThanOrEqual(15);
      expect(e.contact_email).toBe('events@chaps-charity.org.uk');
      expect(e.booked_spaces).toBeLessThanOrEqual(e.total_spaces);
      expect(e.exclusive_for === 'CORPORATE').toBe(e.category === 'corporate');
    }
    expect(events.some((e) => !e.payment_required && e.price === 0)).toBe(true);
    expect(events.some((e) => e.payment_required && e.price === 2500)).toBe(true);
    expect(events.filter((e) => isEsneftEvent(e))).toHaveLength(1);
    expect(events.filter((e) => e.is_private)).toHaveLength(1);
  });

  it.each(WINDOWS)('show every state whenever seeded during %s', (_label, moments) => {
    // The today event ends at 23:59, so that one minute is left out.
    for (const now of moments.filter((m) => !londonTimeIs(m, '23:59'))) {
      try {
        expectEveryState(now);
      } catch (error) {
        throw new Error(`Seeded at ${now.toISOString()}: ${(error as Error).message}`);
      }
    }
  });
});

function expectEveryState(now: Date): void {
  const events = demoEvents(now);
  const today = londonDate(now);
  for (const { event: e } of events) {
    expect(isIsoDate(e.event_date) && isClockTime(e.start_time) && isClockTime(e.end_time)).toBe(true);
    expect(e.end_time > e.start_time).toBe(true);
  }

  const todays = only(events, 'today');
  expect(todays.event_date).toBe(today);
  expect(cardState(todays, now)).not.toBe('passed');

  const ended = only(events, 'ended');
  expect(cardState(ended, now)).toBe('passed');
  expect([today, addDays(today, -1)]).toContain(ended.event_date);

  const closing = only(events, 'closing-within-24h');
  expect(hoursAway(closing, now)).toBeGreaterThan(0);
  expect(hoursAway(closing, now)).toBeLessThan(24);
  expect(cardState(closing, now)).toBe('closed');

  const corporate = only(events, 'corporate-within-24h');
  expect(corporate.exclusive_for).toBe('CORPORATE');
  expect(hoursAway(corporate, now)).toBeLessThan(24);
  expect(cardState(corporate, now)).toBe('book');

  const monday = only(events, 'monday');
  expect(weekdayOf(monday.event_date)).toBe(1);
  expect(hoursAway(monday, now)).toBeGreaterThan(24);
  // When the coming Monday's last start (18:00) is 25 to 48 h away, the
  // event must use that Monday, so the 48-hour Monday rule shows.
  const comingMonday = [0, 1, 2, 3, 4, 5, 6].map((d) => addDays(today, d)).find((d) => weekdayOf(d) === 1) ?? '';
  const hoursToMondayEvening = hoursAway({ event_date: comingMonday, start_time: '18:00' }, now);
  if (hoursToMondayEvening <= 48 && hoursToMondayEvening > 25) {
    expect(monday.event_date).toBe(comingMonday);
    expect(cardState(monday, now)).toBe('closed');
  }

  expect(cardState(only(events, 'fully-booked'), now)).toBe('full');
  expect(only(events, 'private').is_private).toBe(true);
  expect(cardState(only(events, 'esneft'), now)).toBe('book');
  for (const upcoming of events.filter((e) => e.role === 'upcoming')) {
    expect(cardState(upcoming.event, now)).toBe('book');
  }
}
