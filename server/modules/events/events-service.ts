/**
 * The events rules the API answers with: which events a listing shows,
 * one event's details, and its free appointment slots. The date and slot
 * rules are the shared ones in src/domain, so the screen and the server
 * cannot disagree.
 */
import { cardState, hasEnded } from '../../../src/domain/event-card';
import type { EventCategory, ScreeningEvent } from '../../../src/domain/event';
import { dateRange, type DateFilter } from '../../../src/domain/event-filters';
import { londonDate } from '../../../src/domain/london-time';
import { availableSlots, bookablePlaces, type SlotsByDate } from '../../../src/domain/slots';
import type { BookingRefusal } from '../../../src/domain/booking';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { EVENT_ROW, eventColumns, placesTaken, toScreeningEvent } from './events-table';
import { shortCache } from '../../platform/short-cache';

export interface EventListFilters {
  categories?: readonly EventCategory[];
  location?: string;
  date?: DateFilter;
  /** Exactly these events (still upcoming and not cancelled). */
  events?: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be an event id at all; anything else is simply not found. */
export function isEventId(id: string): boolean {
  return UUID.test(id);
}

export interface EventsService {
  /** The listing, each event with its places_left. */
  list(filters: EventListFilters): Promise<ScreeningEvent[]>;
  /** One event not cancelled, with its places_left. */
  get(id: string): Promise<ScreeningEvent | null>;
  /** Whether `id` is an event the charity has cancelled. */
  isCancelled(id: string): Promise<boolean>;
  /**
   * The event's free slots (each slot's places less its confirmed and
   * unexpired held appointments), or why it offers none: it has passed, it
   * is full, or its booking has closed (the event card's rule, at the
   * server's clock).
   */
  slots(event: ScreeningEvent): Promise<{ open: SlotsByDate } | { refused: Extract<BookingRefusal, 'event_passed' | 'fully_booked' | 'booking_closed'> }>;
}

/** Places taken per event and slot (HH:mm): count(*)::integer. */
const TAKEN_ROW = { event_id: col.text(), slot: col.text(), taken: col.int() };

const REFUSAL_FOR_STATE = { passed: 'event_passed', full: 'fully_booked', closed: 'booking_closed' } as const;

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

  /** Places taken at `at` per slot start (HH:mm), per event: bookings, live holds and held waiting-list offers. */
  async function takenBySlot(eventIds: readonly string[], at: Date): Promise<Map<string, Record<string, number>>> {
    const taken = new Map<string, Record<string, number>>();
    if (eventIds.length === 0) return taken;
    const rows = await rowsOf(
      db,
      TAKEN_ROW,
      `SELECT t.event_id::text AS event_id, to_char(t.slot_start, 'HH24:MI') AS slot, count(*)::integer AS taken
       FROM ${placesTaken('$2')} t WHERE t.event_id = ANY($1::uuid[])
       GROUP BY t.event_id, t.slot_start`,
      [eventIds, at],
    );
    for (const row of rows) taken.set(row.event_id, { ...taken.get(row.event_id), [row.slot]: row.taken });
    return taken;
  }

  async function withPlacesLeft(events: ScreeningEvent[], at: Date): Promise<ScreeningEvent[]> {
    const taken = await takenBySlot(events.map((e) => e.event_id), at);
    return events.map((event) => ({ ...event, places_left: bookablePlaces(event, taken.get(event.event_id) ?? {}, at) }));
  }

  async function get(id: string): Promise<ScreeningEvent | null> {
    if (!isEventId(id)) return null;
    const at = now();
    const row = await rowOf(db, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL`, [id, at]);
    return row ? ((await withPlacesLeft([toScreeningEvent(row)], at))[0] ?? null) : null;
  }

  async function list(filters: EventListFilters): Promise<ScreeningEvent[]> {
    const at = now();
    // No date filter: everything from today (UK) on. Whatever the filter, an
    // event that has ended (on UK wall-clock time, by the server's clock) is
    // not upcoming and is never listed: not even as "Event Passed" for the
    // rest of its day (docs/decisions/0004-date-filter-semantics.md: one
    // that ended at 22:20 is not offered at 23:25).
    const { from, to } = filters.date ? dateRange(filters.date, at) : { from: londonDate(at), to: null };
    const params: unknown[] = [from, at];
    const where = ['event_date >= $1::date', 'cancelled_at IS NULL'];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (to !== null) where.push(`event_date <= ${param(to)}::date`);
    if (filters.events) where.push(`event_id = ANY(${param(filters.events)}::uuid[])`);
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
    const rows = await rowsOf(
      db,
      EVENT_ROW,
      `SELECT ${eventColumns('$2')} FROM events WHERE ${where.join(' AND ')}
       ORDER BY event_date, start_time, event_name, event_id`,
      params,
    );
    const listed = rows.map(toScreeningEvent).filter((event) => !hasEnded(event, at));
    // Events named by id come in the order named: a recall invitation's link lists them nearest to him first.
    if (filters.events) {
      const order = new Map(filters.events.map((id, index) => [id, index]));
      listed.sort((a, b) => order.get(a.event_id)! - order.get(b.event_id)!);
    }
    return withPlacesLeft(listed, at);
  }

  return {
    list(filters) {
      const key = JSON.stringify([filters.categories ?? [], filters.location?.toLowerCase() ?? '', filters.date ?? '', filters.events ?? []]);
      return cachedList(key, () => list(filters));
    },

    get,

    async isCancelled(id) {
      if (!isEventId(id)) return false;
      const rows = await db.query('SELECT 1 FROM events WHERE event_id = $1::uuid AND cancelled_at IS NOT NULL', [id]);
      return rows.length > 0;
    },

    async slots(event) {
      const at = now();
      const taken = (await takenBySlot([event.event_id], at)).get(event.event_id) ?? {};
      // Closed, passed or full (a full event offers nothing, even where a slot still has room): no slot at all.
      const state = cardState({ ...event, places_left: bookablePlaces(event, taken, at) }, at);
      if (state !== 'book') return { refused: REFUSAL_FOR_STATE[state] };
      return { open: availableSlots(event, taken, at) };
    },
  };
}
