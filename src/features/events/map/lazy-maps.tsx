/**
 * The only way pages reach the maps: Leaflet and react-leaflet load in their
 * own chunk when a map is first drawn, never in the first-load bundle. A map
 * is drawn only in the browser: a page rendered on the server (and its
 * hydration) shows the map's placeholder, and the map follows once mounted
 * and within a screen's scroll of view. On a phone an event's map sits below
 * the address and directions; Leaflet and its tiles are not fetched, nor
 * its work done, for someone who never scrolls down to it.
 */
import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import { useInBrowser } from '@/lib/use-in-browser';
import type { ScreeningEvent } from '@/domain/event';

const EventsMapChunk = lazyWhenOnline(() => import('./events-map'));
const EventMapChunk = lazyWhenOnline(() => import('./event-map'));

/** How far outside the screen a map starts loading, so it is usually ready when scrolled to. */
const NEAR_VIEW_MARGIN = '400px';

/** Whether the element has come within NEAR_VIEW_MARGIN of the screen; it stays true from then on. */
function useNearView(ref: RefObject<HTMLElement | null>): boolean {
  // A browser with no IntersectionObserver draws the map at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

function MapRegion({ label, children }: { label: string; children: ReactNode }) {
  const region = useRef<HTMLElement>(null);
  const mounted = useInBrowser();
  const near = useNearView(region);
  const placeholder = <div className="map map-loading">Loading map…</div>;
  return (
    <section className="map-region" aria-label={label} ref={region} data-hydrate-on-view="">
      {mounted && near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
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
