/**
 * The appointment as an iCalendar file (the `ics` package), for the
 * booking emails and the portal's "Add to calendar". Times are written
 * in UTC, converted from the UK wall-clock slot through london-time, so a
 * calendar anywhere shows the right moment on either side of a clock
 * change.
 *
 * Valid by RFC 5546's rules for its methods, so calendar programs act on it:
 * a booking (and each change of its time) is METHOD:PUBLISH, a cancellation
 * METHOD:CANCEL, both with the ORGANIZER those methods require, one UID per
 * appointment, and the SEQUENCE the appointment row counts (0 when booked,
 * one more on each change and on the cancellation), so each file is taken
 * as the newer version of the same entry. The email's part carries the same
 * method in its Content-Type (RFC 6047 section 2.4): calendarContentType.
 *
 * Text comes from the event row, which staff type: a line break in it (a
 * lone carriage return too, which the `ics` package would pass through as
 * it is, breaking the file's lines) becomes ", " and other control
 * characters go, before the package escapes the rest.
 */
import { createEvent, type EventAttributes } from 'ics';
import type { Appointment } from '../../../src/domain/booking';
import { directionsUrl } from '../../../src/domain/directions';
import { londonToInstant } from '../../../src/domain/london-time';
import { WHAT_TO_BRING } from './booking-mail-text';

const UID_DOMAIN = 'chaps-charity.org.uk';
/** The charity, as the organiser of every appointment (RFC 5546 requires one for PUBLISH and CANCEL). */
export const CALENDAR_ORGANIZER = { name: 'CHAPS', email: 'info@chaps-charity.org.uk' } as const;

export type CalendarMethod = 'PUBLISH' | 'CANCEL';

export const calendarMethod = (appointment: Appointment): CalendarMethod => (appointment.status === 'cancelled' ? 'CANCEL' : 'PUBLISH');

/** The calendar part's Content-Type, with the method of the file inside it (RFC 6047 section 2.4). */
export const calendarContentType = (appointment: Appointment) => `text/calendar; charset=utf-8; method=${calendarMethod(appointment)}`;

export function calendarFilename(appointment: Appointment): string {
  return `chaps-screening-${appointment.event_date}.ics`;
}

/** The text without C0 control characters and DEL (line breaks are split off before this). */
const withoutControls = (text: string) =>
  Array.from(text)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('');

/** One line of text: line breaks of any kind become ", ", other control characters go. */
export function calendarLine(text: string): string {
  return text
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((part) => withoutControls(part).trim())
    .filter((part) => part !== '')
    .join(', ');
}

/** Text of several lines: each line cleaned as calendarLine, kept apart by "\n" (which the package escapes). */
const calendarLines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map(withoutControls)
    .join('\n');

export function appointmentCalendar(appointment: Appointment): string {
  const method = calendarMethod(appointment);
  const start = londonToInstant(appointment.event_date, appointment.start_time).getTime();
  const end = londonToInstant(appointment.event_date, appointment.end_time).getTime();
  const directions = directionsUrl(appointment);
  const attributes: EventAttributes = {
    uid: `${appointment.appointment_id}@${UID_DOMAIN}`,
    productId: 'chaps-charity/booking',
    method,
    sequence: appointment.calendar_sequence,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { ...CALENDAR_ORGANIZER },
    title: calendarLine(`${appointment.product_name}: ${appointment.event_name}`),
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    location: calendarLine(appointment.address),
    description: calendarLines(
      [`Your appointment: ${appointment.start_time} to ${appointment.end_time} (UK time).`, `Directions: ${directions}`, WHAT_TO_BRING].join('\n\n'),
    ),
    url: directions,
    ...(appointment.latitude !== null && appointment.longitude !== null
      ? { geo: { lat: appointment.latitude, lon: appointment.longitude } }
      : {}),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('The calendar file could not be made');
  return value;
}
