/**
 * The home page's UPCOMING EVENTS: events not yet started, soonest first,
 * and SEE MORE to the events overview.
 */
import { Link } from 'react-router-dom';
import { useEvents } from '../api/get-events';
import { notStarted } from '../sort';
import { paths } from '@/lib/paths';
import { Spinner } from '@/lib/ui/spinner';
import { useNow } from '@/lib/use-now';
import { EventList } from './event-list';
import '../events.css';

const HOME_EVENT_COUNT = 3;
const ALL_EVENTS = {};

export function UpcomingEvents() {
  const { data, error, failureReason } = useEvents(ALL_EVENTS);
  const now = useNow();
  const upcoming = data ? notStarted(data, now).slice(0, HOME_EVENT_COUNT) : undefined;
  const problem = error ?? failureReason;

  return (
    <section className="upcoming-events" aria-labelledby="upcoming-events-title" data-hydrate-on-view="">
      <h2 id="upcoming-events-title" className="section-title">
        Upcoming events
      </h2>
      {!upcoming && !problem && <Spinner label="Loading events…" />}
      {!upcoming && problem && (
        <p className="notice notice-error">
          We couldn't load the upcoming events just now. <Link to={paths.bookEventMain}>Try the events page</Link>.
        </p>
      )}
      {upcoming && upcoming.length === 0 && <p>No upcoming events found</p>}
      {upcoming && upcoming.length > 0 && (
        <EventList events={upcoming} now={now} label="Upcoming screening events" headingLevel="h3" />
      )}
      <p className="section-more">
        <Link to={paths.events} className="button button-secondary">
          SEE MORE<span className="visually-hidden"> screening events</span>
        </Link>
      </p>
    </section>
  );
}
