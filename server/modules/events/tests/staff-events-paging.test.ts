/**
 * GET /api/staff/events a page at a time (src/domain/staff-events-query.ts):
 * around London's today by default, then by `before=` and `from=` from the
 * days each answer gives; whole days on each page, so walking every page
 * each way meets every event once; a split at London's midnight, not
 * UTC's; and a date that is not one, or given twice, refused with 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../../src/domain/london-time';
import type { StaffEventsPage } from '../../../../src/domain/staff-event-answers';
import { STAFF_EVENTS_PAGE } from '../../../../src/domain/staff-events-query';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import type { FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent, type EventFixture } from '../../../../tests/fixtures/events';
import { makeStaff } from '../../../../tests/fixtures/staff';

// 00:30 on Monday 30 March 2026 in London (summer time began the day before), still the 29th in UTC.
const NOW = new Date('2026-03-29T23:30:00Z');
const TODAY = '2026-03-30';

/** `count` days back from yesterday and on from today, one event a day, with three on `crowded` days. */
function eventsAround(count: number, crowded: readonly string[]): EventFixture[] {
  const days = [...Array.from({ length: count }, (_, i) => addDays(TODAY, -count + i)), ...Array.from({ length: count }, (_, i) => addDays(TODAY, i))];
  return days.flatMap((day) =>
    Array.from({ length: crowded.includes(day) ? 3 : 1 }, (_, n) =>
      makeEvent({ event_name: `Screening ${day} ${n}`, event_date: day, start_time: `1${n}:00`, end_time: `1${n}:45` }),
    ),
  );
}

const daysOf = (page: StaffEventsPage) => [...new Set(page.events.map((e) => e.event_date))];

describe.each(ENGINES)('the staff events list, a page at a time, on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let all: EventFixture[];
  const list = (query = '') =>
    getJson<StaffEventsPage & { error?: string }>(testApp({ db: test.db, now: NOW }), `/api/staff/events${query}`, {
      headers: { Authorization: `Bearer ${staff.token}` },
    });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    staff = await makeStaff(test.db, NOW);
    // The 25th event back from today falls on a crowded day, and so does the 25th on from it.
    all = eventsAround(60, [addDays(TODAY, -24), addDays(TODAY, -40), addDays(TODAY, 22), TODAY]);
    await replaceEvents(test.db, all);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers the next events from London’s today and the latest before it, whole days, in date order', async () => {
    const page = await list();
    expect(page.status).toBe(200);
    // London's today is the 30th: the 29th (UTC's today) is the last day before it.
    const past = page.body.events.filter((e) => e.event_date < TODAY);
    const ahead = page.body.events.filter((e) => e.event_date >= TODAY);
    expect(past.at(-1)?.event_date).toBe('2026-03-29');
    expect(ahead[0]?.event_date).toBe(TODAY);
    // The 25th event back is the second of the crowded 6 March: its three come whole, so 26 before today.
    expect(past[0]?.event_date).toBe(addDays(TODAY, -24));
    expect(past).toHaveLength(STAFF_EVENTS_PAGE + 1);
    // Today is crowded too, and the 25th event on is the first of the crowded 21 April: 27 from today.
    expect(ahead.at(-1)?.event_date).toBe(addDays(TODAY, 22));
    expect(ahead).toHaveLength(STAFF_EVENTS_PAGE + 2);
    expect(page.body.earlier).toBe(addDays(TODAY, -24));
    expect(page.body.later).toBe(addDays(TODAY, 23));
    const keys = page.body.events.map((e) => `${e.event_date} ${e.start_time}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('walks back and on from the default page to every event once, each day on one page', async () => {
    const first = await list();
    const pages = [first.body];
    for (let before = first.body.earlier; before; ) {
      const page = await list(`?before=${before}`);
      expect(page.status).toBe(200);
      expect(page.body.events.every((e) => e.event_date < before!)).toBe(true);
      pages.unshift(page.body);
      before = page.body.earlier;
    }
    for (let from = first.body.later; from; ) {
      const page = await list(`?from=${from}`);
      expect(page.status).toBe(200);
      expect(page.body.events.every((e) => e.event_date >= from!)).toBe(true);
      pages.push(page.body);
      from = page.body.later;
    }
    const seen = pages.flatMap((p) => p.events.map((e) => e.event_id));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(all.map((e) => e.event_id).sort());
    // No day split over two pages, and the pages in date order.
    const days = pages.flatMap(daysOf);
    expect(new Set(days).size).toBe(days.length);
    expect(days).toEqual([...days].sort());
    expect(pages[0]!.earlier).toBeNull();
    expect(pages.at(-1)!.later).toBeNull();
  });

  it('reads a page before or from any day, the boundary day itself on the `from` side', async () => {
    const before = await list(`?before=${TODAY}`);
    expect(before.body.events.at(-1)?.event_date).toBe('2026-03-29');
    expect(before.body.later).toBe(TODAY);
    const from = await list(`?from=${TODAY}`);
    expect(from.body.events[0]?.event_date).toBe(TODAY);
    expect(from.body.earlier).toBe(TODAY);
    const none = await list('?before=2000-01-01');
    expect(none.body).toEqual({ events: [], earlier: null, later: '2000-01-01' });
    const beyond = await list('?from=2100-01-01');
    expect(beyond.body).toEqual({ events: [], earlier: '2100-01-01', later: null });
  });

  it('lists a cancelled event on its day, as staff saw it before', async () => {
    const [gone] = await test.db.query<{ event_id: string }>(
      "UPDATE events SET cancelled_at = $1 WHERE event_date = $2::date RETURNING event_id::text AS event_id",
      [NOW, addDays(TODAY, 2)],
    );
    const page = await list();
    expect(page.body.events.find((e) => e.event_id === gone!.event_id)?.cancelled_at).toBe(NOW.toISOString());
  });

  it.each([
    ['?before=2026-02-30', 'before must be a real date, YYYY-MM-DD.'],
    ['?before=yesterday', 'before must be a real date, YYYY-MM-DD.'],
    ['?before=2026-3-01', 'before must be a real date, YYYY-MM-DD.'],
    ['?before=', 'before must be a real date, YYYY-MM-DD.'],
    ['?before=2026-03-01T00:00:00Z', 'before must be a real date, YYYY-MM-DD.'],
    ["?before=2026-03-01'%20OR%20'1'='1", 'before must be a real date, YYYY-MM-DD.'],
    [`?from=${'9'.repeat(5000)}`, 'from must be a real date, YYYY-MM-DD.'],
    ['?from=0000-01-01', 'from must be a real date, YYYY-MM-DD.'],
    ['?before=2026-03-01&before=2026-02-01', 'before must be given once.'],
    ['?before=2026-03-01&from=2026-02-01', 'Give before or from, not both.'],
  ])('refuses %s with 422', async (query, message) => {
    const res = await list(query);
    expect([res.status, res.body.error]).toEqual([422, 'validation_failed']);
    expect((res.body as unknown as { message: string }).message).toBe(message);
  });

  it('ignores a parameter it does not know, as the public listing does', async () => {
    const plain = await list();
    const extra = await list('?_=1234&page=2');
    expect(extra.status).toBe(200);
    expect(extra.body).toEqual(plain.body);
  });
});
