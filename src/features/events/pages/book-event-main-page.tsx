/** /book-event-main: search screening events, see them listed and on a map. */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { eventKeys } from '@/lib/event-keys';
import { EventResults } from '../components/event-results';
import { FilterCard } from '../components/filter-card';
import { ImportantNotice } from '../components/important-notice';
import { eventsFromSearch, formFromSearch, queryFromSearch } from '../filters';
import { paths } from '@/lib/paths';
import { eventsQuery, type EventFilters } from '@/domain/event-filters';
import { useDocumentTitle } from '@/lib/use-document-title';
import '../events.css';

export default function BookEventMainPage() {
  useDocumentTitle('Book a screening event');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = queryFromSearch(searchParams);
  const queryKey = new URLSearchParams(query).toString();
  // A recall invitation's link names its events: the listing shows exactly those, signed in or not.
  const chosen = eventsFromSearch(searchParams);

  const queryClient = useQueryClient();

  function search(filters: EventFilters) {
    const next = eventsQuery(filters);
    // The same search again means "check for changes", not "do nothing".
    if (new URLSearchParams(next).toString() === queryKey) void queryClient.invalidateQueries({ queryKey: eventKeys.list(query) });
    else setSearchParams(next);
  }

  const filters = (
    <div className="events-intro">
      <FilterCard key={`filters?${searchParams.toString()}`} initial={formFromSearch(searchParams)} onSearch={search} />
      <ImportantNotice />
    </div>
  );

  // A recall invitation's link opens on his events, in the email's order (nearest to him first), with the search below.
  if (chosen) {
    return (
      <div className="page events-page">
        <h1>Events chosen for you</h1>
        <p className="lead chosen-events-note">
          The events in the link you followed, nearest to where you were last tested first.{' '}
          <Link to={paths.bookEventMain}>Show all upcoming events</Link>
        </p>
        <EventResults key={queryKey} query={query} />
        <h2 className="results-heading">Search all events</h2>
        {filters}
      </div>
    );
  }

  return (
    <div className="page events-page">
      <h1>Book a screening event</h1>
      <p className="lead">
        Find a PSA screening event near you. Search by date or by place, then choose BOOK on the event you want.
      </p>
      {filters}
      <h2 className="results-heading" data-hydrate-on-view="">Upcoming events</h2>
      <EventResults key={queryKey} query={query} />
    </div>
  );
}
