/**
 * The attendee list and check-in contract between the staff console and
 * the server. The list holds what the venue needs and no more: a name, the
 * time, whether an NHS number is on file (not the number), the age on the
 * event's day (for the result's band, not the date of birth).
 */
import { PAYMENT_STATUS_LABELS, type AppointmentStatus, type PaymentStatus } from './booking';
import type { FollowUpOutcome } from './follow-up';
import type { PsaBand } from './psa-band';
import type { PaymentProblem } from './staff-payments';

export interface Attendee {
  appointment_id: string;
  profile_id: number;
  first_name: string;
  last_name: string;
  /** HH:mm, UK wall-clock. */
  start_time: string;
  end_time: string;
  status: AppointmentStatus;
  payment_status: PaymentStatus;
  /** What the booking cost, in pence (0 for a free event). */
  price: number;
  /** What PayPal reported wrong about this booking's card payment, for staff to act on; null when nothing. */
  payment_problem: PaymentProblem | null;
  has_nhs_number: boolean;
  consent_given: boolean;
  /** Whole years on the event's date; null when no date of birth is on file. */
  age: number | null;
  /** ISO instant of arrival, or null. */
  checked_in_at: string | null;
  /**
   * The result, its band (the server's, from his age on the sample date;
   * null without a date of birth), for amber and red what followed
   * (ADR 0022), and when the next test is due. Optional parts may be
   * missing from a list saved on the phone by an earlier version.
   */
  result: {
    test_result: number;
    comments: string | null;
    sample_date: string | null;
    band?: PsaBand | null;
    follow_up?: FollowUpOutcome | null;
    recall?: AttendeeRecall;
  } | null;
}

/** When the next test is due after this result (docs/decisions/0017): as stored, by the rule alone, and staff's interval. */
export interface AttendeeRecall {
  next_test_due: string | null;
  /** What the rule gives without staff's interval (null: none, a red result or no band). */
  rule_next_test_due: string | null;
  months_override: number | null;
}

/**
 * The payment column in words. A free booking is stored as 'paid'
 * (docs/rules.md#payment: nothing is owed), which staff read as money taken: it
 * says Free.
 */
export function attendeePaymentLabel(attendee: Pick<Attendee, 'payment_status' | 'price'>): string {
  if (attendee.price === 0 && attendee.payment_status === 'paid') return 'Free';
  return PAYMENT_STATUS_LABELS[attendee.payment_status];
}

export interface AttendeeList {
  event_id: string;
  attendees: Attendee[];
}

/** One tap on a name: which appointment, and when (the phone's clock; sent later when queued offline). */
export interface CheckIn {
  appointment_id: string;
  checked_in_at: string;
}

export const CHECK_IN_OUTCOMES = ['recorded', 'already', 'cancelled', 'not_found'] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

export interface CheckInResult {
  appointment_id: string;
  outcome: CheckInOutcome;
  /** The arrival time the server holds (the first one recorded), when there is one. */
  checked_in_at: string | null;
}

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
};

/** The full name, printed on the list. */
export const attendeeName = (a: Pick<Attendee, 'first_name' | 'last_name'>) => `${a.first_name} ${a.last_name}`.trim();
