/**
 * The listing's results: a spinner for at least LIST_SPINNER_MS, then the
 * events by start time (or 'No upcoming events found') beside the map.
 * Mounted afresh for each search, so every search shows the spinner again.
 */
import { useEffect } from 'react';
import { useEvents } from '../api/get-events';
import type { EventsQueryRecord } from '../../../lib/event-keys';
import { EventsMap } from '../map/lazy-maps';
import { byStart, mappable } from '../sort';
import { env } from '../../../lib/env';
import { isNetworkError } from '../../../lib/api-client';
import { Spinner } from '../../../lib/ui/spinner';
import { useElapsed, useNow } from '../../../lib/use-now';
import { EventList } from './event-list';

/** SPEC.md section 9: the event list's spinner shows for 1.5 seconds. */
export const LIST_SPINNER_MS = 1500;
const PREFETCH_DELAY_MS = 1000;

export function EventResults({ query }: { query: EventsQueryRecord }) {
  const { data, error: finalError, failureReason, refetch, isFetching } = useEvents(query);
  const error = finalError ?? failureReason;
  const spinnerDone = useElapsed(LIST_SPINNER_MS);
  const now = useNow();
  const events = data ? byStart(data) : undefined;
  const onMap = events ? mappable(events, now) : [];
  const mapKey = onMap.map((e) => e.event_id).join(',');

  useEffect(() => {
    if (!env.tilesPrefetch || onMap.length === 0) return;
    // After the page has settled; the module loads only when prefetching is on.
    const timer = window.setTimeout(() => {
      void import('../map/prefetch-tiles').then((m) => m.prefetchTiles(onMap));
    }, PREFETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // Prefetch once per distinct set of events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mapKey]);

  const loading = !spinnerDone || (!events && !error);
  const status = loading ? (
    <Spinner label="Loading events…" announce={false} />
  ) : events?.length === 0 ? (
    'No upcoming events found'
  ) : events ? (
    `${events.length} ${events.length === 1 ? 'event' : 'events'} found`
  ) : null;

  return (
    <div className="results" aria-busy={loading}>
      <div className="results-status" role="status">
        {status}
      </div>
      {!loading && !events && (
        <div className="notice notice-error" role="alert">
          <p>
            {isNetworkError(error)
              ? "We couldn't load the events. You may be offline: check your connection and try again."
              : `We couldn't load the events: ${error?.message ?? 'unknown error'}.`}
          </p>
          <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Trying again…' : 'Try again'}
          </button>
        </div>
      )}
      {!loading && events && (
        <div className="results-with-map">
          <div className="results-list">
            {events.length > 0 && <EventList events={events} now={now} label="Screening events" />}
          </div>
          <div className="results-map">
            <EventsMap events={onMap} />
          </div>
        </div>
      )}
    </div>
  );
}
