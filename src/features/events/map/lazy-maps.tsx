/**
 * The only way pages reach the maps: Leaflet and react-leaflet load in their
 * own chunk when a map is first drawn, never in the first-load bundle. A map
 * is drawn only in the browser: a page rendered on the server (and its
 * hydration) shows the map's placeholder, and the map follows once mounted.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useInBrowser } from '../../../lib/use-in-browser';
import type { ScreeningEvent } from '../../../domain/event';

const EventsMapChunk = lazy(() => import('./events-map'));
const EventMapChunk = lazy(() => import('./event-map'));

function MapRegion({ label, children }: { label: string; children: ReactNode }) {
  const mounted = useInBrowser();
  const placeholder = <div className="map map-loading">Loading map…</div>;
  return (
    <section className="map-region" aria-label={label}>
      {mounted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </section>
  );
}

export function EventsMap({ events }: { events: readonly ScreeningEvent[] }) {
  return (
    <MapRegion label="Map of upcoming events">
      <EventsMapChunk events={events} />
    </MapRegion>
  );
}

export function EventMap({ event }: { event: ScreeningEvent }) {
  return (
    <MapRegion label={`Map of the venue for ${event.event_name}`}>
      <EventMapChunk event={event} />
    </MapRegion>
  );
}
