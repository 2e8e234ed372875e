/**
 * The appointment as an iCalendar file (the `ics` package), for the
 * confirmation email and the portal's "Add to calendar". Times are written
 * in UTC, converted from the UK wall-clock slot through london-time, so a
 * calendar anywhere shows the right moment on either side of a clock
 * change. A cancelled appointment gives METHOD:CANCEL, which removes the
 * entry from calendars that imported it (same UID, higher SEQUENCE).
 */
import { createEvent, type EventAttributes } from 'ics';
import type { Appointment } from '../../src/domain/booking';
import { directionsUrl } from '../../src/domain/directions';
import { londonToInstant } from '../../src/domain/london-time';
import { WHAT_TO_BRING } from './booking-mail-text';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const UID_DOMAIN = 'chaps-charity.org.uk';

export function calendarFilename(appointment: Appointment): string {
  return `chaps-screening-${appointment.event_date}.ics`;
}

export function appointmentCalendar(appointment: Appointment): string {
  const cancelled = appointment.status === 'cancelled';
  const start = londonToInstant(appointment.event_date, appointment.start_time).getTime();
  const end = londonToInstant(appointment.event_date, appointment.end_time).getTime();
  const directions = directionsUrl(appointment);
  const attributes: EventAttributes = {
    uid: `${appointment.appointment_id}@${UID_DOMAIN}`,
    productId: 'chaps-charity/booking',
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    sequence: cancelled ? 1 : 0,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    title: `${appointment.product_name}: ${appointment.event_name}`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    location: appointment.address,
    description: [
      `Your appointment: ${appointment.start_time} to ${appointment.end_time} (UK time).`,
      `Directions: ${directions}`,
      WHAT_TO_BRING,
    ].join('\n\n'),
    url: directions,
    ...(appointment.latitude !== null && appointment.longitude !== null
      ? { geo: { lat: appointment.latitude, lon: appointment.longitude } }
      : {}),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('The calendar file could not be made');
  return value;
}
