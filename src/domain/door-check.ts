/**
 * What the door makes of a scanned ticket, a typed short code or a tapped
 * name (docs/rules.md#check-in), from the attendee list saved on the phone
 * and nothing else, so it works with no signal. A scan is checked with the
 * list's public key (src/domain/ticket.ts): a forged or altered ticket, or
 * any other QR code, is not a ticket; a real ticket for another event, for
 * a cancelled booking, or naming a slot the booking has since left (it was
 * moved), is refused; a man already checked in (here or on this phone's
 * queue) is said to be, with the time. A real ticket for this event that the
 * saved list does not hold (booked after it was saved) may be checked in:
 * the server confirms the booking when the check-in reaches it. Anything
 * else leads to positive identification and the volunteer's confirmation.
 * Pure: the staff console's door panel
 * (src/features/staff/components/door-check-in.tsx) uses it.
 */
import { formatLongDate } from './format';
import { londonDate, londonTime } from './london-time';
import { isValidNhsNumber } from './nhs-number';
import { once } from './once';
import type { Attendee, AttendeeList, CheckIn } from './staff-attendees';
import { isTicketCode, normaliseTicketCode, verifyTicket } from './ticket';

/** A check-in waiting on this phone to be sent. */
type Queued = Pick<CheckIn, 'appointment_id' | 'checked_in_at'>;

export type DoorCheck =
  | { kind: 'not_a_ticket' }
  | { kind: 'other_event'; eventId: string; slotStart: string; booked?: OtherEvent | null }
  | { kind: 'unknown_code'; code: string }
  | { kind: 'cancelled'; attendee: Attendee }
  | { kind: 'moved'; attendee: Attendee }
  | { kind: 'already'; attendee: Attendee | null; at: string }
  | { kind: 'unlisted'; appointmentId: string; slotStart: string }
  | { kind: 'confirm'; attendee: Attendee };

/**
 * Where the other event of a ticket is, as the door looks it up with a
 * signal (the event's public details): its name and its town. Without it
 * the refusal still says when, from the ticket's own signed slot.
 */
export interface OtherEvent {
  event_name: string;
  venue: string;
}

/** A name on the list, tapped or found by his ticket: cancelled, already in, or to be identified. */
export function checkAttendee(attendee: Attendee, queued: readonly Queued[]): DoorCheck {
  if (attendee.status !== 'confirmed') return { kind: 'cancelled', attendee };
  const waiting = queued.find((q) => q.appointment_id === attendee.appointment_id);
  const at = attendee.checked_in_at ?? waiting?.checked_in_at;
  return at ? { kind: 'already', attendee, at } : { kind: 'confirm', attendee };
}

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** A scanned text, checked against the list's key and then the list. */
export async function checkScan(text: string, list: Pick<AttendeeList, 'event_id' | 'attendees'>, key: CryptoKey, queued: readonly Queued[]): Promise<DoorCheck> {
  const ticket = await verifyTicket(text, key);
  if (!ticket.ok) return { kind: 'not_a_ticket' };
  const { claims } = ticket;
  if (claims.eventId !== list.event_id) return { kind: 'other_event', eventId: claims.eventId, slotStart: claims.slotStart };
  const attendee = list.attendees.find((a) => a.appointment_id === claims.appointmentId);
  if (!attendee) {
    const waiting = queued.find((q) => q.appointment_id === claims.appointmentId);
    return waiting ? { kind: 'already', attendee: null, at: waiting.checked_in_at } : { kind: 'unlisted', appointmentId: claims.appointmentId, slotStart: claims.slotStart };
  }
  if (attendee.status !== 'confirmed') return { kind: 'cancelled', attendee };
  // A list saved by an earlier version has no slot_start: the ticket's signature and booking still stand.
  if (attendee.slot_start && !sameInstant(claims.slotStart, attendee.slot_start)) return { kind: 'moved', attendee };
  return checkAttendee(attendee, queued);
}

/** A short code read out or typed (ABCD-EFGH): his booking on the list, then as a tapped name. */
export function checkCode(text: string, list: Pick<AttendeeList, 'attendees'>, queued: readonly Queued[]): DoorCheck {
  const code = normaliseTicketCode(text);
  const attendee = isTicketCode(code) ? list.attendees.find((a) => a.ticket_code === code) : undefined;
  return attendee ? checkAttendee(attendee, queued) : { kind: 'unknown_code', code };
}

/** What the volunteer is told for a check that goes no further. */
export function refusalText(check: DoorCheck): string | null {
  switch (check.kind) {
    case 'not_a_ticket':
      return 'This is not a valid CHAPS ticket. Find his name on the list, or type the code on his ticket.';
    case 'other_event':
      return otherEventText(check.slotStart, check.booked ?? null);
    case 'unknown_code':
      return 'No booking on this list has that code. Check the code, or find his name on the list.';
    case 'cancelled':
      return 'This booking was cancelled. He cannot be checked in with it: please talk to the organiser.';
    case 'moved':
      return `This ticket is out of date: the booking was moved to ${check.attendee.start_time}. Ask him for his new ticket, or find his name on the list.`;
    case 'already':
      return `Already checked in at ${londonTime(new Date(check.at))}.`;
    default:
      return null;
  }
}

/** Whether the lab will take his sample: it needs a valid NHS number (docs/rules.md#esneft). */
export const canHaveSample = (attendee: Pick<Attendee, 'nhs_number'>) => !!attendee.nhs_number && isValidNhsNumber(attendee.nhs_number);

/** An NHS number as it is read out: 943 476 5919. */
export const formatNhsNumber = (digits: string) => (digits.length === 10 ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : digits);

const dateOfBirthFormat = once(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }));

/** "1968-03-14" -> "14 March 1968". */
export function formatDateOfBirth(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return dateOfBirthFormat().format(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)));
}

/**
 * The refusal of another event's ticket, saying where and when he is booked:
 * the slot his signed ticket names, in UK time ("Saturday, 20 June 2026 at
 * 10:00"), and the event's name and town once looked up.
 */
export function otherEventText(slotStart: string, booked: OtherEvent | null): string {
  const instant = new Date(slotStart);
  const when = Number.isNaN(instant.getTime()) ? null : `${formatLongDate(londonDate(instant))} at ${londonTime(instant)} (UK time)`;
  if (!when) return 'This ticket is for another event. Please check where and when he is booked.';
  const where = booked ? `at ${booked.event_name}, ${booked.venue}, ` : '';
  return `This ticket is for another event: he is booked ${where}on ${when}. He cannot be checked in here.`;
}
