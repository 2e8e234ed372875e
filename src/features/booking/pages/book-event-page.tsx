/**
 * /book-event?event=ID (docs/rules.md#booking): no member -> /login
 * (returning here), no event -> /events. The event is always fetched, so a
 * reload or a shared link works; then the slot and consent steps. An
 * account without a profile goes to the details step first, and back. A
 * member already booked for the event is told so, with his time, and
 * offered Change time instead (AlreadyBooked).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { paths, queryParams } from '@/lib/paths';
import { isNetworkError, isNotFound } from '@/lib/api-client';
import { CompleteProfileRedirect } from '@/lib/complete-profile-redirect';
import { isProfileMissing, profileQueryOptions } from '@/lib/member-profile-query';
import { useEvent } from '@/lib/get-event';
import { appointmentsQueryOptions } from '@/lib/my-appointments';
import { RequireMember } from '@/lib/require-member';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AlreadyBooked } from '../components/already-booked';
import { BookingSteps } from '../components/booking-steps';
import { closedState, EventStateNotice } from '../components/event-state-notice';
import '../booking.css';

interface BookEventProps {
  eventId: string;
  userId: string;
  offer: string | null;
  /** He came from My bookings' Change time: his booking's free times open at once. */
  changing: boolean;
}

function BookEvent({ eventId, userId, offer, changing }: BookEventProps) {
  const { data: event, error, refetch, isFetching } = useEvent(eventId);
  // The consent and the booking need the member's profile: an account without one gives it first.
  const profile = useQuery(profileQueryOptions(userId));
  // His bookings, to find one for this event; if they cannot be read, the server still refuses a second booking.
  const mine = useQuery(appointmentsQueryOptions(userId));
  const booked = mine.data?.find((a) => a.event_id === eventId && a.status === 'confirmed');
  if (isProfileMissing(profile.error)) return <CompleteProfileRedirect />;
  if (isNotFound(error)) {
    return (
      <>
        <h1>Event not found</h1>
        <p>
          <Link to={paths.bookEventMain}>See all upcoming events</Link>
        </p>
      </>
    );
  }
  // A link to an event the charity has since cancelled: the server says so (410), and nothing is offered.
  const closed = closedState(error);
  if (closed) {
    return (
      <>
        <h1>Book your appointment</h1>
        <EventStateNotice state={closed} />
      </>
    );
  }
  // Offline the check waits (paused) and the steps say booking needs a connection; it runs when the signal is back.
  if (event && mine.isPending && mine.fetchStatus !== 'paused') return <Spinner label="Checking your bookings…" />;
  if (event) {
    return (
      <>
        <h1>{booked && changing ? 'Change your time' : 'Book your appointment'}</h1>
        <p className="booking-event-name">{event.event_name}</p>
        {booked ? (
          <AlreadyBooked key={booked.appointment_id} event={event} appointment={booked} userId={userId} changeNow={changing} />
        ) : (
          // Keyed by event: another event's link opened from here starts its own draft.
          <BookingSteps key={event.event_id} event={event} userId={userId} offer={offer} />
        )}
      </>
    );
  }
  if (error) {
    return (
      <>
        <h1>Book your appointment</h1>
        <div className="notice notice-error" role="alert">
          <p>
            {isNetworkError(error)
              ? 'You may be offline, and this event has not been saved on this device yet. Check your connection and try again.'
              : 'An unexpected error occurred. Please try again later.'}
          </p>
          <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Trying again…' : 'Try again'}
          </button>
        </div>
      </>
    );
  }
  return <Spinner label="Loading event…" />;
}

export default function BookEventPage() {
  useDocumentTitle('Book your appointment');
  const [params] = useSearchParams();
  const eventId = params.get(queryParams.event) ?? '';
  // A waiting-list offer's link: the slot choice includes the place held for him.
  const offer = params.get(queryParams.offer);
  const changing = params.has(queryParams.change);
  return (
    <div className="page booking-page">
      <RequireMember>
        {(member) =>
          eventId ? <BookEvent eventId={eventId} userId={member.userId} offer={offer} changing={changing} /> : <Navigate to={paths.events} replace />
        }
      </RequireMember>
    </div>
  );
}
