/**
 * SQL for the events table: the one column list that becomes the API's
 * ScreeningEvent (so access_code_hash can never leak through a `SELECT *`),
 * the row mapping, and inserts used by the demo seed and the tests.
 */
import { EVENT_CATEGORIES, type ScreeningEvent } from '../../../src/domain/event';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf, type RowOf } from '../../platform/db/rows';

/**
 * SQL counting the places an appointment takes at the moment `at` (a
 * parameter such as '$2'): confirmed ones, and holds not yet expired. The
 * moment comes from the app's clock, not the database's, so every rule
 * reads one "now".
 */
export const activeAppointment = (alias: string, at: string) =>
  `(${alias}.status = 'confirmed' OR (${alias}.status = 'held' AND ${alias}.hold_expires_at > ${at}::timestamptz))`;

/**
 * SQL: the places taken at `at`, one row each (event_id, slot_start,
 * appointment_id): live appointments, and places held for a member offered
 * them from the waiting list (docs/decisions/0019). An offer holds its place
 * until he books through it or a sweep passes it on, whatever its time
 * says. `except` (SQL naming a profile id) leaves out that member's own
 * offer while it is live, so he can book the place held for him.
 */
export const placesTaken = (at: string, except?: string) => `(
  SELECT a.event_id, a.slot_start, a.appointment_id FROM appointments a WHERE ${activeAppointment('a', at)}
  UNION ALL
  SELECT w.event_id, w.offer_slot, NULL::uuid FROM waiting_list w WHERE w.status = 'offered'${
    except ? ` AND NOT (COALESCE(w.profile_id = ${except}, false) AND w.offer_expires_at > ${at}::timestamptz)` : ''
  })`;

/**
 * Every public column of `events` (unaliased in FROM), with dates and times
 * formatted the way the API sends them. booked_spaces is counted from the
 * appointments and held offers at the moment `at` (see placesTaken).
 */
export const eventColumns = (at: string, except?: string) => `
  event_id::text AS event_id, event_name, event_description, category,
  product_id, product_name, product_price, price,
  to_char(event_date, 'YYYY-MM-DD') AS event_date,
  to_char(start_time, 'HH24:MI') AS start_time,
  to_char(end_time, 'HH24:MI') AS end_time,
  session_duration, email_template, lab_name, is_private,
  total_spaces,
  (SELECT count(*) FROM ${placesTaken(at, except)} t WHERE t.event_id = events.event_id)::integer AS booked_spaces,
  places_per_slot, payment_required,
  exclusive_for, contact_email, address_line_1, address_line_2,
  city, state, postcode, country, latitude, longitude`;

/** A row of eventColumns: the events table's types (001-events.sql), dates and times as the text to_char made. */
export const EVENT_ROW = {
  event_id: col.text(),
  event_name: col.text(),
  event_description: col.text(),
  category: col.oneOf(EVENT_CATEGORIES),
  product_id: col.text(),
  product_name: col.text(),
  product_price: col.int(),
  price: col.nullable(col.int()),
  event_date: col.text(),
  start_time: col.text(),
  end_time: col.text(),
  session_duration: col.int(),
  email_template: col.nullable(col.text()),
  lab_name: col.nullable(col.text()),
  is_private: col.bool(),
  total_spaces: col.int(),
  booked_spaces: col.int(),
  places_per_slot: col.int(),
  payment_required: col.bool(),
  exclusive_for: col.nullable(col.text()),
  contact_email: col.nullable(col.text()),
  address_line_1: col.text(),
  address_line_2: col.nullable(col.text()),
  city: col.text(),
  state: col.nullable(col.text()),
  postcode: col.text(),
  country: col.text(),
  // double precision: a number on both engines.
  latitude: col.nullable(col.float()),
  longitude: col.nullable(col.float()),
};
export type EventRow = RowOf<typeof EVENT_ROW>;

/** The event of a row read through EVENT_ROW (a wider row too: only the event's own columns are taken). */
export function toScreeningEvent(row: EventRow): ScreeningEvent {
  return {
    event_id: row.event_id,
    event_name: row.event_name,
    event_description: row.event_description,
    category: row.category,
    product_id: row.product_id,
    product_name: row.product_name,
    product_price: row.product_price,
    price: row.price,
    event_date: row.event_date,
    start_time: row.start_time,
    end_time: row.end_time,
    session_duration: row.session_duration,
    email_template: row.email_template,
    lab_name: row.lab_name,
    is_private: row.is_private,
    total_spaces: row.total_spaces,
    booked_spaces: row.booked_spaces,
    places_per_slot: row.places_per_slot,
    payment_required: row.payment_required,
    exclusive_for: row.exclusive_for,
    contact_email: row.contact_email,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * A row to insert: the API's fields (id optional) plus the private code's
 * hash. booked_spaces is not stored (it is counted from appointments), so
 * any value given is ignored.
 */
export type EventInsert = Omit<ScreeningEvent, 'event_id' | 'booked_spaces'> & {
  event_id?: string;
  booked_spaces?: number;
  access_code_hash?: string | null;
};

const INSERT_COLUMNS = [
  'event_name', 'event_description', 'category', 'product_id', 'product_name', 'product_price', 'price',
  'event_date', 'start_time', 'end_time', 'session_duration', 'email_template', 'lab_name', 'is_private',
  'access_code_hash', 'total_spaces', 'places_per_slot', 'payment_required', 'exclusive_for',
  'contact_email', 'address_line_1', 'address_line_2', 'city', 'state', 'postcode', 'country', 'latitude',
  'longitude',
] as const;

const INSERTED_ROW = { event_id: col.text() };

/** Inserts one event; resolves to its id. */
export async function insertEvent(db: Queryable, event: EventInsert): Promise<string> {
  const columns: string[] = [...INSERT_COLUMNS];
  const values: unknown[] = INSERT_COLUMNS.map((column) => event[column] ?? null);
  if (event.event_id !== undefined) {
    columns.unshift('event_id');
    values.unshift(event.event_id);
  }
  const placeholders = values.map((_, i) => `$${i + 1}`).join(', ');
  const row = await rowOf(db, INSERTED_ROW, `INSERT INTO events (${columns.join(', ')}) VALUES (${placeholders}) RETURNING event_id::text AS event_id`, values);
  if (!row) throw new Error('INSERT INTO events returned no row');
  return row.event_id;
}

export async function insertEvents(db: Queryable, events: readonly EventInsert[]): Promise<string[]> {
  const ids: string[] = [];
  for (const event of events) ids.push(await insertEvent(db, event));
  return ids;
}
