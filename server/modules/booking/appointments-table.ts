/**
 * SQL for appointments as the API sends them (the Appointment of
 * src/domain/booking.ts): the appointment joined with its event, so the
 * portal and emails show the event's name, venue and slot.
 */
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES, type Appointment } from '../../../src/domain/booking';
import { fullAddress } from '../../../src/domain/event';
import { col, type RowOf } from '../../platform/db/rows';

/** Columns of `appointments a JOIN events e`. */
export const APPOINTMENT_COLUMNS = `
  a.appointment_id::text AS appointment_id, a.event_id::text AS event_id, a.profile_id,
  e.event_name, e.product_name, to_char(e.event_date, 'YYYY-MM-DD') AS event_date,
  to_char(a.slot_start, 'HH24:MI') AS start_time, to_char(a.slot_end, 'HH24:MI') AS end_time,
  e.address_line_1, e.address_line_2, e.city, e.state, e.postcode, e.country,
  e.latitude, e.longitude, e.lab_name, a.price, a.status, a.payment_status,
  a.created_at, a.cancelled_at, a.calendar_sequence`;

export const APPOINTMENTS_FROM = 'appointments a JOIN events e ON e.event_id = a.event_id';

/**
 * A row of APPOINTMENT_COLUMNS as toAppointment reads it (a.profile_id,
 * NULL once the member is erased, is selected but not read).
 */
export const APPOINTMENT_ROW = {
  appointment_id: col.text(),
  event_id: col.text(),
  event_name: col.text(),
  product_name: col.text(),
  event_date: col.text(),
  start_time: col.text(),
  end_time: col.text(),
  address_line_1: col.text(),
  address_line_2: col.nullable(col.text()),
  city: col.text(),
  state: col.nullable(col.text()),
  postcode: col.text(),
  country: col.text(),
  // double precision: a number on both engines.
  latitude: col.nullable(col.float()),
  longitude: col.nullable(col.float()),
  lab_name: col.nullable(col.text()),
  price: col.int(),
  status: col.oneOf(APPOINTMENT_STATUSES),
  payment_status: col.oneOf(PAYMENT_STATUSES),
  created_at: col.instant(),
  cancelled_at: col.nullable(col.instant()),
  calendar_sequence: col.int(),
};
export type AppointmentRow = RowOf<typeof APPOINTMENT_ROW>;

/** The appointment of a row read through APPOINTMENT_ROW (a wider row too: only its own columns are taken). */
export function toAppointment(row: AppointmentRow): Appointment {
  return {
    appointment_id: row.appointment_id,
    event_id: row.event_id,
    event_name: row.event_name,
    product_name: row.product_name,
    event_date: row.event_date,
    start_time: row.start_time,
    end_time: row.end_time,
    address: fullAddress(row),
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    lab_name: row.lab_name,
    price: row.price,
    status: row.status,
    payment_status: row.payment_status,
    created_at: row.created_at.toISOString(),
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
    calendar_sequence: row.calendar_sequence,
  };
}
