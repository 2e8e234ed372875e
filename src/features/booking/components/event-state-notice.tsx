/**
 * What the slot step shows for an event closed to booking: the server's
 * own answer (GET /slots refused it as passed, full, closed or cancelled),
 * named the way the event card names it, and the way on. Nothing to book
 * is offered: no times, no Proceed, no consent form.
 */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { BOOKING_REFUSAL_MESSAGES, type BookingRefusal } from '@/domain/booking';
import { CARD_LABELS } from '@/domain/event-card';
import { errorCode } from '@/lib/api-client';

const TITLES = {
  event_passed: CARD_LABELS.passed,
  fully_booked: CARD_LABELS.full,
  booking_closed: CARD_LABELS.closed,
  event_cancelled: 'Event Cancelled',
} as const satisfies Partial<Record<BookingRefusal, string>>;

export type ClosedState = keyof typeof TITLES;

/** The closed state a refusal names, or null for any other error (or none). */
export function closedState(error: unknown): ClosedState | null {
  const code = errorCode(error);
  return code !== undefined && Object.hasOwn(TITLES, code) ? (code as ClosedState) : null;
}

export function EventStateNotice({ state }: { state: ClosedState }) {
  return (
    <section className="notice notice-error booking-closed" aria-labelledby="booking-state-title" role="alert">
      <h2 id="booking-state-title">{TITLES[state]}</h2>
      <p>{BOOKING_REFUSAL_MESSAGES[state]}</p>
      <p>
        <Link to={paths.bookEventMain}>See other events</Link>
      </p>
    </section>
  );
}
