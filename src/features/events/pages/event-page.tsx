/**
 * /event/:id. The event from the card (or a saved list) fills the page at
 * once; the server's copy always replaces it, so links and reloads work.
 */
import { Link, useLocation, useParams } from 'react-router-dom';
import { useEvent } from '@/lib/get-event';
import { EventDetails } from '../components/event-details';
import { errorCode, isNetworkError, isNotFound } from '@/lib/api-client';
import { BOOKING_REFUSAL_MESSAGES } from '@/domain/booking';
import { paths } from '@/lib/paths';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { type ScreeningEvent } from '@/domain/event';
import '../events.css';
import '../event-detail.css';

export default function EventPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const passed = (location.state as { event?: ScreeningEvent } | null)?.event;
  const { data: event, error: finalError, failureReason, refetch, isFetching } = useEvent(id, passed);
  // While retries are still pending (or paused offline) the last failure is the news.
  const error = finalError ?? failureReason;
  const now = useNow();
  const notFound = isNotFound(error);
  const cancelled = errorCode(error) === 'event_cancelled';

  useDocumentTitle(cancelled ? 'Event cancelled' : notFound ? 'Event not found' : (event?.event_name ?? 'Screening event'));

  if (cancelled) {
    return (
      <div className="page">
        <h1>Event cancelled</h1>
        <p>{BOOKING_REFUSAL_MESSAGES.event_cancelled}</p>
        <p>
          <Link to={paths.bookEventMain}>See all upcoming events</Link>
        </p>
      </div>
    );
  }

  if (notFound) {
    return (
      <div className="page">
        <h1>Event not found</h1>
        <p>This event may have been removed, or the link may be wrong.</p>
        <p>
          <Link to={paths.bookEventMain}>See all upcoming events</Link>
        </p>
      </div>
    );
  }

  if (event) {
    return (
      <div className="page">
        <EventDetails event={event} now={now} />
      </div>
    );
  }

  if (error) {
    return (
      <div className="page">
        <h1>We couldn't load this event</h1>
        <div className="notice notice-error" role="alert">
          <p>
            {isNetworkError(error)
              ? 'You may be offline, and this event has not been saved on this device yet. Check your connection and try again.'
              : error.message}
          </p>
          <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Trying again…' : 'Try again'}
          </button>
        </div>
        <p>
          <Link to={paths.bookEventMain}>See all upcoming events</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="page">
      <h1 className="visually-hidden">Screening event</h1>
      <Spinner label="Loading event…" />
    </div>
  );
}
