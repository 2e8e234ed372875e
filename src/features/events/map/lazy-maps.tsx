/**
 * The only way pages reach the maps: Leaflet and react-leaflet load in their
 * own chunk when a map is first drawn, never in the first-load bundle.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { ScreeningEvent } from '../../../domain/event';

const EventsMapChunk = lazy(() => import('./events-map'));
const EventMapChunk = lazy(() => import('./event-map'));

function MapRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="map-region" aria-label={label}>
      <Suspense fallback={<div className="map map-loading">Loading map…</div>}>{children}</Suspense>
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
