/**
 * The events rules the API answers with: which events a listing shows,
 * one event's details, and its free appointment slots. The date and slot
 * rules are the shared ones in src/domain, so the screen and the server
 * cannot disagree.
 */
import { hasEnded } from '../../src/domain/event-card';
import type { EventCategory, ScreeningEvent } from '../../src/domain/event';
import { dateRange, type DateFilter } from '../../src/domain/event-filters';
import { londonDate } from '../../src/domain/london-time';
import { availableSlots, type SlotsByDate } from '../../src/domain/slots';
import type { Queryable } from '../db/adapter';
import { activeAppointment, eventColumns, toScreeningEvent } from '../db/events-table';
import { shortCache } from './short-cache';

export interface EventListFilters {
  categories?: readonly EventCategory[];
  location?: string;
  date?: DateFilter;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be an event id at all; anything else is simply not found. */
export function isEventId(id: string): boolean {
  return UUID.test(id);
}

export interface EventsService {
  list(filters: EventListFilters): Promise<ScreeningEvent[]>;
  get(id: string): Promise<ScreeningEvent | null>;
  /** The event's free slots: each slot's places less its confirmed and unexpired held appointments. */
  slots(event: ScreeningEvent): Promise<SlotsByDate>;
}

export interface EventsServiceOptions {
  /**
   * How long (ms of real time) a listing answer is reused. The listing is
   * the hot read and PGlite has one connection, so under load a second of
   * reuse turns hundreds of identical queries into one. A listing up to a
   * second old is harmless: a booking is always checked against the
   * database in its own transaction, never against this copy. 0 disables.
   */
  listCacheMs?: number;
}

export function createEventsService(
  db: Queryable,
  now: () => Date,
  { listCacheMs = 0 }: EventsServiceOptions = {},
): EventsService {
  const cachedList = shortCache<ScreeningEvent[]>(listCacheMs);

  async function get(id: string): Promise<ScreeningEvent | null> {
    if (!isEventId(id)) return null;
    const [row] = await db.query(`SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL`, [id, now()]);
    return row ? toScreeningEvent(row) : null;
  }

  async function list(filters: EventListFilters): Promise<ScreeningEvent[]> {
    const at = now();
    // No date filter: everything from today (UK) on. Whatever the filter, an
    // event that has ended (on UK wall-clock time, by the server's clock) is
    // not upcoming and is never listed: not even as "Event Passed" for the
    // rest of its day (issue 16).
    const { from, to } = filters.date ? dateRange(filters.date, at) : { from: londonDate(at), to: null };
    const params: unknown[] = [from, at];
    const where = ['event_date >= $1::date', 'cancelled_at IS NULL'];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (to !== null) where.push(`event_date <= ${param(to)}::date`);
    if (filters.categories && filters.categories.length > 0) {
      where.push(`category IN (${filters.categories.map((c) => param(c)).join(', ')})`);
    }
    if (filters.location) {
      const text = param(filters.location);
      where.push(`(
        position(lower(${text}::text) in lower(city)) > 0
        OR position(lower(${text}::text) in lower(address_line_1)) > 0
        OR position(lower(${text}::text) in lower(coalesce(address_line_2, ''))) > 0
        OR position(replace(lower(${text}::text), ' ', '') in replace(lower(postcode), ' ', '')) > 0
      )`);
    }
    const rows = await db.query(
      `SELECT ${eventColumns('$2')} FROM events WHERE ${where.join(' AND ')}
       ORDER BY event_date, start_time, event_name, event_id`,
      params,
    );
    return rows.map(toScreeningEvent).filter((event) => !hasEnded(event, at));
  }

  return {
    list(filters) {
      const key = JSON.stringify([filters.categories ?? [], filters.location?.toLowerCase() ?? '', filters.date ?? '']);
      return cachedList(key, () => list(filters));
    },

    get,

    async slots(event) {
      const rows = await db.query<{ slot: string; taken: number }>(
        `SELECT to_char(a.slot_start, 'HH24:MI') AS slot, count(*)::integer AS taken
         FROM appointments a WHERE a.event_id = $1::uuid AND ${activeAppointment('a', '$2')}
         GROUP BY a.slot_start`,
        [event.event_id, now()],
      );
      const taken = Object.fromEntries(rows.map((r) => [r.slot, r.taken]));
      // A full event offers nothing, even where a slot still has room.
      if (event.booked_spaces >= event.total_spaces) return { [event.event_date]: { availableTimeSlots: [] } };
      return availableSlots(event, taken, now());
    },
  };
}
