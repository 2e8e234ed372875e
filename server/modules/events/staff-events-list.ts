/**
 * Events as the staff console reads them: one event, a volunteer's
 * events, and the console's list a page at a time by date
 * (src/domain/staff-events-query.ts), so what a page costs follows the
 * events it shows, not the years the charity has been screening
 * (docs/decisions/0033-staff-and-member-reads-at-scale.md).
 *
 * A page's bounds are found on the events' date index (the nth event
 * before or after a day), its events read between them, and whether
 * anything lies beyond each bound asked of the same index. Each event's
 * places taken and arrivals are counted from indexes alone
 * (910-staff-and-member-reads.sql).
 */
import { STAFF_EVENTS_PAGE, type StaffEventsWindow } from '../../../src/domain/staff-events-query';
import type { StaffEvent, StaffEventsPage } from '../../../src/domain/staff-event-answers';
import { addDays, londonDate } from '../../../src/domain/london-time';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowsOf, type RowOf } from '../../platform/db/rows';
import { EVENT_ROW, eventColumns, toScreeningEvent } from './events-table';

/** An event as staff read it: its columns, when it was cancelled, and how many have checked in. */
export const STAFF_EVENT_ROW = { ...EVENT_ROW, cancelled_at: col.nullable(col.instant()), checked_in: col.int() };

/** The columns of STAFF_EVENT_ROW from `events` (unaliased), places counted at the moment `at` (a parameter such as '$1'). */
export const staffEventColumns = (at: string) => `${eventColumns(at)}, cancelled_at,
  (SELECT count(*) FROM check_ins c WHERE c.event_id = events.event_id)::integer AS checked_in`;

/** The console's order: by date and time, then name; the id settles a tie. */
const IN_ORDER = 'ORDER BY events.event_date, events.start_time, events.event_name, events.event_id';

export function toStaffEvent(row: RowOf<typeof STAFF_EVENT_ROW>): StaffEvent {
  return { ...toScreeningEvent(row), cancelled_at: row.cancelled_at?.toISOString() ?? null, checked_in: row.checked_in };
}

const DAY_ROW = { day: col.text() };
const BEYOND_ROW = { before: col.bool(), after: col.bool() };

/** The day of the `STAFF_EVENTS_PAGE`th event from `day` on (or before it), or null when fewer lie that way. */
async function nthDay(q: Queryable, day: string, way: 'from' | 'before'): Promise<string | null> {
  const [row] = await rowsOf(
    q,
    DAY_ROW,
    way === 'from'
      ? `SELECT to_char(event_date, 'YYYY-MM-DD') AS day FROM events WHERE event_date >= $1::date ORDER BY event_date OFFSET $2 LIMIT 1`
      : `SELECT to_char(event_date, 'YYYY-MM-DD') AS day FROM events WHERE event_date < $1::date ORDER BY event_date DESC OFFSET $2 LIMIT 1`,
    [day, STAFF_EVENTS_PAGE - 1],
  );
  return row?.day ?? null;
}

/**
 * The page's days as [first, end): its first day (null: from the first
 * event ever) and the day after its last (null: to the last event ever).
 */
async function pageDays(q: Queryable, window: StaffEventsWindow, today: string): Promise<{ first: string | null; end: string | null }> {
  if ('before' in window) return { first: await nthDay(q, window.before, 'before'), end: window.before };
  const last = await nthDay(q, 'from' in window ? window.from : today, 'from');
  const end = last === null ? null : addDays(last, 1);
  return { first: 'from' in window ? window.from : await nthDay(q, today, 'before'), end };
}

export async function staffEventsPage(q: Queryable, now: Date, window: StaffEventsWindow): Promise<StaffEventsPage> {
  const { first, end } = await pageDays(q, window, londonDate(now));
  const rows = await rowsOf(
    q,
    STAFF_EVENT_ROW,
    `SELECT ${staffEventColumns('$1')} FROM events
     WHERE ($2::date IS NULL OR events.event_date >= $2::date) AND ($3::date IS NULL OR events.event_date < $3::date) ${IN_ORDER}`,
    [now, first, end],
  );
  const [beyond] = await rowsOf(
    q,
    BEYOND_ROW,
    `SELECT $1::date IS NOT NULL AND EXISTS (SELECT 1 FROM events WHERE event_date < $1::date) AS before,
            $2::date IS NOT NULL AND EXISTS (SELECT 1 FROM events WHERE event_date >= $2::date) AS after`,
    [first, end],
  );
  return { events: rows.map(toStaffEvent), earlier: beyond!.before ? first : null, later: beyond!.after ? end : null };
}

/** The events of `ids` that exist, in the console's order. */
export async function staffEventsByIds(q: Queryable, now: Date, ids: readonly string[]): Promise<StaffEvent[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf(q, STAFF_EVENT_ROW, `SELECT ${staffEventColumns('$1')} FROM events WHERE event_id = ANY($2::uuid[]) ${IN_ORDER}`, [now, ids]);
  return rows.map(toStaffEvent);
}
