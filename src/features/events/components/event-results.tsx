/**
 * The listing's results: a spinner for at least LIST_SPINNER_MS, then the
 * events by start time (or 'No upcoming events found') beside the map.
 * Mounted afresh for each search, so every search shows the spinner again.
 * On a phone the list and the map do not fit side by side, and a map below
 * a long list was thousands of pixels down: there, List and Map are a
 * choice at the top of the results, and the map (and its code) loads only
 * once Map is chosen.
 */
import { useEffect, useState } from 'react';
import { useEvents } from '../api/get-events';
import type { EventsQueryRecord } from '@/lib/event-keys';
import { EventsMap } from '../map/lazy-maps';
import { mappable, notEnded, notEndedInOrder } from '../sort';
import { EVENTS_PARAM } from '@/domain/event-filters';
import { env } from '@/lib/env';
import { isNetworkError } from '@/lib/api-client';
import { Spinner } from '@/lib/ui/spinner';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useElapsed, useNow } from '@/lib/use-now';
import { EventList } from './event-list';

/** docs/rules.md#display-details: the event list's spinner shows for 1.5 seconds. */
export const LIST_SPINNER_MS = 1500;
const PREFETCH_DELAY_MS = 1000;

export function EventResults({ query }: { query: EventsQueryRecord }) {
  const { data, error: finalError, failureReason, refetch, isFetching } = useEvents(query);
  const error = finalError ?? failureReason;
  const spinnerDone = useElapsed(LIST_SPINNER_MS);
  const now = useNow();
  // Events named by a link (a recall invitation's) keep the link's order, nearest to him first; a search is soonest first.
  const events = data ? (query[EVENTS_PARAM] ? notEndedInOrder(data, now) : notEnded(data, now)) : undefined;
  const onMap = events ? mappable(events, now) : [];
  const mapKey = onMap.map((e) => e.event_id).join(',');
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [view, setView] = useState<'list' | 'map'>('list');
  const showList = !narrow || view === 'list';
  const showMap = !narrow || view === 'map';

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
      {!loading && events && narrow && events.length > 0 && (
        <div className="view-choice" role="group" aria-label="Show events as">
          {(['list', 'map'] as const).map((choice) => (
            <button key={choice} type="button" className="button" aria-pressed={view === choice} onClick={() => setView(choice)}>
              {choice === 'list' ? 'List' : 'Map'}
            </button>
          ))}
        </div>
      )}
      {!loading && events && (
        <div className="results-with-map">
          {showList && <div className="results-list">{events.length > 0 && <EventList events={events} now={now} label="Screening events" />}</div>}
          {showMap && (
            <div className="results-map">
              <EventsMap events={onMap} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
