/**
 * The attendee list and check-in contract between the staff console and
 * the server. The list holds what the door needs: a name, the time, and for
 * positive identification (docs/rules.md#check-in) his date of birth and
 * NHS number, which the volunteer reads out for him to confirm before his
 * tube is labelled; each booking's ticket short code and slot, and the
 * public key that checks a scanned ticket offline, so a forged, moved or
 * cancelled ticket is refused without a connection; and his sample id once
 * he has one. The age on the event's day is there for the result's band.
 * The list is kept on the staff member's phone for use without signal and
 * goes when they sign out.
 */
import type { Attendee, CheckInResult } from './attendee-list';
import { PAYMENT_STATUS_LABELS } from './booking';

// The answers' shapes are schemas in attendee-list.ts; only their types come here, so the check-in queue carries no zod.
export type { Attendee, AttendeeList, AttendeeRecall, CheckInResult } from './attendee-list';

/**
 * The payment column in words. A free booking is stored as 'paid'
 * (docs/rules.md#payment: nothing is owed), which staff read as money taken: it
 * says Free.
 */
export function attendeePaymentLabel(attendee: Pick<Attendee, 'payment_status' | 'price'>): string {
  if (attendee.price === 0 && attendee.payment_status === 'paid') return 'Free';
  return PAYMENT_STATUS_LABELS[attendee.payment_status];
}

/** One confirmed check-in: which appointment, and when (the phone's clock; sent later when queued offline). */
export interface CheckIn {
  appointment_id: string;
  checked_in_at: string;
  /**
   * The sample id the phone proposed and the volunteer wrote on his tube;
   * null when none was proposed (no valid NHS number). Absent in a check-in
   * queued by an earlier version: the server then assigns no sample.
   */
  sample_id?: string | null;
}

/** not_event_day: neither the phone's tap nor the server's now is on the event's day (UK time), so no arrival is recorded. */
export const CHECK_IN_OUTCOMES = ['recorded', 'already', 'cancelled', 'not_found', 'not_event_day'] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

/** A queue sent in one request, in the order the names were tapped. */
export const CHECK_IN_BATCH_MAX = 500;

/**
 * A queue of check-ins split for sending: consecutive check-ins of one
 * event, in tap order, at most CHECK_IN_BATCH_MAX each.
 */
export function checkInBatches<T extends { event_id: string }>(queue: readonly T[]): { eventId: string; items: T[] }[] {
  const batches: { eventId: string; items: T[] }[] = [];
  for (const item of queue) {
    const last = batches[batches.length - 1];
    if (last && last.eventId === item.event_id && last.items.length < CHECK_IN_BATCH_MAX) last.items.push(item);
    else batches.push({ eventId: item.event_id, items: [item] });
  }
  return batches;
}

/** Words for an outcome that needs a person's attention. */
export const CHECK_IN_CONFLICT_TEXT: Partial<Record<CheckInOutcome, string>> = {
  cancelled: 'Booking cancelled: this member cancelled before the check-in reached the server. Please check with them.',
  not_found: 'Not on this event: this check-in does not match any booking here.',
  not_event_day: "Not the event's day: a check-in is recorded only on the day of the event. Check the phone's date and that this is the right event.",
};

/** The full name, printed on the list. */
export const attendeeName = (a: Pick<Attendee, 'first_name' | 'last_name'>) => `${a.first_name} ${a.last_name}`.trim();

/** The server's sample id differs from the one the phone had written on his tube (null: none was assigned). */
export interface SampleRelabel {
  event_id: string;
  appointment_id: string;
  proposed: string | null;
  sample_id: string | null;
  refused?: 'nhs_number';
}

/**
 * A relabel notice for a check-in the server answered: when it carried a
 * sample id (or null for none) and the server's is another, or none.
 */
export function relabelOf(sent: CheckIn & { event_id: string }, result: CheckInResult): SampleRelabel | null {
  if (sent.sample_id === undefined || (result.outcome !== 'recorded' && result.outcome !== 'already')) return null;
  const serverId = result.sample_id ?? null;
  if (serverId === sent.sample_id) return null;
  return {
    event_id: sent.event_id,
    appointment_id: sent.appointment_id,
    proposed: sent.sample_id,
    sample_id: serverId,
    ...(result.sample_refused ? { refused: result.sample_refused } : {}),
  };
}
